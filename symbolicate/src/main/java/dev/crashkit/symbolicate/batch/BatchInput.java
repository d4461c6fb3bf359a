package dev.crashkit.symbolicate.batch;

import java.io.IOException;

/**
 * One report to process: a name for messages and for the output path (relative, '/'-separated,
 * already safe: no absolute paths, no "..") and a way to read its bytes.
 */
public record BatchInput(String name, BytesSupplier bytes) {

    /** Reads the report's bytes when its turn comes (not when the batch is listed). */
    @FunctionalInterface
    public interface BytesSupplier {
        byte[] get() throws IOException;
    }
}
