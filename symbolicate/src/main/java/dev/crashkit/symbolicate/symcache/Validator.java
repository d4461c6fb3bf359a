package dev.crashkit.symbolicate.symcache;

import static dev.crashkit.symbolicate.symcache.SymCacheFormat.*;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * What opening a symbol cache checks in the tables it keeps: strings well delimited, the module
 * record's strings, table counts matching their indexes, the range summary ascending, symbol
 * starts ascending with names inside the strings. The records lookups follow (ranges, locations,
 * functions, names, errors) are checked by {@link SymCache#lookup} as it reads them.
 */
final class Validator {
    private Validator() {
    }

    /** Returns the counts of ranges, locations and functions. */
    static int[] check(SymCache.Sections s, ByteBuffer module, int[] stringOffsets, byte[] pool, long[] symbols,
                       long[] rangeTop) throws BadSymCacheException {
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
        int syms = symbols.length / 3;
        int size = pool.length;
        for (int i = 0; i < syms; i++) {
            if (i > 0 && Long.compareUnsigned(symbols[3 * i - 3], symbols[3 * i]) > 0) {
                throw new BadSymCacheException("symbols out of order at " + i);
            }
            int name = (int) symbols[3 * i + 2]; // the low half of the third word (little-endian)
            if (name < 0 || name >= size && size > 0 || size == 0 && name != 0) {
                throw new BadSymCacheException("symbol " + i + " has a bad name");
            }
            int version = (int) (symbols[3 * i + 2] >>> 32); // the high half
            if (version < -1 || version >= size) {
                throw new BadSymCacheException("symbol " + i + " has a bad version");
            }
        }
        return new int[] {(int) ranges, (int) locations, (int) functions};
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
    private static int strings(int[] offsets, byte[] pool) throws BadSymCacheException {
        int n = offsets.length;
        int length = pool.length;
        if (n < 1) {
            throw new BadSymCacheException("string offsets missing");
        }
        int previous = offsets[0];
        if (previous != 0) {
            throw new BadSymCacheException("strings do not start at 0");
        }
        for (int i = 1; i < n; i++) {
            int o = offsets[i];
            if (o <= previous || o > length || pool[o - 1] != 0) {
                throw new BadSymCacheException("string " + (i - 1) + " badly delimited");
            }
            previous = o;
        }
        if (previous != length) {
            throw new BadSymCacheException("strings section has trailing bytes");
        }
        return n - 1;
    }

    private static void string(int id, int count, boolean optional) throws BadSymCacheException {
        if (id >= count || id < (optional ? -1 : 0)) {
            throw new BadSymCacheException("string index " + id + " out of range");
        }
    }
}
