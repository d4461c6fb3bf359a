package dev.crashkit.symbolicate.report;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
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
            s = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(data)).toString();
        } catch (CharacterCodingException e) {
            s = new String(data, StandardCharsets.ISO_8859_1);
        }
        return s.startsWith("\uFEFF") ? s.substring(1) : s;
    }

    /** True when every byte is ASCII: then {@link #decode} is {@code new String(data, ISO_8859_1)}. */
    public static boolean ascii(byte[] data) {
        for (byte b : data) {
            if (b < 0) {
                return false;
            }
        }
        return true;
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
