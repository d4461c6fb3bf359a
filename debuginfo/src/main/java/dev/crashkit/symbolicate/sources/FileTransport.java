package dev.crashkit.symbolicate.sources;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code file://} sources: a mounted share or a synced bucket in one of the layouts. Files are
 * copied into the cache like downloads, so a share that goes away later does not take the
 * debug file with it, and the same verification applies.
 */
final class FileTransport implements Transport {
    private final long maxBytes;

    FileTransport(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    @Override
    public Outcome get(URI url, List<SymbolServer.Header> headers, Path target, ProgressListener progress, String label)
            throws InterruptedException {
        Path source;
        try {
            source = Path.of(url);
        } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return Outcome.failed("not a local path");
        }
        if (!Files.isRegularFile(source)) {
            return Outcome.notFound();
        }
        ProgressListener.Download d = null;
        try {
            long size = Files.size(source);
            if (size > maxBytes) {
                return Outcome.failed(size + " bytes, over the limit of " + maxBytes);
            }
            d = progress.start(label, size);
            long copied = 0;
            byte[] buf = new byte[1 << 16];
            try (InputStream in = Files.newInputStream(source);
                 OutputStream out = Files.newOutputStream(target, StandardOpenOption.TRUNCATE_EXISTING)) {
                int n;
                while ((n = in.read(buf)) > 0) {
                    if (Thread.interrupted()) {
                        throw new InterruptedException();
                    }
                    copied += n;
                    if (copied > maxBytes) {
                        return Outcome.failed("grew past the limit of " + maxBytes + " bytes while copying");
                    }
                    out.write(buf, 0, n);
                    d.advanced(copied);
                }
            }
            return Outcome.found(copied);
        } catch (NoSuchFileException e) {
            return Outcome.notFound();
        } catch (IOException e) {
            return Outcome.retryable("cannot read: " + e.getMessage());
        } finally {
            if (d != null) {
                d.done();
            }
        }
    }

    /**
     * LLDB's UUID path is a symbolic link to a {@code .dSYM} bundle on macOS; on a share it may be
     * the bundle itself. Its DWARF files are the candidates then.
     */
    @Override
    public List<URI> expand(URI url) {
        Path p;
        try {
            p = Path.of(url);
        } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return List.of(url);
        }
        Path dwarf = p.resolve("Contents").resolve("Resources").resolve("DWARF");
        if (!Files.isDirectory(dwarf)) {
            return List.of(url);
        }
        List<URI> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(dwarf)) {
            s.filter(Files::isRegularFile).sorted().forEach(f -> out.add(f.toUri()));
        } catch (IOException e) {
            return List.of(url);
        }
        return out;
    }
}
