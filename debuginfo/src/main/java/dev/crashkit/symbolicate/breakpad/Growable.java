package dev.crashkit.symbolicate.breakpad;

import java.util.Arrays;

/**
 * Append-only primitive lists: one record of a symbol file is a few array slots, never an object
 * (a Chromium {@code .sym} holds tens of millions of line records).
 */
final class Growable {
    private Growable() {
    }

    /** A list of longs. */
    static final class Longs {
        long[] a = new long[16];
        int size;

        void add(long v) {
            if (size == a.length) {
                a = Arrays.copyOf(a, grown(size));
            }
            a[size++] = v;
        }

        long[] toArray() {
            return Arrays.copyOf(a, size);
        }
    }

    /** A list of ints. */
    static final class Ints {
        int[] a = new int[16];
        int size;

        void add(int v) {
            if (size == a.length) {
                a = Arrays.copyOf(a, grown(size));
            }
            a[size++] = v;
        }

        int[] toArray() {
            return Arrays.copyOf(a, size);
        }
    }

    /** NUL-terminated UTF-8 names in one pool, as {@link dev.crashkit.symbolicate.symtab.SymbolTable} reads them. */
    static final class Names {
        byte[] a = new byte[1 << 12];
        int size;

        /** Adds {@code b[from, to)} and a NUL; its offset. NULs inside become '_' (as Breakpad's loader does). */
        int add(byte[] b, int from, int to) throws PoolFullException {
            int n = to - from;
            if ((long) size + n + 1 > MAX_ARRAY) {
                throw new PoolFullException();
            }
            while (size + n + 1 > a.length) {
                a = Arrays.copyOf(a, grown(a.length));
            }
            int at = size;
            for (int i = 0; i < n; i++) {
                byte c = b[from + i];
                a[at + i] = c == 0 ? (byte) '_' : c;
            }
            a[at + n] = 0;
            size = at + n + 1;
            return at;
        }

        byte[] toArray() {
            return Arrays.copyOf(a, size);
        }
    }

    /** The names of one file exceed what one Java array holds. */
    static final class PoolFullException extends Exception {
        PoolFullException() {
            super(null, null, false, false);
        }
    }

    static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    private static int grown(int n) {
        if (n >= MAX_ARRAY) {
            throw new OutOfMemoryError("table of " + n + " entries cannot grow");
        }
        return (int) Math.min(MAX_ARRAY, n + (n >> 1) + 16L);
    }
}
