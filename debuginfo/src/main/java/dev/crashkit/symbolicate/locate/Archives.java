package dev.crashkit.symbolicate.locate;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.ObjectFormatException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BiConsumer;
import org.apache.commons.compress.archivers.ArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

/**
 * Lists debug files inside zip, tar and gzip-compressed tar archives without extracting them
 * (only each member's headers are read), and extracts single members on demand.
 *
 * <p>Members are never written under their own names, so path traversal ("zip slip") cannot
 * escape the cache; such names, symbolic links and members whose declared or actual size
 * breaks {@link ArchiveLimits} are refused with a warning naming the archive and member.
 */
public final class Archives {

    /** A member that holds at least one identified slice. */
    public record Listed(ArchiveMember member, List<SliceId> slices) {
    }

    private enum Kind { ZIP, TAR, TGZ }

    private Archives() {
    }

    /** True when the first bytes are a zip, gzip or tar header. */
    public static boolean matches(byte[] head) {
        return kind(head) != null;
    }

    private static Kind kind(byte[] h) {
        if (h.length >= 4 && h[0] == 'P' && h[1] == 'K' && (h[2] == 3 || h[2] == 5) && (h[3] == 4 || h[3] == 6)) {
            return Kind.ZIP;
        }
        if (h.length >= 2 && (h[0] & 0xff) == 0x1f && (h[1] & 0xff) == 0x8b) {
            return Kind.TGZ;
        }
        if (h.length >= 262 && h[257] == 'u' && h[258] == 's' && h[259] == 't' && h[260] == 'a' && h[261] == 'r') {
            return Kind.TAR;
        }
        return null;
    }

    /** Lists the Mach-O and Breakpad symbol file members of an archive with their identities. */
    public static List<Listed> list(Path archive, byte[] head, ArchiveLimits limits, Diagnostics diagnostics)
            throws CrashkitException {
        List<Listed> out = new ArrayList<>();
        visit(archive, head, limits, (m, problem) -> diagnostics.warn(problem), (member, in) -> {
            try {
                // Sixteen bytes pushed back, not a buffered stream: an archive of many small members
                // must not cost a buffer each.
                java.io.PushbackInputStream b = new java.io.PushbackInputStream(in, 16);
                byte[] first = b.readNBytes(16);
                b.unread(first);
                List<SliceId> ids = dev.crashkit.symbolicate.breakpad.SymbolFilePeek.matches(first)
                        ? SymbolFileSlice.read(b, member.displayPath().toString(), diagnostics)
                        : MachOPeek.read(b, member.displayPath());
                if (!ids.isEmpty()) {
                    out.add(new Listed(member, ids));
                }
            } catch (ObjectFormatException e) {
                diagnostics.warn("skipping " + oneLine(e.getMessage()));
            } catch (IOException e) {
                diagnostics.warn("skipping " + member.displayPath() + ": " + oneLine(e.getMessage()));
            }
        }, null);
        return out;
    }

    /** Copies one member to {@code target} (which must not exist), enforcing the size limit while copying. */
    public static void extract(ArchiveMember member, Path target, ArchiveLimits limits) throws CrashkitException {
        byte[] head;
        try {
            head = dev.crashkit.symbolicate.format.FileBytes.head(member.archive(), 512);
        } catch (IOException e) {
            throw new CrashkitException(member.archive() + ": cannot read: " + e.getMessage(), e);
        }
        IOException[] failure = new IOException[1];
        boolean[] found = new boolean[1];
        visit(member.archive(), head, limits, (m, problem) -> { }, (m, in) -> {
            found[0] = true;
            try (var os = Files.newOutputStream(target)) {
                byte[] buf = new byte[1 << 16];
                long total = 0;
                int n;
                while ((n = in.read(buf)) > 0) {
                    total += n;
                    if (total > limits.maxMemberBytes()) {
                        throw new IOException("expands past the " + limits.maxMemberBytes() + "-byte limit (archive bomb?)");
                    }
                    os.write(buf, 0, n);
                }
            } catch (IOException e) {
                failure[0] = e;
            }
        }, member.name());
        if (failure[0] != null) {
            try {
                Files.deleteIfExists(target);
            } catch (IOException ignored) {
                // Best effort: a partial file in the cache is removed or overwritten next time.
            }
            throw new CrashkitException(member + ": " + failure[0].getMessage(), failure[0]);
        }
        if (!found[0]) {
            throw new CrashkitException(member + ": no such member (archive changed?)");
        }
    }

