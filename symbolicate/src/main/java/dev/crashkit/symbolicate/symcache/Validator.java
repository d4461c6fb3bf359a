package dev.crashkit.symbolicate.symcache;

import static dev.crashkit.symbolicate.symcache.SymCacheFormat.*;

import java.nio.ByteBuffer;

/**
 * Checks every index in a symbol cache before it is used: strings well delimited, string,
 * function, location and error indexes in range, parents before children (so a chain ends),
 * range starts strictly ascending, symbol starts ascending. One linear pass.
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
        int names = s.count(NAMES);
        for (int i = 0, p = s.offset(NAMES); i < names; i++, p += 16) {
            string(b.getInt(p), strings, true);
            string(b.getInt(p + 4), strings, true);
        }
        int fns = s.count(FUNCTIONS);
        for (int i = 0, p = s.offset(FUNCTIONS); i < fns; i++, p += 16) {
            int n = b.getInt(p);
            if (n < 0 || n >= names) {
                throw new BadSymCacheException("function " + i + " has no names");
            }
            if ((b.getInt(p + 4) & ~3) != 0) {
                throw new BadSymCacheException("function " + i + " has unknown flags");
            }
        }
        int locs = s.count(LOCATIONS);
        for (int i = 0, p = s.offset(LOCATIONS); i < locs; i++, p += 20) {
            int fn = b.getInt(p);
            if (fn < 0 || fn >= fns) {
                throw new BadSymCacheException("location " + i + " has no function");
            }
            string(b.getInt(p + 4), strings, true);
            int parent = b.getInt(p + 16);
            if (parent < -1 || parent >= i) {
                throw new BadSymCacheException("location " + i + " has a bad parent");
            }
        }
        int errs = s.count(ERRORS);
        for (int i = 0, p = s.offset(ERRORS); i < errs; i++, p += 4) {
            string(b.getInt(p), strings, false);
        }
        int ranges = s.count(RANGE_STARTS);
        if (s.count(RANGE_CODES) != ranges) {
            throw new BadSymCacheException("range starts and codes differ in count");
        }
        for (int i = 0, p = s.offset(RANGE_STARTS), q = s.offset(RANGE_CODES); i < ranges; i++, p += 8, q += 4) {
            if (i > 0 && Long.compareUnsigned(b.getLong(p - 8), b.getLong(p)) >= 0) {
                throw new BadSymCacheException("range starts out of order at " + i);
            }
            int code = b.getInt(q);
            if (code >= locs || code < -1 && -2L - code >= errs) {
                throw new BadSymCacheException("range " + i + " has a bad code");
            }
        }
        int syms = s.count(SYMBOLS);
        int pool = s.length(STRINGS);
        for (int i = 0, p = s.offset(SYMBOLS); i < syms; i++, p += 24) {
            if (i > 0 && Long.compareUnsigned(b.getLong(p - 24), b.getLong(p)) > 0) {
                throw new BadSymCacheException("symbols out of order at " + i);
            }
            int name = b.getInt(p + 16);
            if (name < 0 || name >= pool && pool > 0 || pool == 0 && name != 0) {
                throw new BadSymCacheException("symbol " + i + " has a bad name");
            }
        }
    }

    /** Checks the string offsets and returns how many strings there are. */
    private static int strings(ByteBuffer b, SymCache.Sections s) throws BadSymCacheException {
        int n = s.count(STRING_OFFSETS);
        int blob = s.offset(STRINGS);
        int length = s.length(STRINGS);
        if (n < 1) {
            throw new BadSymCacheException("string offsets missing");
        }
        int previous = b.getInt(s.offset(STRING_OFFSETS));
        if (previous != 0) {
            throw new BadSymCacheException("strings do not start at 0");
        }
        for (int i = 1, p = s.offset(STRING_OFFSETS) + 4; i < n; i++, p += 4) {
            int o = b.getInt(p);
            if (o <= previous || o > length || b.get(blob + o - 1) != 0) {
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
