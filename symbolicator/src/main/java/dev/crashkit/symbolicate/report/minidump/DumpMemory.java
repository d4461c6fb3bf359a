package dev.crashkit.symbolicate.report.minidump;

import dev.crashkit.core.unwind.Memory;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The process memory a dump holds ({@code MemoryListStream}, {@code Memory64ListStream}), read in
 * place from the dump's bytes. Ranges are sorted by address and searched by bisection; a range that
 * overlaps one kept before it is dropped (the caller is told how many), so that every address has
 * one answer and a hostile list cannot make reads slow.
 */
final class DumpMemory implements Memory {
    /** One range: {@code size} bytes at {@code address}, stored at file offset {@code rva}. */
    record Range(long address, long size, long rva) {
        long end() {
            return address + size;
        }
    }

    private final byte[] data;
    private final long[] starts;
    private final Range[] ranges;
    private final int dropped;

    DumpMemory(byte[] data, List<Range> all) {
        this.data = data;
        List<Range> sorted = new ArrayList<>(all);
        sorted.removeIf(r -> r.size() == 0 || Long.compareUnsigned(r.address() + r.size(), r.address()) < 0);
        int bad = all.size() - sorted.size();
        sorted.sort(Comparator.comparing(Range::address, Long::compareUnsigned));
        List<Range> kept = new ArrayList<>(sorted.size());
        for (Range r : sorted) {
            Range last = kept.isEmpty() ? null : kept.get(kept.size() - 1);
            if (last != null && Long.compareUnsigned(r.address(), last.end()) < 0) {
                // The same range listed twice (a thread's stack is in the memory list too) is no problem.
                if (r.address() != last.address() || r.size() != last.size()) {
                    bad++;
                }
                continue;
            }
            kept.add(r);
        }
        this.dropped = bad;
        this.ranges = kept.toArray(new Range[0]);
        this.starts = new long[ranges.length];
        for (int i = 0; i < ranges.length; i++) {
            starts[i] = ranges[i].address();
        }
    }

    /** How many listed ranges were left out: empty, wrapping around, or overlapping another but not its copy. */
    int dropped() {
        return dropped;
    }

    int size() {
        return ranges.length;
    }

    /** The range holding {@code address}, or null. */
    Range at(long address) {
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
        if (found < 0) {
            return null;
        }
        Range r = ranges[found];
        return Long.compareUnsigned(address - r.address(), r.size()) < 0 ? r : null;
    }

    @Override
    public int read(long address, byte[] dst, int off, int len) {
        Range r = at(address);
        if (r == null) {
            return 0;
        }
        long inRange = address - r.address();
        int n = (int) Math.min(len, r.size() - inRange);
        System.arraycopy(data, (int) (r.rva() + inRange), dst, off, n);
        return n;
    }
}
