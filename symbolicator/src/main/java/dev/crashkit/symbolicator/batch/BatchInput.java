package dev.crashkit.symbolicator.batch;

import java.io.IOException;

/**
 * One report to process: a name for messages and for the output path (relative, '/'-separated,
 * already safe: no absolute paths, no "..") and a way to read its bytes. {@code held} says whether
 * the bytes are already in memory (an archive member), which bounds how many may wait for a
 * worker; a file is read only when a worker takes it, so files can be queued far ahead.
 *
 * @param name  the report's name in messages and its output path
 * @param bytes reads the report's bytes
 * @param held  the bytes are in memory already
 */
public record BatchInput(String name, BytesSupplier bytes, boolean held) {

    /**
     * An input read when its turn comes.
     *
     * @param name  the report's name in messages and its output path
     * @param bytes reads the report's bytes
     */
    public BatchInput(String name, BytesSupplier bytes) {
        this(name, bytes, false);
    }

    /** Reads the report's bytes when its turn comes (not when the batch is listed). */
    @FunctionalInterface
    public interface BytesSupplier {
        /**
         * Reads the bytes.
         *
         * @return the report's bytes
         * @throws IOException they cannot be read
         */
        byte[] get() throws IOException;
    }
}
