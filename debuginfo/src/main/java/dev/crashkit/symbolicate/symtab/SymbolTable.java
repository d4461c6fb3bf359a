package dev.crashkit.symbolicate.symtab;

import dev.crashkit.symbolicate.bytes.SortedAddresses;
import dev.crashkit.symbolicate.bytes.Utf8Strings;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;

/**
 * Address-to-symbol index of one image: sorted primitive arrays searched by binary search.
 * Each entry covers {@code [start, end)} in link-time addresses; addresses outside every entry
 * have no symbol. Names are kept as NUL-terminated UTF-8 in one read-only byte pool (usually
 * the image's own string table, read in place from the mapped file) and decoded into a fresh
 * {@code String} when asked for, so a million-symbol index holds no per-symbol objects. Built
 * once per image and never written afterwards (the pool is only read with absolute gets, which
 * touch no buffer state), so it is safe to share between threads.
 */
public final class SymbolTable {
    /** Every BLOCK-th start: a small first-level index that stays in cache, so a lookup in a
     *  million-symbol table touches a handful of cache lines instead of ~20. */
    private static final int BLOCK = 64;
    private final long[] starts;
    private final long[] ends;
    private final ByteBuffer namePool;
    /** The pool's bytes when it was given as an array (read directly by {@link #poolByte}); else null. */
    private final byte[] namePoolArray;
    private final int[] nameAt;
    /** Pool offset of each entry's version, -1 for none; null when no entry has one. */
    private final int[] versionAt;
    private final long[] blockStarts;

    SymbolTable(long[] starts, long[] ends, ByteBuffer namePool, int[] nameAt, int[] versionAt) {
        this(starts, ends, namePool, null, nameAt, versionAt);
    }

    private SymbolTable(long[] starts, long[] ends, ByteBuffer namePool, byte[] namePoolArray, int[] nameAt,
                        int[] versionAt) {
        this.starts = starts;
        this.ends = ends;
        this.namePool = namePool;
        this.namePoolArray = namePoolArray;
        this.nameAt = nameAt;
        this.versionAt = versionAt;
        this.blockStarts = new long[(starts.length + BLOCK - 1) / BLOCK];
        for (int b = 0; b < blockStarts.length; b++) {
            blockStarts[b] = starts[b * BLOCK];
        }
    }

    /**
     * An index over entries as another index lists them (ascending starts, as {@link #start},
     * {@link #end} and {@link #name} give them), with each name NUL-terminated in {@code namePool}
     * at {@code nameAt[i]}: how a symbol cache hands back the table it stored. The arrays are
     * kept, not copied.
     */
    public static SymbolTable of(long[] starts, long[] ends, ByteBuffer namePool, int[] nameAt) {
        return of(starts, ends, namePool, nameAt, null);
    }

    /**
     * The same with versions ({@link #version}): {@code versionAt[i]} is where entry i's version
     * starts in {@code namePool}, -1 for none; null when no entry has one.
     */
    public static SymbolTable of(long[] starts, long[] ends, ByteBuffer namePool, int[] nameAt, int[] versionAt) {
        checkLengths(starts, ends, nameAt, versionAt);
        return new SymbolTable(starts, ends, namePool, nameAt, versionAt);
    }

    /**
     * The same over a pool held in an array, kept (not copied) and never written: how a symbol cache
     * hands back its table. {@link #anyNamed} then reads the array itself, not the buffer a byte at a time.
     */
    public static SymbolTable of(long[] starts, long[] ends, byte[] namePool, int[] nameAt, int[] versionAt) {
        checkLengths(starts, ends, nameAt, versionAt);
        return new SymbolTable(starts, ends, ByteBuffer.wrap(namePool).asReadOnlyBuffer(), namePool, nameAt,
                versionAt);
    }

    private static void checkLengths(long[] starts, long[] ends, int[] nameAt, int[] versionAt) {
        if (starts.length != ends.length || starts.length != nameAt.length
                || versionAt != null && versionAt.length != starts.length) {
            throw new IllegalArgumentException("starts, ends, names and versions differ in length");
        }
    }

    /** An index with no symbols. */
    public static SymbolTable empty() {
        return new SymbolTable(new long[0], new long[0], ByteBuffer.allocate(0), new int[0], null);
    }

    public int size() {
        return starts.length;
    }

    /** The symbol covering {@code address}, if any. */
    public Optional<Symbol> lookup(long address) {
        int i = indexOf(address);
        return i < 0 ? Optional.empty() : Optional.of(new Symbol(name(i), version(i), starts[i], ends[i]));
    }

