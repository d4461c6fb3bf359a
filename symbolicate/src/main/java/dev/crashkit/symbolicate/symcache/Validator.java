package dev.crashkit.symbolicate.symcache;

import static dev.crashkit.symbolicate.symcache.SymCacheFormat.*;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * What opening a symbol cache checks besides the directory and checksums: strings well
 * delimited, the module record's strings, range starts and codes of equal count, symbol starts
 * ascending with names inside the strings. The records lookups follow (locations, functions,
 * names, errors) are checked by {@link SymCache#lookup} as it reads them.
 */
final class Validator {
    private Validator() {
    }

    static void check(ByteBuffer b, SymCache.Sections s) throws BadSymCacheException {
        int strings = strings(b, s);
        if (s.count(MODULE) != 1) {
            throw new BadSymCacheException("module record missing");
        }
        int m = s.offset(MODULE);
        string(b.getInt(m), strings, false);
        string(b.getInt(m + 4), strings, false);
        string(b.getInt(m + 40), strings, false);
        string(b.getInt(m + 56), strings, true);
        string(b.getInt(m + 60), strings, b.getInt(m + 56) < 0);
        long ranges = b.getInt(m + 44) & 0xffffffffL;
        long locations = b.getInt(m + 48) & 0xffffffffL;
        long functions = b.getInt(m + 52) & 0xffffffffL;
        if (s.count(RANGE_INDEX) != (ranges + RANGE_BLOCK - 1) / RANGE_BLOCK
                || s.count(LOCATION_INDEX) != (locations + LOCATION_BLOCK - 1) / LOCATION_BLOCK
                || s.count(FUNCTION_INDEX) != (functions + FUNCTION_BLOCK - 1) / FUNCTION_BLOCK
                || ranges > Integer.MAX_VALUE || locations > Integer.MAX_VALUE || functions > Integer.MAX_VALUE) {
            throw new BadSymCacheException("table counts and indexes disagree");
        }
        for (int i = 1, p = s.offset(RANGE_INDEX) + 16; i < s.count(RANGE_INDEX); i++, p += 16) {
            if (Long.compareUnsigned(b.getLong(p - 16), b.getLong(p)) >= 0) {
                throw new BadSymCacheException("range blocks out of order at " + i);
            }
        }
        int syms = s.count(SYMBOLS);
        int pool = s.length(STRINGS);
        long[] records = longs(b, s.offset(SYMBOLS), 3 * syms);
        for (int i = 0; i < syms; i++) {
            if (i > 0 && Long.compareUnsigned(records[3 * i - 3], records[3 * i]) > 0) {
                throw new BadSymCacheException("symbols out of order at " + i);
            }
            int name = (int) records[3 * i + 2]; // the low half of the third word (little-endian)
            if (name < 0 || name >= pool && pool > 0 || pool == 0 && name != 0) {
                throw new BadSymCacheException("symbol " + i + " has a bad name");
            }
            int version = (int) (records[3 * i + 2] >>> 32); // the high half
            if (version < -1 || version >= pool) {
                throw new BadSymCacheException("symbol " + i + " has a bad version");
            }
        }
    }

    /*
     * Tables are copied out of the mapping in bulk before they are checked: opening runs once per
     * file, mostly before the JIT has compiled anything, and an interpreted loop of
     * ByteBuffer.getInt calls on a mapping costs ~100 ns a value (20 openings of a big dSYM's
     * cache took ~0.4 s of a batch run's CPU), where the bulk copy is a memory copy.
     */

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
    private static int strings(ByteBuffer b, SymCache.Sections s) throws BadSymCacheException {
        int n = s.count(STRING_OFFSETS);
        int blob = s.offset(STRINGS);
        int length = s.length(STRINGS);
        if (n < 1) {
            throw new BadSymCacheException("string offsets missing");
        }
        int[] offsets = ints(b, s.offset(STRING_OFFSETS), n);
        byte[] pool = new byte[length];
        b.get(blob, pool);
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
