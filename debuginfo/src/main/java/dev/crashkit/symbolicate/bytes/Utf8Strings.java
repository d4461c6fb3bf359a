package dev.crashkit.symbolicate.bytes;

import java.nio.charset.StandardCharsets;

/**
 * Strings decoded from UTF-8 bytes, with a fast path for ASCII (nearly every name and path of a
 * symbol cache or symbol table). A symbolication decodes thousands of strings per report while the
 * code still runs interpreted: JDK 17's {@code String(byte[], int, int, Charset)} is an 840-byte
 * constructor that C1 compiles into ~9 KB (5.6 ms of the one compiler thread, during the warm
 * run's busiest 130 ms), where this method is small enough to be compiled at once.
 */
public final class Utf8Strings {
    private Utf8Strings() {
    }

    /** The string of UTF-8 bytes {@code [from, from + length)} of {@code bytes}, malformed bytes replaced as the JDK does. */
    @SuppressWarnings("deprecation") // String(byte[], int hibyte, ...) with hibyte 0: one char per byte, a plain copy
    public static String decode(byte[] bytes, int from, int length) {
        for (int i = from, end = from + length; i < end; i++) {
            if (bytes[i] < 0) {
                return new String(bytes, from, length, StandardCharsets.UTF_8);
            }
        }
        return new String(bytes, 0, from, length);
    }
}
