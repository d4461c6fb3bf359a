package dev.crashkit.symbolicate.bytes;

/**
 * Binary search over ascending arrays of unsigned 64-bit addresses, the one lookup every address
 * index (symbols, images, DWARF ranges) is built on.
 */
public final class SortedAddresses {
    private SortedAddresses() {
    }

    /** Index of the last element {@code <= key} in {@code sorted[from, to)}, or {@code from - 1}. */
    public static int floor(long[] sorted, int from, int to, long key) {
        int lo = from;
        int hi = to - 1;
        int found = from - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(sorted[mid], key) <= 0) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    /** Index of the last element {@code <= key}, or -1. */
    public static int floor(long[] sorted, long key) {
        return floor(sorted, 0, sorted.length, key);
    }

    /** Index of the first element {@code > key}, or {@code sorted.length}. */
    public static int higher(long[] sorted, long key) {
        return floor(sorted, key) + 1;
    }
}
