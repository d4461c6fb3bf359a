package dev.crashkit.symbolicate.breakpad;

/**
 * Stable merge sort of indexes by a comparator over them: parallel primitive arrays are sorted
 * through one permutation instead of as objects. Symbol files are written in address order, so
 * callers check first and sort only what is out of order.
 */
final class Sorting {
    private Sorting() {
    }

    /** Compares the records at two indexes. */
    interface IndexOrder {
        int compare(int a, int b);
    }

    /** The indexes {@code from..to-1} in the order {@code order} gives them, equal ones as they were. */
    static int[] order(int from, int to, IndexOrder order) {
        int n = to - from;
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            idx[i] = from + i;
        }
        int[] tmp = new int[n];
        for (int width = 1; width < n; width *= 2) {
            for (int lo = 0; lo < n - width; lo += 2 * width) {
                int mid = lo + width;
                int hi = Math.min(lo + 2 * width, n);
                int i = lo;
                int j = mid;
                int k = lo;
                while (i < mid && j < hi) {
                    tmp[k++] = order.compare(idx[j], idx[i]) < 0 ? idx[j++] : idx[i++];
                }
                while (i < mid) {
                    tmp[k++] = idx[i++];
                }
                while (j < hi) {
                    tmp[k++] = idx[j++];
                }
                System.arraycopy(tmp, lo, idx, lo, hi - lo);
            }
        }
        return idx;
    }

    /** {@code a[from..]} rearranged as {@code perm} says ({@code perm} holds absolute indexes). */
    static void apply(long[] a, int from, int[] perm) {
        long[] copy = new long[perm.length];
        for (int i = 0; i < perm.length; i++) {
            copy[i] = a[perm[i]];
        }
        System.arraycopy(copy, 0, a, from, perm.length);
    }

    static void apply(int[] a, int from, int[] perm) {
        int[] copy = new int[perm.length];
        for (int i = 0; i < perm.length; i++) {
            copy[i] = a[perm[i]];
        }
        System.arraycopy(copy, 0, a, from, perm.length);
    }
}
