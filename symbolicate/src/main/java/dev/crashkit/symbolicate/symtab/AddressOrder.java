package dev.crashkit.symbolicate.symtab;

/**
 * Orders symbol candidates by unsigned address, then by descending rank, then by insertion
 * (stable). An LSD radix sort on the raw keys: a handful of linear passes with no comparator
 * calls, and passes over digits that are the same in every key (the high bytes of addresses in
 * one image, the rank when all are equal) are skipped. Input that is already in order, as
 * symbol tables often are, costs one scan.
 */
final class AddressOrder {
    private static final int RADIX = 256;

    private AddressOrder() {
    }

    /**
     * Indices {@code 0..n-1} of {@code starts}/{@code ranks} in index order, or null when
     * they already are in that order.
     */
    static int[] sort(long[] starts, int[] ranks, int n) {
        if (inOrder(starts, ranks, n)) {
            return null;
        }
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            // Descending signed rank = ascending unsigned (~rank ^ sign bit).
            keys[i] = (~ranks[i] ^ Integer.MIN_VALUE) & 0xffffffffL;
        }
        order = radix(keys, order, n, 4);
        for (int k = 0; k < n; k++) {
            keys[k] = starts[order[k]];
        }
        return radix(keys, order, n, 8);
    }

    private static boolean inOrder(long[] starts, int[] ranks, int n) {
        for (int i = 1; i < n; i++) {
            int c = Long.compareUnsigned(starts[i - 1], starts[i]);
            if (c > 0 || (c == 0 && ranks[i - 1] < ranks[i])) {
                return false;
            }
        }
        return true;
    }

    /**
     * Stable sort of {@code order} by the low {@code bytes} bytes of {@code keys} (unsigned),
     * where {@code keys[k]} is the key of {@code order[k]}. Reuses {@code keys} as scratch.
     */
    private static int[] radix(long[] keys, int[] order, int n, int bytes) {
        int[][] counts = new int[bytes][RADIX];
        for (int k = 0; k < n; k++) {
            long key = keys[k];
            for (int d = 0; d < bytes; d++) {
                counts[d][(int) (key >>> (8 * d)) & 0xff]++;
            }
        }
        long[] keyTo = null;
        int[] orderTo = null;
        for (int d = 0; d < bytes; d++) {
            int[] c = counts[d];
            if (c[(int) (keys[0] >>> (8 * d)) & 0xff] == n) {
                continue; // every key has the same digit here
            }
            if (keyTo == null) {
                keyTo = new long[n];
                orderTo = new int[n];
            }
            int sum = 0;
            for (int v = 0; v < RADIX; v++) {
                int cv = c[v];
                c[v] = sum;
                sum += cv;
            }
            int shift = 8 * d;
            for (int k = 0; k < n; k++) {
                long key = keys[k];
                int at = c[(int) (key >>> shift) & 0xff]++;
                keyTo[at] = key;
                orderTo[at] = order[k];
            }
            long[] tk = keys;
            keys = keyTo;
            keyTo = tk;
            int[] to = order;
            order = orderTo;
            orderTo = to;
        }
        return order;
    }
}