    /** Members refused or skipped, with a one-line message; {@code member} is null for the archive as a whole. */
    @FunctionalInterface
    public interface MemberProblems {
        void report(ArchiveMember member, String message);
    }

    /** Receives one member's content; the stream is only valid during the call. */
    @FunctionalInterface
    public interface MemberVisitor {
        void visit(ArchiveMember member, InputStream content) throws IOException;
    }

    /**
     * Calls {@code visitor} for every regular member that passes the safety rules, in archive
     * order; refused members are reported to {@code diagnostics}. Used for archives of reports.
     */
    public static void forEachMember(Path archive, byte[] head, ArchiveLimits limits, Diagnostics diagnostics,
                                     MemberVisitor visitor) throws CrashkitException {
        forEachMember(archive, head, limits, (m, problem) -> diagnostics.warn(problem), visitor);
    }

    /** As above, telling {@code problems} which member each refusal is about (so a batch can list it by name). */
    public static void forEachMember(Path archive, byte[] head, ArchiveLimits limits, MemberProblems problems,
                                     MemberVisitor visitor) throws CrashkitException {
        IOException[] failure = new IOException[1];
        visit(archive, head, limits, problems, (m, in) -> {
            if (failure[0] == null) {
                try {
                    visitor.visit(m, in);
                } catch (IOException e) {
                    failure[0] = e;
                }
            }
        }, null);
        if (failure[0] != null) {
            throw new CrashkitException(archive + ": " + failure[0].getMessage(), failure[0]);
        }
    }

    /** Calls {@code action} for each acceptable regular member (or only the one named {@code only}). */
    private static void visit(Path archive, byte[] head, ArchiveLimits limits, MemberProblems problems,
                              BiConsumer<ArchiveMember, InputStream> action, String only) throws CrashkitException {
        Kind kind = kind(head);
        if (kind == null) {
            throw new CrashkitException(archive + ": not a zip, tar or tar.gz archive");
        }
        try {
            if (kind == Kind.ZIP) {
                visitZip(archive, limits, problems, action, only);
            } else {
                visitTar(archive, kind == Kind.TGZ, limits, problems, action, only);
            }
        } catch (IOException e) {
            throw new CrashkitException(archive + ": unreadable archive: " + e.getMessage(), e);
        }
    }

    private static void visitZip(Path archive, ArchiveLimits limits, MemberProblems problems,
                                 BiConsumer<ArchiveMember, InputStream> action, String only) throws IOException {
        try (ZipFile zip = ZipFile.builder().setPath(archive).get()) {
            int count = 0;
            for (ZipArchiveEntry e : Collections.list(zip.getEntries())) {
                if (++count > limits.maxMembers()) {
                    problems.report(null, archive + ": more than " + limits.maxMembers() + " members, stopped listing");
                    return;
                }
                if (only != null && !only.equals(e.getName())) {
                    continue;
                }
                ArchiveMember m = new ArchiveMember(archive, e.getName());
                if (e.isDirectory() || refused(m, e, e.isUnixSymlink(), e.getCompressedSize(), limits, problems)) {
                    continue;
                }
                // The declared sizes were checked above; the real ones are counted while reading.
                try (InputStream in = new ExpansionLimit(zip.getInputStream(e), m.toString(), limits.maxMemberBytes(),
                        e.getCompressedSize(), limits.maxRatio())) {
                    action.accept(m, in);
                } catch (IOException | RuntimeException bad) {
                    // A corrupt member (bad compressed data, an unsupported method; commons-compress may
                    // also throw unchecked on hostile bytes) spoils only itself when listing.
                    if (only != null) {
                        throw bad;
                    }
                    problems.report(m, "skipping " + m + ": " + (bad instanceof IOException && bad.getMessage() != null
                            ? bad.getMessage() : "corrupt member (" + bad + ")"));
                }
            }
        }
    }

