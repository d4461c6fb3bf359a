package dev.crashkit.symbolicate.symtab;

import dev.crashkit.symbolicate.bytes.SortedAddresses;
import java.util.Arrays;

/**
 * Collects candidate symbols and turns them into a {@link SymbolTable}.
 *
 * <p>Each candidate comes with the end of the region it may cover (its section's end, or a
 * tighter bound known from the container). When several candidates share an address the
 * preferred one wins (first added with the highest rank). An entry's end is then cut at the
 * next entry's start and at the next function boundary, so that an address is never blamed on a
 * symbol whose function it is not in.
 */
public final class SymbolTableBuilder {
    private long[] starts = new long[64];
    private long[] limits = new long[64];
    private int[] ranks = new int[64];
    private String[] names = new String[64];
    private int n;

    /**
     * @param start link-time start
     * @param limit exclusive upper bound the symbol may never cover (e.g. its section's end)
     * @param rank  higher wins among symbols at the same address (e.g. external over local)
     */
    public SymbolTableBuilder add(String name, long start, long limit, int rank) {
        if (n == starts.length) {
            int cap = n * 2;
            starts = Arrays.copyOf(starts, cap);
            limits = Arrays.copyOf(limits, cap);
            ranks = Arrays.copyOf(ranks, cap);
            names = Arrays.copyOf(names, cap);
        }
        starts[n] = start;
        limits[n] = limit;
        ranks[n] = rank;
        names[n] = name;
        n++;
        return this;
    }

    /**
     * Builds the index.
     *
     * @param boundaries sorted ascending link-time addresses where a new function begins
     *                   (LC_FUNCTION_STARTS, ELF symbol ends...); may be empty
     */
    public SymbolTable build(long[] boundaries) {
        int[] order = sortedOrder();
        long[] outStart = new long[n];
        long[] outEnd = new long[n];
        String[] outName = new String[n];
        int m = 0;
        for (int k = 0; k < n; k++) {
            int i = order[k];
            if (m > 0 && outStart[m - 1] == starts[i]) {
                continue;
            }
            outStart[m] = starts[i];
            outEnd[m] = limits[i];
            outName[m] = names[i];
            m++;
        }
        for (int j = 0; j < m; j++) {
            long end = outEnd[j];
            if (j + 1 < m && Long.compareUnsigned(outStart[j + 1], end) < 0) {
                end = outStart[j + 1];
            }
            long next = nextAbove(boundaries, outStart[j]);
            if (next != outStart[j] && Long.compareUnsigned(next, end) < 0) {
                end = next;
            }
            outEnd[j] = end;
        }
        return new SymbolTable(Arrays.copyOf(outStart, m), Arrays.copyOf(outEnd, m), Arrays.copyOf(outName, m));
    }

    /**
     * Indices sorted by address, then by descending rank, stable (so among equals the first added
     * wins). A bottom-up merge sort on primitive ints: no boxing for million-symbol tables.
     */
    private int[] sortedOrder() {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        int[] b = new int[n];
        for (int width = 1; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + 2 * width, n);
                int i = lo;
                int j = mid;
                int k = lo;
                while (i < mid && j < hi) {
                    b[k++] = before(a[j], a[i]) ? a[j++] : a[i++];
                }
                while (i < mid) {
                    b[k++] = a[i++];
                }
                while (j < hi) {
                    b[k++] = a[j++];
                }
            }
            int[] t = a;
            a = b;
            b = t;
        }
        return a;
    }

    /** True when entry {@code x} must come strictly before entry {@code y}. */
    private boolean before(int x, int y) {
        int c = Long.compareUnsigned(starts[x], starts[y]);
        return c < 0 || (c == 0 && ranks[x] > ranks[y]);
    }

    /** Smallest boundary strictly above {@code address}, or {@code address} itself when there is none. */
    private static long nextAbove(long[] sorted, long address) {
        int i = SortedAddresses.higher(sorted, address);
        return i < sorted.length ? sorted[i] : address;
    }
}
