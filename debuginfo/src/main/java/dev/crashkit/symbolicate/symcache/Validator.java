package dev.crashkit.symbolicate.symcache;

import static dev.crashkit.symbolicate.symcache.SymCacheFormat.*;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * What opening a symbol cache checks in the tables it keeps: strings well delimited, the module
 * record's strings, table counts matching their indexes, the range summary ascending ({@link #check});
 * symbol starts ascending with names inside the strings ({@link #symbols}, as the table is made). The
 * records lookups follow (ranges, locations, functions, names, errors) are checked by
 * {@link SymCache#lookup} as it reads them.
 */
final class Validator {
    private Validator() {
    }

    /** Returns the counts of ranges, locations and functions. */
    static int[] check(SymCache.Sections s, ByteBuffer module, int[] stringOffsets, byte[] pool, long[] rangeTop)
            throws BadSymCacheException {
        int strings = strings(stringOffsets, pool);
        if (s.count(MODULE) != 1) {
            throw new BadSymCacheException("module record missing");
        }
        ByteBuffer m = module;
        string(m.getInt(0), strings, false);
        string(m.getInt(4), strings, false);
        string(m.getInt(40), strings, false);
        string(m.getInt(56), strings, true);
        string(m.getInt(60), strings, m.getInt(56) < 0);
        long ranges = m.getInt(44) & 0xffffffffL;
        long locations = m.getInt(48) & 0xffffffffL;
        long functions = m.getInt(52) & 0xffffffffL;
        if (s.count(RANGE_INDEX) != (ranges + RANGE_BLOCK - 1) / RANGE_BLOCK
                || s.count(LOCATION_INDEX) != (locations + LOCATION_BLOCK - 1) / LOCATION_BLOCK
                || s.count(FUNCTION_INDEX) != (functions + FUNCTION_BLOCK - 1) / FUNCTION_BLOCK
                || s.count(RANGE_TOP) != (s.count(RANGE_INDEX) + RANGE_TOP_GROUP - 1) / RANGE_TOP_GROUP
                || ranges > Integer.MAX_VALUE || locations > Integer.MAX_VALUE || functions > Integer.MAX_VALUE) {
            throw new BadSymCacheException("table counts and indexes disagree");
        }
        for (int i = 1; i < rangeTop.length; i++) {
            if (Long.compareUnsigned(rangeTop[i - 1], rangeTop[i]) >= 0) {
                throw new BadSymCacheException("range summary out of order at " + i);
            }
        }
        return new int[] {(int) ranges, (int) locations, (int) functions};
    }

    /**
     * The symbol records ({@code start, end, name | version << 32} each), checked (starts ascending,
     * names and versions inside the pool of {@code poolSize} bytes) and split into {@code starts},
     * {@code ends}, {@code names} and {@code versions} in the same pass; returns whether some symbol
     * has a version. It runs once per opened cache over every symbol; the work is done {@link #CHUNK}
     * symbols a call ({@link #symbolChunk}), so that the JIT compiles it after a few hundred symbols:
     * one loop over all of them stays interpreted (20,000 symbols in the benchmark's cache are far
     * below the JIT's loop threshold; BENCHMARKS.md, start path).
     */
    static boolean symbols(long[] records, int poolSize, long[] starts, long[] ends, int[] names, int[] versions)
            throws BadSymCacheException {
        int n = starts.length;
        boolean versioned = false;
        for (int from = 0; from < n; from += CHUNK) {
            int to = Math.min(n, from + CHUNK);
            int done = symbolChunk(records, from, to, poolSize, starts, ends, names, versions);
            if (done >= 0) {
                throw badSymbol(records, done, poolSize);
            }
            versioned |= done == VERSIONED;
        }
        return versioned;
    }

    /** Items checked per call of the chunked checks. */
    static final int CHUNK = 16;

    /** What {@link #symbolChunk} returns for good symbols when some has a version, and when none has. */
    private static final int VERSIONED = -2;
    private static final int UNVERSIONED = -1;

    /**
     * Checks and splits symbols {@code [from, to)} (symbol {@code from} also against the one before
     * it); returns the index of the first bad one, else {@link #VERSIONED} or {@link #UNVERSIONED}.
     */
    private static int symbolChunk(long[] records, int from, int to, int poolSize, long[] starts, long[] ends,
                                   int[] names, int[] versions) {
        // A name must lie in the pool; an empty pool has only name 0 (as an empty string).
        int nameLimit = poolSize > 0 ? poolSize : 1;
        // The last start with its sign bit flipped: unsigned order as signed.
        long previous = from > 0 ? records[3 * from - 3] ^ Long.MIN_VALUE : Long.MIN_VALUE;
        int versioned = 0; // sign bit set once some version is >= 0 (~version < 0)
        for (int i = from, r = 3 * from; i < to; i++, r += 3) {
            long start = records[r];
            long flipped = start ^ Long.MIN_VALUE;
            long third = records[r + 2];
            int name = (int) third; // the low half of the third word (little-endian)
            int version = (int) (third >>> 32); // the high half
            if (flipped < previous || name < 0 || name >= nameLimit || version < -1 || version >= poolSize) {
                return i;
            }
            previous = flipped;
            starts[i] = start;
            ends[i] = records[r + 1];
            names[i] = name;
            versions[i] = version;
            versioned |= ~version;
        }
        return versioned < 0 ? VERSIONED : UNVERSIONED;
    }

    /** Why symbol {@code i} is bad (it is): the first check it fails, in the order they are made. */
    private static BadSymCacheException badSymbol(long[] records, int i, int poolSize) {
        if (i > 0 && Long.compareUnsigned(records[3 * i - 3], records[3 * i]) > 0) {
            return new BadSymCacheException("symbols out of order at " + i);
        }
        int name = (int) records[3 * i + 2];
        if (name < 0 || name >= poolSize && poolSize > 0 || poolSize == 0 && name != 0) {
            return new BadSymCacheException("symbol " + i + " has a bad name");
        }
        return new BadSymCacheException("symbol " + i + " has a bad version");
    }

    /** {@code count} little-endian longs at {@code at}. */
    static long[] longs(ByteBuffer b, int at, int count) {
        long[] out = new long[count];
        b.slice(at, 8 * count).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(out);
        return out;
    }

    /** {@code count} little-endian ints at {@code at}. */
    static int[] ints(ByteBuffer b, int at, int count) {
        int[] out = new int[count];
        b.slice(at, 4 * count).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(out);
        return out;
    }

    /** Checks the string offsets and returns how many strings there are. */
    static int strings(int[] offsets, byte[] pool) throws BadSymCacheException {
        int n = offsets.length;
        int length = pool.length;
        if (n < 1) {
            throw new BadSymCacheException("string offsets missing");
        }
        int previous = offsets[0];
        if (previous != 0) {
            throw new BadSymCacheException("strings do not start at 0");
        }
        for (int from = 1; from < n; from += CHUNK) {
            int bad = stringChunk(offsets, pool, from, Math.min(n, from + CHUNK));
            if (bad >= 0) {
                throw new BadSymCacheException("string " + (bad - 1) + " badly delimited");
            }
        }
        previous = offsets[n - 1];
        if (previous != length) {
            throw new BadSymCacheException("strings section has trailing bytes");
        }
        return n - 1;
    }

    /**
     * Checks string ends {@code [from, to)} ({@code from >= 1}): each after the one before it, inside
     * the pool, on a NUL; returns the first bad one's index, else -1. A call per {@link #CHUNK}
     * offsets, as for {@link #symbolChunk}.
     */
    private static int stringChunk(int[] offsets, byte[] pool, int from, int to) {
        int length = pool.length;
        int previous = offsets[from - 1];
        for (int i = from; i < to; i++) {
            int o = offsets[i];
            if (o <= previous || o > length || pool[o - 1] != 0) {
                return i;
            }
            previous = o;
        }
        return -1;
    }

    private static void string(int id, int count, boolean optional) throws BadSymCacheException {
        if (id >= count || id < (optional ? -1 : 0)) {
            throw new BadSymCacheException("string index " + id + " out of range");
        }
    }
}