    private static void visitTar(Path archive, boolean gzip, ArchiveLimits limits, MemberProblems problems,
                                 BiConsumer<ArchiveMember, InputStream> action, String only) throws IOException {
        InputStream raw = new BufferedInputStream(Files.newInputStream(archive), 1 << 16);
        // A tar member's size is exact, but a gzip stream may inflate to far more than the archive
        // holds: the whole stream is held to the ratio limit. Commons Compress's own runtime
        // failures on a damaged stream become unreadable-archive errors (LibraryFailures).
        try (InputStream in = new LibraryFailures(gzip ? new ExpansionLimit(new GzipCompressorInputStream(raw, true),
                archive.toString(), Long.MAX_VALUE, Files.size(archive), limits.maxRatio()) : raw);
             TarArchiveInputStream tar = new TarArchiveInputStream(in)) {
            int count = 0;
            TarArchiveEntry e;
            while ((e = nextEntry(tar)) != null) {
                if (++count > limits.maxMembers()) {
                    problems.report(null, archive + ": more than " + limits.maxMembers() + " members, stopped listing");
                    return;
                }
                if (only != null && !only.equals(e.getName())) {
                    continue;
                }
                ArchiveMember m = new ArchiveMember(archive, e.getName());
                if (e.getSize() > limits.maxMemberBytes()) {
                    // A stream cannot jump over it: skipping means decompressing all of it. Stop here.
                    problems.report(m, "refusing " + m.displayPath() + ": declares " + e.getSize() + " bytes, over the "
                            + limits.maxMemberBytes() + "-byte limit; the rest of the archive is not read");
                    return;
                }
                boolean link = e.isSymbolicLink() || e.isLink();
                if (e.isDirectory() || (!e.isFile() && !link)
                        || refused(m, e, link, -1, limits, problems)) {
                    continue;
                }
                try {
                    action.accept(m, new NonClosing(tar));
                } catch (RuntimeException bad) {
                    // The reader of one member failed on its bytes; the tar stream itself is fine
                    // (the next getNextEntry skips what is left of the member).
                    if (only != null) {
                        throw bad;
                    }
                    problems.report(m, "skipping " + m + ": corrupt member (" + bad + ")");
                }
            }
        }
    }

    /** Commons Compress signals some corrupt headers with runtime exceptions: they are unreadable archives. */
    private static TarArchiveEntry nextEntry(TarArchiveInputStream tar) throws IOException {
        try {
            return tar.getNextEntry();
        } catch (IllegalArgumentException | IllegalStateException | IndexOutOfBoundsException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** A warning is one line: messages quoting member names or bytes get their control characters replaced. */
    private static String oneLine(String message) {
        return String.valueOf(message).replaceAll("[\\p{Cntrl}\u2028\u2029]", "?");
    }

    /**
     * Turns the runtime exceptions a decompressor throws on corrupt data (a gzip header field with a
     * negative length, say) into the IOException every reader of a member already handles.
     */
    private static final class LibraryFailures extends java.io.FilterInputStream {
        LibraryFailures(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } catch (IllegalArgumentException | IllegalStateException | IndexOutOfBoundsException e) {
                throw new IOException("corrupt compressed data: " + e.getMessage(), e);
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return super.read(b, off, len);
            } catch (IllegalArgumentException | IllegalStateException | IndexOutOfBoundsException e) {
                throw new IOException("corrupt compressed data: " + e.getMessage(), e);
            }
        }

        @Override
        public long skip(long n) throws IOException {
            try {
                return super.skip(n);
            } catch (IllegalArgumentException | IllegalStateException | IndexOutOfBoundsException e) {
                throw new IOException("corrupt compressed data: " + e.getMessage(), e);
            }
        }
    }

    /** Applies the safety rules to one member; true (with a warning) when it must not be read. */
    private static boolean refused(ArchiveMember m, ArchiveEntry e, boolean link, long compressed,
                                   ArchiveLimits limits, MemberProblems problems) {
        String name = e.getName();
        if (link) {
            problems.report(m, "refusing " + m.displayPath() + ": symbolic or hard link (could point outside the archive)");
            return true;
        }
        if (name.startsWith("/") || name.startsWith("\\") || name.matches("^[A-Za-z]:.*")
                || List.of(name.split("[/\\\\]")).contains("..")) {
            problems.report(m, "refusing " + m.displayPath() + ": path leaves the archive (path traversal)");
            return true;
        }
        long size = e.getSize();
        if (size > limits.maxMemberBytes()) {
            problems.report(m, "refusing " + m.displayPath() + ": declares " + size + " bytes, over the "
                    + limits.maxMemberBytes() + "-byte limit");
            return true;
        }
        if (compressed > 0 && size > 0 && size / compressed > limits.maxRatio()) {
            problems.report(m, "refusing " + m.displayPath() + ": expands " + size / compressed + "x (archive bomb?)");
            return true;
        }
        return false;
    }

    /** Lets a member be read without closing the archive stream behind it. */
    private static final class NonClosing extends java.io.FilterInputStream {
        NonClosing(InputStream in) {
            super(in);
        }

        @Override
        public void close() {
            // The archive stream stays open for the next member.
        }
    }

}