    /** Index of the entry covering {@code address}, or -1. Allocation-free. */
    public int indexOf(long address) {
        int block = SortedAddresses.floor(blockStarts, address);
        if (block < 0) {
            return -1;
        }
        int from = block * BLOCK;
        int found = SortedAddresses.floor(starts, from, Math.min(from + BLOCK, starts.length), address);
        if (found < 0 || Long.compareUnsigned(address, ends[found]) >= 0) {
            return -1;
        }
        return found;
    }

    /**
     * Whether some entry's name is one of {@code names}, in one pass over the table that decodes only
     * the names whose first two bytes are those of one of {@code names} (a per-report check asks it once
     * per table, and decoding 20,000 names each time would cost more than the check saves).
     */
    public boolean anyNamed(Set<String> names) {
        int[] firstTwo = new int[names.size()];
        int k = 0;
        for (String n : names) {
            byte[] b = n.getBytes(StandardCharsets.UTF_8);
            if (b.length < 2) {
                return anyNamedDecoding(names);
            }
            int two = (b[0] & 0xff) << 8 | (b[1] & 0xff);
            boolean known = false;
            for (int j = 0; j < k; j++) {
                known |= firstTwo[j] == two;
            }
            if (!known) {
                firstTwo[k++] = two;
            }
        }
        if (k < firstTwo.length) {
            firstTwo = Arrays.copyOf(firstTwo, k);
        }
        // SCAN_CHUNK names a call: the check runs once per table, and one loop over all its names
        // stays interpreted (far below the JIT's loop threshold), where the calls are compiled after
        // a few hundred names (~5 ms over 20,000 symbols; BENCHMARKS.md, start path).
        int n = nameAt.length;
        int from = 0;
        while (from < n) {
            int to = Math.min(n, from + SCAN_CHUNK);
            int hit = firstTwoIn(from, to, firstTwo);
            if (hit < 0) {
                from = to;
            } else if (names.contains(name(hit))) {
                return true;
            } else {
                from = hit + 1;
            }
        }
        return false;
    }

    private static final int SCAN_CHUNK = 16;

    /** The first entry of {@code [from, to)} whose name starts with one of {@code firstTwo}'s byte pairs, or -1. */
    private int firstTwoIn(int from, int to, int[] firstTwo) {
        int limit = namePool.capacity();
        for (int i = from; i < to; i++) {
            int a = nameAt[i];
            if (a < 0 || a + 1 >= limit) {
                continue; // a name of at most one byte: none of names
            }
            int two = poolByte(a) << 8 | poolByte(a + 1);
            for (int f = 0; f < firstTwo.length; f++) {
                if (firstTwo[f] == two) {
                    return i;
                }
            }
        }
        return -1;
    }

    /** Byte {@code at} of the name pool: from its array when it was given one (no call through the buffer). */
    private int poolByte(int at) {
        return (namePoolArray != null ? namePoolArray[at] : namePool.get(at)) & 0xff;
    }

    private boolean anyNamedDecoding(Set<String> names) {
        for (int i = 0; i < nameAt.length; i++) {
            if (names.contains(name(i))) {
                return true;
            }
        }
        return false;
    }

    /** Name of entry {@code index}, decoded on each call. */
    public String name(int index) {
        return string(nameAt[index]);
    }

    /** Version of entry {@code index} (an ELF symbol's {@code GLIBC_2.3.2}), "" for none. */
    public String version(int index) {
        return versionAt == null || versionAt[index] < 0 ? "" : string(versionAt[index]);
    }

    /** True when some entry has a version. */
    public boolean hasVersions() {
        return versionAt != null;
    }

    private String string(int at) {
        int limit = namePool.capacity();
        if (at < 0 || at >= limit) {
            return "";
        }
        byte[] pool = namePoolArray;
        if (pool != null) {
            // A symbol cache's table (every batch frame names its function through here): the array read
            // in place, not a byte at a time through the buffer (a virtual call per byte on C1) and a copy.
            int end = at;
            while (end < limit && pool[end] != 0) {
                end++;
            }
            return Utf8Strings.decode(pool, at, end - at);
        }
        int end = at;
        while (end < limit && namePool.get(end) != 0) {
            end++;
        }
        byte[] utf8 = new byte[end - at];
        namePool.get(at, utf8); // absolute: no shared position to race on
        return Utf8Strings.decode(utf8, 0, utf8.length);
    }

    public long start(int index) {
        return starts[index];
    }

    public long end(int index) {
        return ends[index];
    }
}
