package dev.crashkit.symbolicate.dwarf;

import java.util.Map;
import java.util.TreeMap;

/**
 * Address → entry map built the way llvm's DWARFUnit::updateAddressDieMap builds its own: ranges
 * are added parents first; a range that starts inside an existing span splits it (the part after
 * the new range keeps the old entry), so overlapping or odd ranges resolve as llvm-symbolizer does.
 * Frozen into sorted primitive arrays for lookup.
 */
final class RangeMap {
    private record Span(long end, int entry) {
    }

    static final class Builder {
        private final TreeMap<Long, Span> map = new TreeMap<>(Long::compareUnsigned);

        void add(long low, long high, int entry) {
            if (low == high) {
                return;
            }
            Map.Entry<Long, Span> below = map.floorEntry(low);
            if (below != null && Long.compareUnsigned(low, below.getValue().end()) < 0) {
                if (Long.compareUnsigned(high, below.getValue().end()) < 0) {
                    map.put(high, below.getValue());
                }
                if (Long.compareUnsigned(low, below.getKey()) > 0) {
                    map.put(below.getKey(), new Span(low, below.getValue().entry()));
                }
            }
            map.put(low, new Span(high, entry));
        }

        RangeMap build() {
            long[] starts = new long[map.size()];
            long[] ends = new long[map.size()];
            int[] entries = new int[map.size()];
            int i = 0;
            for (Map.Entry<Long, Span> e : map.entrySet()) {
                starts[i] = e.getKey();
                ends[i] = e.getValue().end();
                entries[i] = e.getValue().entry();
                i++;
            }
            return new RangeMap(starts, ends, entries);
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
        int lo = 0;
        int hi = starts.length - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(starts[mid], address) <= 0) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        if (found < 0 || Long.compareUnsigned(address, ends[found]) >= 0) {
            return -1;
        }
        return entries[found];
    }
}
