package dev.crashkit.symbolicate.symtab;

import java.util.Arrays;

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
     * they already are in that order. When not null, {@code sortedStarts[k]} is set to
     * {@code starts[order[k]]} (read back from the sort keys, sparing a random gather).
     */
    static int[] sort(long[] starts, int[] ranks, int n, long[] sortedStarts) {
        if (inOrder(starts, ranks, n)) {
            return null;
        }
        int[] packed = packedSort(starts, ranks, n, sortedStarts);
        if (packed != null) {
            return packed;
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
        order = radix(keys, order, n, 8);
        for (int k = 0; k < n; k++) {
            sortedStarts[k] = starts[order[k]];
        }
        return order;
    }

    /**
     * The usual case: the address bits that differ between symbols of one image, the rank and
     * the index fit in one long together. Then one array of packed keys is sorted on only the
     * bits that vary, in at most 11-bit digits, and the index is read back from the low bits.
     * Returns null when they do not fit.
     */
    private static int[] packedSort(long[] starts, int[] ranks, int n, long[] sortedStarts) {
        long varying = 0;
        int minRank = ranks[0];
        int maxRank = ranks[0];
        for (int i = 1; i < n; i++) {
            varying |= starts[i] ^ starts[0];
            minRank = Math.min(minRank, ranks[i]);
            maxRank = Math.max(maxRank, ranks[i]);
        }
        // Bits above the highest varying bit and below the lowest one are the same in every
        // address, so comparing only the bits in between gives the same order.
        int low = varying == 0 ? 0 : Long.numberOfTrailingZeros(varying);
        int addrBits = varying == 0 ? 0 : 64 - Long.numberOfLeadingZeros(varying) - low;
        int rankBits = 64 - Long.numberOfLeadingZeros((long) maxRank - minRank);
        int indexBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(n - 1));
        int sortBits = addrBits + rankBits;
        if (sortBits + indexBits > 63) {
            return null;
        }
        long addrMask = (1L << addrBits) - 1;
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            long address = (starts[i] >>> low) & addrMask;
            long rank = (long) maxRank - ranks[i]; // descending rank = ascending distance from the top
            keys[i] = ((address << rankBits | rank) << indexBits) | i;
        }
        int passes = Math.max(1, (sortBits + 10) / 11);
        int width = (sortBits + passes - 1) / passes;
        long[] to = new long[n];
        int[] count = new int[1 << width];
        int mask = (1 << width) - 1;
        for (int p = 0; p < passes; p++) {
            int shift = indexBits + p * width;
            Arrays.fill(count, 0);
            for (int k = 0; k < n; k++) {
                count[(int) (keys[k] >>> shift) & mask]++;
            }
            int sum = 0;
            for (int v = 0; v < count.length; v++) {
                int c = count[v];
                count[v] = sum;
                sum += c;
            }
            for (int k = 0; k < n; k++) {
                long key = keys[k];
                to[count[(int) (key >>> shift) & mask]++] = key;
            }
            long[] t = keys;
            keys = to;
            to = t;
        }
        int[] order = new int[n];
        int indexMask = (int) ((1L << indexBits) - 1);
        long common = starts[0] & ~(addrMask << low); // the bits every address shares
        int addrShift = indexBits + rankBits;
        for (int k = 0; k < n; k++) {
            long key = keys[k];
            order[k] = (int) key & indexMask;
            sortedStarts[k] = common | ((key >>> addrShift) & addrMask) << low;
        }
        return order;
    }

    /** True when the entries already are in index order (sorting them would change nothing). */
    static boolean inOrder(long[] starts, int[] ranks, int n) {
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
