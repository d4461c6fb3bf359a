package dev.crashkit.symbolicator.batch;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.symbolicate.format.FileBytes;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.locate.ArchiveLimits;
import dev.crashkit.symbolicate.locate.Archives;
import dev.crashkit.symbolicator.InputLimits;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import dev.crashkit.symbolicate.report.xccrashpoint.XcCrashPoint;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * Expands batch arguments into reports, one at a time: files as they are, folders recursively
 * (sorted, so runs are repeatable), and archives (zip, tar, tar.gz) member by member. Each input is
 * handed to a {@link Sink} as soon as it is found; the sink blocks while the workers are busy, so
 * only a few archive members are ever held in memory, however many the archive has. Whatever cannot
 * be read becomes an input that fails with the reason, never a silently dropped report.
 */
final class BatchInputs {

    /** Receives the inputs in order; may block until a worker is free. */
    @FunctionalInterface
    interface Sink {
        void accept(BatchInput input) throws InterruptedException;
    }

    private final long maxBytes;
    private final Sink sink;

    private BatchInputs(long maxBytes, Sink sink) {
        this.maxBytes = maxBytes;
        this.sink = sink;
    }

    /** Fails before anything is written when an argument does not exist (a typo, not a bad report). */
    static void checkExist(List<Path> args) throws CrashkitException {
        for (Path p : args) {
            if (!Files.exists(p)) {
                throw new CrashkitException(p + ": no such file or folder");
            }
        }
    }

    /** Hands every report named by {@code args} to {@code sink}, reports over {@code limits.maxBytes()} as failures. */
    static void forEach(List<Path> args, InputLimits limits, Sink sink) throws InterruptedException {
        BatchInputs inputs = new BatchInputs(limits.maxBytes(), sink);
        for (Path p : args) {
            if (Files.isDirectory(p)) {
                inputs.folder(p);
            } else {
                inputs.file(p, safeName(p.getFileName().toString()));
            }
        }
    }

    private void folder(Path dir) throws InterruptedException {
        List<Path> files;
        Path root;
        try {
            // A folder given as a symbolic link is walked (Files.walk alone would list the link only);
            // links inside it are not followed.
            root = Files.isSymbolicLink(dir) ? dir.toRealPath() : dir;
        } catch (IOException e) {
            sink.accept(failing(safeName(dir.getFileName() + "/"), dir + ": cannot list folder: " + e.getMessage()));
            return;
        }
        java.util.Set<Path> crashPoints = new java.util.HashSet<>();
        // The attributes the walk reads anyway (not following links) decide what each entry is: one
        // stat per file, not three (the walk's, then isDirectory's and isRegularFile's; BENCHMARKS.md,
        // batch into one image, sixth pass). A link is still followed to see whether it leads to a file.
        try (Stream<Path> s = Files.find(root, Integer.MAX_VALUE, (p, attributes) -> {
            if (attributes.isDirectory()) {
                if (XcCrashPoint.isBundle(p)) {
                    crashPoints.add(p);
                }
                return false;
            }
            return attributes.isRegularFile() || attributes.isSymbolicLink() && Files.isRegularFile(p);
        })) {
            List<Path> regular = s.toList();
            files = regular.stream().filter(f -> aReport(f, root, crashPoints)).sorted().toList();
        } catch (IOException | java.io.UncheckedIOException e) {
            sink.accept(failing(safeName(dir.getFileName() + "/"), dir + ": cannot list folder: " + e.getMessage()));
            return;
        }
        for (Path f : files) {
            file(f, safeName(root.relativize(f).toString()));
        }
    }

    /**
     * Inside an Xcode crash point only its logs are reports (its PointInfo.json and
     * DistributionInfo.json are not); every other file is read and detected by content.
     */
    private static boolean aReport(Path file, Path root, java.util.Set<Path> crashPoints) {
        if (crashPoints.isEmpty()) {
            return true;
        }
        for (Path d = file.getParent(); d != null && d.startsWith(root); d = d.getParent()) {
            if (crashPoints.contains(d)) {
                return XcCrashPoint.isLog(d, file);
            }
        }
        return true;
    }

    private void file(Path file, String name) throws InterruptedException {
        byte[] head;
        try {
            head = FileBytes.head(file, 512);
        } catch (IOException e) {
            sink.accept(failing(name, file + ": cannot read: " + e.getMessage()));
            return;
        }
        if (Archives.matches(head)) {
            archive(file, head, name);
        } else {
            // Read by the worker when its turn comes; the size is checked before reading.
            sink.accept(new BatchInput(name, () -> read(file)));
        }
    }

