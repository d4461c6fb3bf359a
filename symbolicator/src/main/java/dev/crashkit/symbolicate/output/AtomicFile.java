package dev.crashkit.symbolicate.output;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes a file so that it is either complete under its final name or absent: the content goes to a
 * hidden temporary file in the same folder ({@code .NAME.RANDOM.part}), which is renamed over the
 * target only once fully written. A run killed midway (even with {@code kill -9}) never leaves a
 * truncated file under the final name; a failed write removes its temporary file.
 */
public final class AtomicFile {

    /** Produces the content as text. */
    @FunctionalInterface
    public interface Content {
        void writeTo(Writer out) throws IOException;
    }

    /** Produces the content as bytes. */
    @FunctionalInterface
    public interface Bytes {
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicFile() {
    }

    /** Writes UTF-8 text produced by {@code content} to {@code target} (replacing it). */
    public static void write(Path target, Content content) throws IOException {
        // The encoder reports an unpaired surrogate as an error (as Files.newBufferedWriter's does).
        writeBytes(target, out -> {
            try (Writer w = new BufferedWriter(new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8.newEncoder()),
                    1 << 16)) {
                content.writeTo(w);
            }
        });
    }

    /** Writes the bytes produced by {@code content} to {@code target} (replacing it). */
    public static void writeBytes(Path target, Bytes content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        // Not Files.createTempFile: its owner-only permissions would stay on the renamed output.
        Path temp = dir.resolve("." + target.getFileName() + "." + Long.toHexString(ThreadLocalRandom.current().nextLong())
                + ".part");
        boolean done = false;
        try {
            // Gathered and written at once when complete (the temporary file created then): one write
            // for a batch's report instead of one per 32 KB (WholeFileOutput).
            WholeFileOutput out = WholeFileOutput.take(temp);
            try {
                content.writeTo(out);
                out.finish();
            } finally {
                out.release();
            }
            move(temp, target);
            done = true;
        } finally {
            if (!done) {
                // Also on errors (OutOfMemoryError included): no half-written file stays behind.
                Files.deleteIfExists(temp);
            }
        }
    }

    private static void move(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
