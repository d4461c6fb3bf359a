package dev.crashkit.core.model;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;

/**
 * Identity of a binary image: a Mach-O LC_UUID (16 bytes) or an ELF GNU build-id (any length).
 * Matching compares all bytes. Names match images with debug files only for an image the report
 * gives no identity (an hs_err log's), and the symbolicator says so.
 */
public final class DebugId {

    /** Which kind of identifier this is; it decides how it is printed. */
    public enum Kind {
        /** A Mach-O LC_UUID, 16 bytes, printed upper-case with dashes. */
        UUID,
        /** An ELF GNU build-id, printed as lower-case hex. */
        BUILD_ID
    }

    private final Kind kind;
    private final byte[] bytes;
    /** {@link #toString}, once made (printed once per image in a report and again for its frames); racy but benign. */
    private String text;

    private DebugId(Kind kind, byte[] bytes) {
        this.kind = kind;
        this.bytes = bytes;
    }

    /**
     * A Mach-O UUID from its 16 raw bytes.
     *
     * @param sixteen the UUID's bytes (copied)
     * @return the identifier
     * @throws IllegalArgumentException if there are not exactly 16 bytes
     */
    public static DebugId uuid(byte[] sixteen) {
        if (sixteen.length != 16) {
            throw new IllegalArgumentException("UUID needs 16 bytes, got " + sixteen.length);
        }
        return new DebugId(Kind.UUID, sixteen.clone());
    }

    /**
     * An ELF GNU build-id from its raw bytes.
     *
     * @param raw the build-id's bytes (copied)
     * @return the identifier
     * @throws IllegalArgumentException if {@code raw} is empty
     */
    public static DebugId buildId(byte[] raw) {
        if (raw.length == 0) {
            throw new IllegalArgumentException("empty build-id");
        }
        return new DebugId(Kind.BUILD_ID, raw.clone());
    }

    /**
     * Parses a report's identifier: 32 hex digits with or without dashes (any case) is a UUID;
     * any other even-length hex string is a build-id. Empty when the text is neither.
     *
     * @param text the identifier as the report writes it; null gives empty
     * @return the identifier, or empty
     */
    public static Optional<DebugId> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        DebugId plain = plainUuid(text);
        if (plain != null) {
            return Optional.of(plain);
        }
        String t = text.trim();
        String hex = t.replace("-", "");
        if (hex.isEmpty() || hex.length() % 2 != 0 || !isHex(hex)) {
            return Optional.empty();
        }
        byte[] raw = HexFormat.of().parseHex(hex.toLowerCase(Locale.ROOT));
        if (raw.length == 16) {
            return Optional.of(new DebugId(Kind.UUID, raw));
        }
        return Optional.of(new DebugId(Kind.BUILD_ID, raw));
    }

    /**
     * The common identifier of a report, a dashed (8-4-4-4-12) or plain 32-digit ASCII-hex UUID,
     * read directly; null for anything else, which {@link #parse} reads as before. Every image of
     * every report has one: the trim, replace, lower-casing and HexFormat were most of reading an image.
     */
    private static DebugId plainUuid(String s) {
        int n = s.length();
        boolean dashed = n == 36;
        if (!dashed && n != 32) {
            return null;
        }
        byte[] raw = new byte[16];
        int b = 0;
        for (int i = 0; i < n; ) {
            if (dashed && (i == 8 || i == 13 || i == 18 || i == 23)) {
                if (s.charAt(i) != '-') {
                    return null;
                }
                i++;
                continue;
            }
            int hi = hexDigit(s.charAt(i));
            int lo = hexDigit(s.charAt(i + 1));
            if ((hi | lo) < 0) {
                return null;
            }
            raw[b++] = (byte) (hi << 4 | lo);
            i += 2;
        }
        return new DebugId(Kind.UUID, raw);
    }

    /**
     * A hex digit's value, -1 for any other char: plain code, where HexFormat's isHexDigit and
     * fromHexDigit were two calls per digit on C1 (64 per image of every batch report).
     */
    private static int hexDigit(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }

    private static boolean isHex(String s) {
        for (int i = 0; i < s.length(); i++) {
            // ASCII only: Character.digit also takes other scripts' digits, which HexFormat then
            // refused with a NumberFormatException out of parse (DebugIdTest.everyCharInADigitsPlace).
            if (hexDigit(s.charAt(i)) < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Which kind of identifier this is.
     *
     * @return UUID or build-id
     */
    public Kind kind() {
        return kind;
    }

    /**
     * The raw bytes.
     *
     * @return a copy of the identifier's bytes
     */
    public byte[] bytes() {
        return bytes.clone();
    }

    /**
     * Whether this is a placeholder (Apple writes all-zero UUIDs for unknown images).
     *
     * @return true when every byte is zero
     */
    public boolean isZero() {
        for (byte b : bytes) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    private static final byte[] HEX_UPPER = {'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F'};

    /**
     * UUIDs print upper-case dashed (8-4-4-4-12) as Apple does; build-ids lower-case hex. A UUID is written
     * digit by digit into one array: every image of every report is printed (twice in JSON), and the hex
     * formatter, upper-casing, five substrings and their concatenation cost several times that.
     */
    @Override
    public String toString() {
        String t = text;
        if (t == null) {
            t = format();
            text = t;
        }
        return t;
    }

    private String format() {
        if (kind == Kind.UUID) { // always 16 bytes
            byte[] digits = new byte[36];
            int p = 0;
            for (int i = 0; i < 16; i++) {
                if (i == 4 || i == 6 || i == 8 || i == 10) {
                    digits[p++] = '-';
                }
                digits[p++] = HEX_UPPER[(bytes[i] >> 4) & 0xf];
                digits[p++] = HEX_UPPER[bytes[i] & 0xf];
            }
            return new String(digits, StandardCharsets.ISO_8859_1);
        }
        return HexFormat.of().formatHex(bytes);
    }

    /**
     * Equal when the bytes are equal: a 16-byte build-id and a UUID with the same bytes are the
     * same identity (ELF build-ids are often 20 bytes, but tools also emit 16-byte ones).
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof DebugId other && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }
}
