package dev.crashkit.symbolicate.dwarf;

import dev.crashkit.symbolicate.bytes.SortedAddresses;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * Address → entry map built the way llvm's DWARFUnit::updateAddressDieMap builds its own: ranges
 * are added parents first; a range that starts inside an existing span splits it (the part after
 * the new range keeps the old entry), so overlapping or odd ranges resolve as llvm-symbolizer does.
 * Frozen into sorted primitive arrays for lookup.
 */
final class RangeMap {
    /**
     * Spans sorted by start in primitive arrays: compilers emit ranges in ascending order, so an
     * add appends (or splits the last span) without boxing or tree nodes. An add that lands
     * before the end inserts by shifting, and once a map has more than {@link #SHIFT_LIMIT} spans
     * such adds go to a tree instead, so that ranges in a forged order stay O(n log n).
     */
    static final class Builder {
        private static final int SHIFT_LIMIT = 256;
        private long[] starts = new long[8];
        private long[] ends = new long[8];
        private int[] entries = new int[8];
        private int size;
        private TreeMap<Long, long[]> tree; // start -> {end, entry}, once the arrays are given up

        /** Empties the builder for the next map, keeping its arrays. */
        void clear() {
            size = 0;
            tree = null;
        }

        void add(long low, long high, int entry) {
            if (low == high) {
                return;
            }
            if (tree != null) {
                addToTree(low, high, entry);
                return;
            }
            int below = floor(low);
            if (below >= 0 && Long.compareUnsigned(low, ends[below]) < 0) {
                long belowStart = starts[below];
                long belowEnd = ends[below];
                int belowEntry = entries[below];
                if (Long.compareUnsigned(high, belowEnd) < 0) {
                    put(high, belowEnd, belowEntry);
                }
                if (Long.compareUnsigned(low, belowStart) > 0) {
                    put(belowStart, low, belowEntry);
                }
            }
            put(low, high, entry);
        }

        /** Index of the last span starting at or below {@code address}, or -1. */
        private int floor(long address) {
            if (size > 0 && Long.compareUnsigned(starts[size - 1], address) <= 0) {
                return size - 1;
            }
            return SortedAddresses.floor(starts, 0, size, address);
        }

        /** Sets the span starting at {@code start} (replacing one that starts there). */
        private void put(long start, long end, int entry) {
            if (tree != null) {
                tree.put(start, new long[] {end, entry});
                return;
            }
            int at = floor(start);
            if (at >= 0 && starts[at] == start) {
                ends[at] = end;
                entries[at] = entry;
                return;
            }
            at++;
            if (at < size && size > SHIFT_LIMIT) {
                toTree();
                tree.put(start, new long[] {end, entry});
                return;
            }
            if (size == starts.length) {
                starts = Arrays.copyOf(starts, size * 2);
                ends = Arrays.copyOf(ends, size * 2);
                entries = Arrays.copyOf(entries, size * 2);
            }
            System.arraycopy(starts, at, starts, at + 1, size - at);
            System.arraycopy(ends, at, ends, at + 1, size - at);
            System.arraycopy(entries, at, entries, at + 1, size - at);
            starts[at] = start;
            ends[at] = end;
            entries[at] = entry;
            size++;
        }

        private void toTree() {
            tree = new TreeMap<>(Long::compareUnsigned);
            for (int i = 0; i < size; i++) {
                tree.put(starts[i], new long[] {ends[i], entries[i]});
            }
        }

        /** The same steps as {@link #add} on the tree. */
        private void addToTree(long low, long high, int entry) {
            Map.Entry<Long, long[]> below = tree.floorEntry(low);
            if (below != null && Long.compareUnsigned(low, below.getValue()[0]) < 0) {
                long[] span = below.getValue();
                if (Long.compareUnsigned(high, span[0]) < 0) {
                    tree.put(high, new long[] {span[0], span[1]});
                }
                if (Long.compareUnsigned(low, below.getKey()) > 0) {
                    tree.put(below.getKey(), new long[] {low, span[1]});
                }
            }
            tree.put(low, new long[] {high, entry});
        }

        RangeMap build() {
            if (tree == null) {
                return new RangeMap(Arrays.copyOf(starts, size), Arrays.copyOf(ends, size), Arrays.copyOf(entries, size));
            }
            long[] s = new long[tree.size()];
            long[] e = new long[tree.size()];
            int[] n = new int[tree.size()];
            int i = 0;
            for (Map.Entry<Long, long[]> x : tree.entrySet()) {
                s[i] = x.getKey();
                e[i] = x.getValue()[0];
                n[i] = (int) x.getValue()[1];
                i++;
            }
            return new RangeMap(s, e, n);
        }
    }

    private final long[] starts;
    private final long[] ends;
    private final int[] entries;

    private RangeMap(long[] starts, long[] ends, int[] entries) {
        this.starts = starts;
        this.ends = ends;
        this.entries = entries;
    }

    /** Hands every span start and end to {@code sink}: the addresses where {@link #find} may change. */
    void boundaries(java.util.function.LongConsumer sink) {
        for (int i = 0; i < starts.length; i++) {
            sink.accept(starts[i]);
            sink.accept(ends[i]);
        }
    }

    /**
     * {@link #find} for addresses that mostly ascend: starts from where the previous call ended
     * and steps forward, so a sweep over sorted addresses costs O(1) a step; same answers.
     */
    final class Sweep {
        private int at = -1; // last index with starts[at] <= the previous address, or -1

        int find(long address) {
            if (at >= 0 && Long.compareUnsigned(starts[at], address) > 0) {
                at = -1; // went back: start over
            }
            while (at + 1 < starts.length && Long.compareUnsigned(starts[at + 1], address) <= 0) {
                at++;
            }
            if (at < 0 || Long.compareUnsigned(address, ends[at]) >= 0) {
                return -1;
            }
            return entries[at];
        }
    }

    /** The entry whose span covers an address, or -1. */
    int find(long address) {
        int found = SortedAddresses.floor(starts, address);
        if (found < 0 || Long.compareUnsigned(address, ends[found]) >= 0) {
            return -1;
        }
        return entries[found];
    }
}
