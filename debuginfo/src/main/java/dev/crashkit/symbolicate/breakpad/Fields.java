package dev.crashkit.symbolicate.breakpad;

import java.nio.charset.StandardCharsets;

/**
 * Space-separated fields of one line, read in place, and the numbers in them, checked as strictly
 * as Breakpad's {@code SymbolParseHelper}: a number must fill its whole field, fit its type, and
 * not be the all-ones value {@code strtoull} returns on overflow. Only the space separates fields
 * (Breakpad's separators are space, {@code \r} and {@code \n}; the last two end lines here).
 */
final class Fields {
    private byte[] b;
    private int end;
    private int pos;
    /** The field {@link #next} found is {@code b[start, stop)}. */
    int start;
    int stop;

    /** Reads {@code line[from, length)}. */
    void reset(byte[] line, int from, int length) {
        this.b = line;
        this.pos = from;
        this.end = length;
    }

    /** Advances to the next field; false when none is left. */
    boolean next() {
        while (pos < end && b[pos] == ' ') {
            pos++;
        }
        if (pos == end) {
            return false;
        }
        start = pos;
        while (pos < end && b[pos] != ' ') {
            pos++;
        }
        stop = pos;
        return true;
    }

    /** The next field, or a complaint naming {@code what}. */
    void require(String what) throws Malformed {
        if (!next()) {
            throw new Malformed("missing " + what);
        }
    }

    /**
     * The rest of the line after the separator that ended the last field, as the last token of
     * Breakpad's {@code Tokenize} (a name keeps leading spaces past the first, and any inside it).
     */
    boolean rest() {
        if (pos >= end) {
            return false;
        }
        start = pos + 1; // pos is at the space that ended the field
        stop = end;
        return start < stop;
    }

    /** The current field as text (for names of records and error messages). */
    String text() {
        return new String(b, start, stop - start, StandardCharsets.UTF_8);
    }

    /** Whether the current field is exactly {@code ascii}. */
    boolean is(String ascii) {
        if (stop - start != ascii.length()) {
            return false;
        }
        for (int i = 0; i < ascii.length(); i++) {
            if (b[start + i] != ascii.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** The current field as an unsigned 64-bit hex number (not all ones). */
    long hex(String what) throws Malformed {
        int n = stop - start;
        if (n == 0) {
            throw new Malformed("empty " + what);
        }
        long v = 0;
        int significant = 0;
        for (int i = start; i < stop; i++) {
            int d = Character.digit(b[i], 16);
            if (d < 0 || b[i] > 'f') {
                throw new Malformed(what + " is not hex: " + quoted());
            }
            if (significant > 0 || d != 0) {
                significant++;
            }
            if (significant > 16) {
                throw new Malformed(what + " over 64 bits: " + quoted());
            }
            v = v << 4 | d;
        }
        if (v == -1L) {
            throw new Malformed(what + " is 2^64-1: " + quoted());
        }
        return v;
    }

    /** The current field as a decimal int in {@code [min, Integer.MAX_VALUE)}. */
    int decimal(String what, int min) throws Malformed {
        int i = start;
        boolean negative = i < stop && b[i] == '-';
        if (negative) {
            i++;
        }
        if (i == stop) {
            throw new Malformed(what + " is not a number: " + quoted());
        }
        long v = 0;
        for (; i < stop; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9) {
                throw new Malformed(what + " is not a number: " + quoted());
            }
            v = v * 10 + d;
            if (v > Integer.MAX_VALUE) {
                throw new Malformed(what + " out of range: " + quoted());
            }
        }
        if (negative) {
            v = -v;
        }
        if (v < min || v == Integer.MAX_VALUE) {
            throw new Malformed(what + " out of range: " + quoted());
        }
        return (int) v;
    }

    /** The current field, quoted and cut for a message. */
    String quoted() {
        int n = Math.min(stop - start, 40);
        return "'" + new String(b, start, n, StandardCharsets.UTF_8) + (stop - start > n ? "…'" : "'");
    }

    /** One malformed record: what is wrong with it (the parser adds file and line). */
    static final class Malformed extends Exception {
        Malformed(String message) {
            super(message, null, false, false);
        }
    }
}
