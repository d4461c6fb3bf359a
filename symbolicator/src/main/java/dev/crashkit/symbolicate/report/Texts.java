package dev.crashkit.symbolicate.report;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Text decoding shared by the text and JSON readers. */
public final class Texts {

    private Texts() {
    }

    /**
     * UTF-8 with a leading byte-order mark removed; bytes that are not UTF-8 are read as Latin-1 so
     * that old reports with stray bytes still parse (every byte maps to one char, nothing is lost).
     */
    public static String decode(byte[] data) {
        if (ascii(data)) {
            // The common case, without the decoder's char buffer (on C1 a report's chars were
            // inflated into it and compressed back one call at a time: BENCHMARKS.md, batch throughput).
            return new String(data, StandardCharsets.ISO_8859_1);
        }
        String s;
        try {
            s = malformedEarly(data) ? new String(data, StandardCharsets.ISO_8859_1)
                    : strictUtf8().decode(ByteBuffer.wrap(data)).toString();
        } catch (CharacterCodingException e) {
            s = new String(data, StandardCharsets.ISO_8859_1);
        }
        return s.startsWith("\uFEFF") ? s.substring(1) : s;
    }

    /** Bytes of the look ahead of {@link #malformedEarly}. */
    static final int LOOK_AHEAD = 64 << 10;

    /**
     * True when the first {@link #LOOK_AHEAD} bytes are already not UTF-8: then the whole is not either
     * (the same answer as decoding it all), found without the decoder's buffer of a char per byte, which
     * for a binary file of many megabytes (an archive member that is no report) was a second, larger copy
     * of it that a small heap could not always find room for.
     */
    private static boolean malformedEarly(byte[] data) {
        if (data.length <= LOOK_AHEAD) {
            return false; // small: decoded whole
        }
        CharBuffer out = CharBuffer.allocate(LOOK_AHEAD);
        // Not the end of input: a character cut at the edge of the look ahead is not malformed.
        return strictUtf8().decode(ByteBuffer.wrap(data, 0, LOOK_AHEAD), out, false).isError();
    }

    private static CharsetDecoder strictUtf8() {
        return StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
    }

    /**
     * True when every byte is ASCII: then {@link #decode} is {@code new String(data, ISO_8859_1)}.
     * Eight bytes at a time, copied out in one bulk copy: it runs once per report, interpreted, over
     * every byte (a byte loop was ~3 ms of reading a 150 KB report; BENCHMARKS.md, start path).
     */
    public static boolean ascii(byte[] data) {
        int words = data.length >>> 3;
        java.nio.LongBuffer all = ByteBuffer.wrap(data, 0, words << 3).asLongBuffer();
        long[] w = new long[Math.min(words, 1024)];
        long high = 0;
        for (int done = 0; done < words && (high & 0x8080808080808080L) == 0; done += w.length) {
            int n = Math.min(w.length, words - done);
            all.get(w, 0, n);
            for (int i = 0; i < n; i++) {
                high |= w[i];
            }
        }
        for (int i = words << 3; i < data.length; i++) {
            high |= data[i];
        }
        return (high & 0x8080808080808080L) == 0;
    }

    /** The last path component of a slash-separated path. */
    public static String baseName(String path) {
        String p = path;
        while (p.length() > 1 && p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        int slash = p.lastIndexOf('/');
        return slash >= 0 && slash < p.length() - 1 ? p.substring(slash + 1) : p;
    }
}
