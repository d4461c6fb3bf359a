package dev.crashkit.symbolicate.cli;

import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * The process's standard output as the commands' {@code PrintWriter} (UTF-8, flushed on every
 * line), which also hands out the byte stream under it: a JSON rendering goes there as UTF-8 bytes
 * instead of being decoded into characters and encoded again (see {@code output.PrettyJson}).
 */
final class Stdout extends PrintWriter {
    private final OutputStream bytes;

    Stdout(OutputStream bytes) {
        super(new OutputStreamWriter(bytes, StandardCharsets.UTF_8), true);
        this.bytes = bytes;
    }

    /** The byte stream; flush this writer before writing to it, and the stream after. */
    OutputStream bytes() {
        return bytes;
    }
}
