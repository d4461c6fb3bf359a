package dev.crashkit.symbolicate.demangle.swift;

/**
 * Swift's Punycode variant (RFC 3492 with {@code _} as delimiter and digits {@code a-z A-J}). ASCII
 * characters that are not valid in identifiers are encoded as code points U+D800+c and mapped back here.
 */
final class Punycode {
    private static final int BASE = 36;
    private static final int TMIN = 1;
    private static final int TMAX = 26;
    private static final int SKEW = 38;
    private static final int DAMP = 700;
    private static final int INITIAL_BIAS = 72;
    private static final int INITIAL_N = 128;
    private static final int MAX_CODE_POINTS = 4096;

    private Punycode() {
    }

    private static int digit(int c) {
        if (c >= 'a' && c <= 'z') {
            return c - 'a';
        }
        if (c >= 'A' && c <= 'J') {
            return c - 'A' + 26;
        }
        return -1;
    }

    private static int adapt(int delta, int numPoints, boolean first) {
        delta = first ? delta / DAMP : delta / 2;
        delta += delta / numPoints;
        int k = 0;
        while (delta > ((BASE - TMIN) * TMAX) / 2) {
            delta /= BASE - TMIN;
            k += BASE;
        }
        return k + (((BASE - TMIN + 1) * delta) / (delta + SKEW));
    }

    /** Decoded identifier, or null when the input is not valid Punycode. */
    static String decode(byte[] in, int from, int to) {
        int[] out = new int[Math.max(16, to - from)];
        int len = 0;
        int lastDelim = -1;
        for (int i = from; i < to; i++) {
            if (in[i] == '_') {
                lastDelim = i;
            }
        }
        int p = from;
        if (lastDelim >= 0) {
            for (int i = from; i < lastDelim; i++) {
                int c = in[i] & 0xFF;
                if (c > 0x7F) {
                    return null;
                }
                out[len++] = c;
            }
            p = lastDelim + 1;
        }
        long n = INITIAL_N;
        long i = 0;
        int bias = INITIAL_BIAS;
        while (p < to) {
            long oldi = i;
            long w = 1;
            for (int k = BASE; ; k += BASE) {
                if (p >= to) {
                    return null;
                }
                int d = digit(in[p++] & 0xFF);
                if (d < 0) {
                    return null;
                }
                i += d * w;
                int t = k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias;
                if (d < t) {
                    break;
                }
                w *= BASE - t;
                if (i > Integer.MAX_VALUE || w > Integer.MAX_VALUE) {
                    return null;
                }
            }
            bias = adapt((int) (i - oldi), len + 1, oldi == 0);
            n += i / (len + 1);
            i %= (len + 1);
            if (n < 0x80 || n > 0x10FFFF || len >= MAX_CODE_POINTS) {
                return null;
            }
            if (len == out.length) {
                out = java.util.Arrays.copyOf(out, len * 2);
            }
            System.arraycopy(out, (int) i, out, (int) i + 1, len - (int) i);
            out[(int) i] = (int) n;
            len++;
            i++;
        }
        StringBuilder sb = new StringBuilder(len);
        for (int k = 0; k < len; k++) {
            int cp = out[k];
            if (cp >= 0xD800 && cp < 0xD880) {
                cp -= 0xD800;
            } else if (cp >= 0xD880 && cp < 0xE000) {
                return null;
            }
            sb.appendCodePoint(cp);
        }
        return sb.toString();
    }
}