    /**
     * The bytes of report {@code file}, refused unread when its size is over the limit: the size is the
     * opened file's (one open, no stat of the path before it), and a file that grows meanwhile is read
     * up to the limit, no further.
     */
    private byte[] read(Path file) throws IOException {
        try (SeekableByteChannel channel = Files.newByteChannel(file);
             InputStream in = Channels.newInputStream(channel)) {
            long size = channel.size();
            if (size > maxBytes) {
                throw tooLarge(file, size);
            }
            byte[] data = new byte[(int) size];
            int n = in.readNBytes(data, 0, data.length);
            if (n < data.length) {
                return Arrays.copyOf(data, n); // shrank since it was opened
            }
            int next = in.read();
            if (next < 0) {
                return data;
            }
            // Grew since it was opened: the rest, up to one byte over the limit.
            byte[] rest = in.readNBytes((int) (maxBytes - size));
            long total = size + 1 + rest.length;
            if (total > maxBytes) {
                throw tooLarge(file, total);
            }
            byte[] all = Arrays.copyOf(data, (int) total);
            all[(int) size] = (byte) next;
            System.arraycopy(rest, 0, all, (int) size + 1, rest.length);
            return all;
        }
    }

    private IOException tooLarge(Path file, long size) {
        return new IOException(file + ": report too large (" + size + " bytes, limit " + maxBytes
                + "; see --max-report-size)");
    }

    /**
     * Each regular member becomes one input named {@code archive/member}, read (up to the size limit,
     * counting the bytes it really expands to) only when the sink takes it. Members the archive rules
     * refuse (links, path traversal, oversize, bombs) become failed inputs.
     */
    private void archive(Path archive, byte[] head, String name) throws InterruptedException {
        ArchiveLimits limits = new ArchiveLimits(maxBytes, ArchiveLimits.defaults().maxRatio(),
                ArchiveLimits.defaults().maxMembers());
        InterruptedException[] interrupted = new InterruptedException[1];
        try {
            // A refused member is listed under its own name (a folder-level problem under the archive's).
            Archives.MemberProblems refusals = (member, why) -> deliver(failing(member == null ? name
                    : name + "/" + safeName(member.name()), why), interrupted);
            Archives.forEachMember(archive, head, limits, refusals, (member, in) -> {
                        String memberName = name + "/" + safeName(member.name());
                        BatchInput input;
                        try {
                            byte[] data = in.readNBytes((int) maxBytes + 1);
                            input = data.length > maxBytes
                                    ? failing(memberName, member + ": report too large (limit " + maxBytes
                                            + " bytes; see --max-report-size)")
                                    : new BatchInput(memberName, () -> data, true);
                        } catch (IOException e) {
                            // One bad member (corrupt data, a bomb) fails alone; the next ones are still read.
                            input = failing(memberName, e.getMessage());
                        } catch (OutOfMemoryError e) {
                            input = failing(memberName, member + ": out of memory while reading it (heap "
                                    + (Runtime.getRuntime().maxMemory() >> 20) + " MB; see --max-report-size)");
                        }
                        deliver(input, interrupted);
                        if (interrupted[0] != null) {
                            throw new IOException("interrupted");
                        }
                    });
        } catch (CrashkitException e) {
            if (interrupted[0] == null) {
                deliver(failing(name, e.getMessage()), interrupted);
            }
        }
        if (interrupted[0] != null) {
            throw interrupted[0];
        }
    }

    /** Passes an input on from inside an archive callback, which cannot throw InterruptedException. */
    private void deliver(BatchInput input, InterruptedException[] interrupted) {
        if (interrupted[0] != null) {
            return;
        }
        try {
            sink.accept(input);
        } catch (InterruptedException e) {
            interrupted[0] = e;
        }
    }

    private static BatchInput failing(String name, String why) {
        return new BatchInput(name, () -> {
            throw new IOException(why);
        });
    }

    /** A relative, '/'-separated path with no "..", no root, no empty or control-character parts. */
    static String safeName(String name) {
        List<String> parts = new ArrayList<>();
        for (String part : name.replace('\\', '/').split("/")) {
            if (part.isEmpty() || part.equals(".") || part.equals("..")) {
                continue;
            }
            parts.add(withoutControls(part));
        }
        return parts.isEmpty() ? "report" : String.join("/", parts);
    }

    /**
     * {@code part} with control characters ({@code \p{Cntrl}}: U+0000-U+001F, U+007F) and ':' as '_';
     * a loop, not {@code replaceAll}, which compiled its pattern again for every listed file.
     */
    private static String withoutControls(String part) {
        char[] cs = null;
        for (int i = 0; i < part.length(); i++) {
            char c = part.charAt(i);
            if (c < 0x20 || c == 0x7f || c == ':') {
                if (cs == null) {
                    cs = part.toCharArray();
                }
                cs[i] = '_';
            }
        }
        return cs == null ? part : new String(cs);
    }
}
