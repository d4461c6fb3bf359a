package dev.crashkit.symbolicate.batch;

import dev.crashkit.symbolicate.SymbolicationException;
import dev.crashkit.symbolicate.format.FileBytes;
import dev.crashkit.symbolicate.locate.Archives;
import dev.crashkit.symbolicate.report.ReportFormats;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.ArchiveEntry;
import org.apache.commons.compress.archivers.ArchiveInputStream;
import org.apache.commons.compress.archivers.ArchiveStreamFactory;
import org.apache.commons.compress.archivers.ArchiveException;
import org.apache.commons.compress.compressors.CompressorException;
import org.apache.commons.compress.compressors.CompressorStreamFactory;

/**
 * Expands batch arguments into reports: files as they are, folders recursively (sorted, so runs
 * are repeatable), and archives (zip, tar, tar.gz) member by member, each member read in memory
 * up to the report size limit.
 */
final class BatchInputs {
    private BatchInputs() {
    }

    /** All reports named by {@code args}; unreadable inputs become entries that fail when read. */
    static List<BatchInput> expand(List<Path> args) throws SymbolicationException {
        List<BatchInput> out = new ArrayList<>();
        for (Path p : args) {
            if (!Files.exists(p)) {
                throw new SymbolicationException(p + ": no such file or folder");
            }
            if (Files.isDirectory(p)) {
                try (Stream<Path> s = Files.walk(p)) {
                    for (Path f : s.filter(Files::isRegularFile).sorted().toList()) {
                        addFile(out, f, safeName(p.relativize(f).toString()));
                    }
                } catch (IOException e) {
                    throw new SymbolicationException(p + ": cannot list folder: " + e.getMessage(), e);
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
            out.add(new BatchInput(name, () -> {
                throw new IOException(file + ": cannot read: " + e.getMessage());
            }));
            return;
        }
        if (Archives.matches(head)) {
            addArchive(out, file, name);
        } else {
            out.add(new BatchInput(name, () -> Files.readAllBytes(file)));
        }
    }

    /** Each regular member becomes one input named {@code archive/member}. */
    private static void addArchive(List<BatchInput> out, Path archive, String name) {
        try (InputStream raw = new java.io.BufferedInputStream(Files.newInputStream(archive));
             InputStream in = decompressed(raw);
             ArchiveInputStream<? extends ArchiveEntry> ar = new ArchiveStreamFactory().createArchiveInputStream(
                     new java.io.BufferedInputStream(in))) {
            ArchiveEntry e;
            while ((e = ar.getNextEntry()) != null) {
                if (e.isDirectory()) {
                    continue;
                }
                String member = name + "/" + safeName(e.getName());
                if (e.getSize() > ReportFormats.MAX_REPORT_BYTES) {
                    String why = archive + "!/" + e.getName() + ": report too large (" + e.getSize() + " bytes)";
                    out.add(new BatchInput(member, () -> {
                        throw new IOException(why);
                    }));
                    continue;
                }
                byte[] data = ar.readNBytes((int) ReportFormats.MAX_REPORT_BYTES + 1);
                if (data.length > ReportFormats.MAX_REPORT_BYTES) {
                    String why = archive + "!/" + e.getName() + ": report too large";
                    out.add(new BatchInput(member, () -> {
                        throw new IOException(why);
                    }));
                    continue;
                }
                out.add(new BatchInput(member, () -> data));
            }
        } catch (IOException | ArchiveException e) {
            String why = archive + ": unreadable archive: " + e.getMessage();
            out.add(new BatchInput(name, () -> {
                throw new IOException(why);
            }));
        }
    }

    private static InputStream decompressed(InputStream raw) throws IOException {
        raw.mark(16);
        int b0 = raw.read();
        int b1 = raw.read();
        raw.reset();
        if (b0 == 0x1f && b1 == 0x8b) {
            try {
                return new CompressorStreamFactory().createCompressorInputStream(CompressorStreamFactory.GZIP, raw);
            } catch (CompressorException e) {
                throw new IOException(e.getMessage(), e);
            }
        }
        return raw;
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
