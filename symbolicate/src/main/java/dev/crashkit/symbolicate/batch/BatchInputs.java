package dev.crashkit.symbolicate.batch;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.symbolicate.format.FileBytes;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.locate.ArchiveLimits;
import dev.crashkit.symbolicate.locate.Archives;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Expands batch arguments into reports: files as they are, folders recursively (sorted, so runs
 * are repeatable), and archives (zip, tar, tar.gz) member by member, each member read in memory
 * up to the report size limit.
 */
final class BatchInputs {
    private BatchInputs() {
    }

    /** All reports named by {@code args}; unreadable inputs become entries that fail when read. */
    static List<BatchInput> expand(List<Path> args) throws CrashkitException {
        List<BatchInput> out = new ArrayList<>();
        for (Path p : args) {
            if (!Files.exists(p)) {
                throw new CrashkitException(p + ": no such file or folder");
            }
            if (Files.isDirectory(p)) {
                try (Stream<Path> s = Files.walk(p)) {
                    for (Path f : s.filter(Files::isRegularFile).sorted().toList()) {
                        addFile(out, f, safeName(p.relativize(f).toString()));
                    }
                } catch (IOException e) {
                    throw new CrashkitException(p + ": cannot list folder: " + e.getMessage(), e);
                }
            } else {
                addFile(out, p, safeName(p.getFileName().toString()));
            }
        }
        return out;
    }

    private static void addFile(List<BatchInput> out, Path file, String name) {
        byte[] head;
        try {
            head = FileBytes.head(file, 512);
        } catch (IOException e) {
            out.add(failing(name, file + ": cannot read: " + e.getMessage()));
            return;
        }
        if (Archives.matches(head)) {
            addArchive(out, file, head, name);
        } else {
            out.add(new BatchInput(name, () -> Files.readAllBytes(file)));
        }
    }

    /**
     * Each regular member becomes one input named {@code archive/member}; members the archive
     * rules refuse (links, path traversal, oversize) become failed inputs, never silently dropped.
     */
    private static void addArchive(List<BatchInput> out, Path archive, byte[] head, String name) {
        long max = ReportFormats.MAX_REPORT_BYTES;
        ArchiveLimits limits = new ArchiveLimits(max, ArchiveLimits.defaults().maxRatio(),
                ArchiveLimits.defaults().maxMembers());
        try {
            Archives.forEachMember(archive, head, limits, warning -> out.add(failing(name + "/refused", warning)),
                    (member, in) -> {
                        byte[] data = in.readNBytes((int) max + 1);
                        String memberName = name + "/" + safeName(member.name());
                        out.add(data.length > max ? failing(memberName, member + ": report too large")
                                : new BatchInput(memberName, () -> data));
                    });
        } catch (CrashkitException e) {
            out.add(failing(name, e.getMessage()));
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
            parts.add(part.replaceAll("[\\p{Cntrl}:]", "_"));
        }
        return parts.isEmpty() ? "report" : String.join("/", parts);
    }
}
