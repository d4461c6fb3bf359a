package dev.crashkit.symbolicate.symtab;

import dev.crashkit.symbolicate.bytes.SortedAddresses;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Collects candidate symbols and turns them into a {@link SymbolTable}.
 *
 * <p>Each candidate comes with the end of the region it may cover (its section's end, or a
 * tighter bound known from the container). When several candidates share an address the
 * preferred one wins (first added with the highest rank). An entry's end is then cut at the
 * next entry's start and at the next function boundary, so that an address is never blamed on a
 * symbol whose function it is not in.
 *
 * <p>Names live in one byte pool as NUL-terminated UTF-8 and are decoded only when a lookup
 * returns them. A container's own string table can serve as the pool
 * ({@link #SymbolTableBuilder(byte[], int)}, {@link #addAt}), so building the index of a
 * million-symbol image creates no per-symbol objects at all.
 */
public final class SymbolTableBuilder {
    private byte[] pool;
    private int poolLength;
    /** False while {@code pool} is the caller's table, which must not be written to. */
    private boolean ownPool;
    private long[] starts;
    private long[] limits;
    private int[] ranks;
    private int[] nameAt;
    private int n;

    /** A builder whose names are given as strings ({@link #add}). */
    public SymbolTableBuilder() {
        this(new byte[256], 64);
        this.poolLength = 0;
        this.ownPool = true;
    }

    /**
     * A builder whose names are NUL-terminated UTF-8 strings inside {@code strings} (a string
     * table), given by offset ({@link #addAt}). The table is shared with the index, not copied:
     * the caller must not change it afterwards.
     *
     * @param expected how many symbols will probably be added (sizes the arrays)
     */
    public SymbolTableBuilder(byte[] strings, int expected) {
        int cap = Math.max(16, expected);
        this.pool = strings;
        this.poolLength = strings.length;
        this.starts = new long[cap];
        this.limits = new long[cap];
        this.ranks = new int[cap];
        this.nameAt = new int[cap];
    }

    /**
     * Adds a symbol named by a string (which must not contain NUL).
     *
     * @param start link-time start
     * @param limit exclusive upper bound the symbol may never cover (e.g. its section's end)
     * @param rank  higher wins among symbols at the same address (e.g. external over local)
     */
    public SymbolTableBuilder add(String name, long start, long limit, int rank) {
        byte[] utf8 = name.getBytes(StandardCharsets.UTF_8);
        if (!ownPool || poolLength + utf8.length + 1 > pool.length) {
            pool = Arrays.copyOf(pool, Math.max(pool.length * 2, poolLength + utf8.length + 1));
            ownPool = true;
        }
        int at = poolLength;
        System.arraycopy(utf8, 0, pool, at, utf8.length);
        pool[at + utf8.length] = 0;
        poolLength += utf8.length + 1;
        return addAt(at, start, limit, rank);
    }

    /**
     * Adds a symbol whose name starts at {@code nameOffset} in the string table given to the
     * constructor (runs to the next NUL or the table's end; an offset at or past the end is an
     * empty name).
     *
     * @param start link-time start
     * @param limit exclusive upper bound the symbol may never cover (e.g. its section's end)
     * @param rank  higher wins among symbols at the same address (e.g. external over local)
     */
    public SymbolTableBuilder addAt(int nameOffset, long start, long limit, int rank) {
        if (n == starts.length) {
            int cap = n * 2;
            starts = Arrays.copyOf(starts, cap);
            limits = Arrays.copyOf(limits, cap);
            ranks = Arrays.copyOf(ranks, cap);
            nameAt = Arrays.copyOf(nameAt, cap);
        }
        starts[n] = start;
        limits[n] = limit;
        ranks[n] = rank;
        nameAt[n] = nameOffset;
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
        int[] order = AddressOrder.sort(starts, ranks, n);
        long[] outStart = new long[n];
        long[] outEnd = new long[n];
        int[] outName = new int[n];
        int m = 0;
        for (int k = 0; k < n; k++) {
            int i = order[k];
            if (m > 0 && outStart[m - 1] == starts[i]) {
                continue;
            }
            outStart[m] = starts[i];
            outEnd[m] = limits[i];
            outName[m] = nameAt[i];
            m++;
        }
        cutEnds(outStart, outEnd, m, boundaries);
        byte[] names = ownPool && poolLength != pool.length ? Arrays.copyOf(pool, poolLength) : pool;
        return m == n
                ? new SymbolTable(outStart, outEnd, names, outName)
                : new SymbolTable(Arrays.copyOf(outStart, m), Arrays.copyOf(outEnd, m), names,
                        Arrays.copyOf(outName, m));
    }

    /** Cuts each entry's end at the next entry's start and at the next function boundary. */
    private static void cutEnds(long[] start, long[] end, int m, long[] boundaries) {
        // Entries ascend, so the next boundary is found by walking forward, not by a search per
        // entry; that needs the boundaries truly ascending, which a corrupt input may break.
        boolean walk = ascending(boundaries);
        int b = 0;
        for (int j = 0; j < m; j++) {
            long e = end[j];
            long s = start[j];
            if (j + 1 < m && Long.compareUnsigned(start[j + 1], e) < 0) {
                e = start[j + 1];
            }
            long next;
            if (walk) {
                while (b < boundaries.length && Long.compareUnsigned(boundaries[b], s) <= 0) {
                    b++;
                }
                next = b < boundaries.length ? boundaries[b] : s;
            } else {
                int i = SortedAddresses.higher(boundaries, s);
                next = i < boundaries.length ? boundaries[i] : s;
            }
            if (next != s && Long.compareUnsigned(next, e) < 0) {
                e = next;
            }
            end[j] = e;
        }
    }

    private static boolean ascending(long[] a) {
        for (int i = 1; i < a.length; i++) {
            if (Long.compareUnsigned(a[i - 1], a[i]) > 0) {
                return false;
            }
        }
        return true;
    }
}
