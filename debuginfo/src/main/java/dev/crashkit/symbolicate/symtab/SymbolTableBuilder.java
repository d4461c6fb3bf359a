package dev.crashkit.symbolicate.symtab;

import dev.crashkit.symbolicate.bytes.SortedAddresses;
import java.nio.ByteBuffer;
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
 * ({@link #SymbolTableBuilder(ByteBuffer, int)}, {@link #addAt}), so building the index of a
 * million-symbol image creates no per-symbol objects and copies no names. A builder builds one
 * table: {@link #build} hands its arrays over to the table and leaves the builder empty.
 */
public final class SymbolTableBuilder {
    private final ByteBuffer table;
    private byte[] ownPool;
    private int ownLength;
    private long[] starts;
    private long[] limits;
    private int[] ranks;
    private int[] nameAt;
    /** Pool offset of each symbol's version, -1 for none; null until a symbol has one. */
    private int[] versionAt;
    private int n;

    /** A builder whose names are given as strings ({@link #add}). */
    public SymbolTableBuilder() {
        this.table = null;
        this.ownPool = new byte[256];
        allocate(64);
    }

    /**
     * A builder whose names are NUL-terminated UTF-8 strings inside {@code strings} (a string
     * table, index 0 at position 0), given by offset ({@link #addAt}). The table is shared with
     * the index, not copied: its bytes must not change afterwards.
     *
     * @param expected how many symbols will probably be added (sizes the arrays)
     */
    public SymbolTableBuilder(ByteBuffer strings, int expected) {
        this.table = strings.duplicate().clear().asReadOnlyBuffer();
        allocate(Math.max(16, expected));
    }

    private void allocate(int cap) {
        starts = new long[cap];
        limits = new long[cap];
        ranks = new int[cap];
        nameAt = new int[cap];
        versionAt = null;
        n = 0;
    }

    /**
     * Adds a symbol named by a string (which must not contain NUL). Only for builders made with
     * {@link #SymbolTableBuilder()}.
     *
     * @param start link-time start
     * @param limit exclusive upper bound the symbol may never cover (e.g. its section's end)
     * @param rank  higher wins among symbols at the same address (e.g. external over local)
     */
    public SymbolTableBuilder add(String name, long start, long limit, int rank) {
        return add(name, "", start, limit, rank);
    }

    /**
     * As {@link #add(String, long, long, int)}, with the symbol's version (an ELF symbol's
     * {@code GLIBC_2.3.2}; "" for none), kept beside the name.
     */
    public SymbolTableBuilder add(String name, String version, long start, long limit, int rank) {
        if (ownPool == null) {
            throw new IllegalStateException("this builder takes names from a string table: use addAt");
        }
        int nameOffset = intern(name);
        if (!version.isEmpty()) {
            if (versionAt == null) {
                versionAt = new int[starts.length];
                Arrays.fill(versionAt, -1);
            }
            int at = intern(version);
            addAt(nameOffset, start, limit, rank);
            versionAt[n - 1] = at;
            return this;
        }
        return addAt(nameOffset, start, limit, rank);
    }

    private int intern(String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        if (ownLength + utf8.length + 1 > ownPool.length) {
            ownPool = Arrays.copyOf(ownPool, Math.max(ownPool.length * 2, ownLength + utf8.length + 1));
        }
        int at = ownLength;
        System.arraycopy(utf8, 0, ownPool, at, utf8.length);
        ownPool[at + utf8.length] = 0;
        ownLength += utf8.length + 1;
        return at;
    }

    /**
     * Adds a symbol whose name starts at {@code nameOffset} in the string table given to the
     * constructor (runs to the next NUL or the table's end; an offset outside the table is an
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
            if (versionAt != null) {
                int from = versionAt.length;
                versionAt = Arrays.copyOf(versionAt, cap);
                Arrays.fill(versionAt, from, cap, -1);
            }
        }
        starts[n] = start;
        limits[n] = limit;
        ranks[n] = rank;
        nameAt[n] = nameOffset;
        n++;
        return this;
    }

    /**
     * Builds the index from the symbols added so far and empties the builder.
     *
     * @param boundaries sorted ascending link-time addresses where a new function begins
     *                   (LC_FUNCTION_STARTS, ELF symbol ends...); may be empty
     */
    public SymbolTable build(long[] boundaries) {
        long[] s = starts;
        long[] e = limits;
        int[] names = nameAt;
        int[] versions = versionAt;
        int[] order = null;
        long[] sortedStarts = null;
        if (!AddressOrder.inOrder(starts, ranks, n)) {
            sortedStarts = new long[n];
            order = AddressOrder.sort(starts, ranks, n, sortedStarts);
        }
        if (order != null) {
            s = sortedStarts;
            e = new long[n];
            names = new int[n];
            versions = versionAt == null ? null : new int[n];
            for (int k = 0; k < n; k++) {
                int i = order[k];
                e[k] = limits[i];
                names[k] = nameAt[i];
                if (versions != null) {
                    versions[k] = versionAt[i];
                }
            }
        }
        // In sorted order the preferred entry of each address comes first: keep only that one,
        // compacting in place (the write index never passes the read index).
        int m = 0;
        for (int k = 0; k < n; k++) {
            if (m > 0 && s[m - 1] == s[k]) {
                continue;
            }
            s[m] = s[k];
            e[m] = e[k];
            names[m] = names[k];
            if (versions != null) {
                versions[m] = versions[k];
            }
            m++;
        }
        cutEnds(s, e, m, boundaries);
        ByteBuffer pool = table != null ? table : ByteBuffer.wrap(Arrays.copyOf(ownPool, ownLength)).asReadOnlyBuffer();
        SymbolTable built = m == s.length
                ? new SymbolTable(s, e, pool, names, versions)
                : new SymbolTable(Arrays.copyOf(s, m), Arrays.copyOf(e, m), pool, Arrays.copyOf(names, m),
                        versions == null ? null : Arrays.copyOf(versions, m));
        allocate(16);
        ownLength = 0;
        return built;
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
