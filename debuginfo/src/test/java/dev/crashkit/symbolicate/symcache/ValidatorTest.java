package dev.crashkit.symbolicate.symcache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The chunked symbol and string checks against the one-loop checks they replaced (written out
 * here): the same symbols refused with the same message, the same tables and versions otherwise,
 * whatever the count (around every chunk boundary) and wherever the damage is.
 */
class ValidatorTest {
    private final Random random = new Random(27);

    @Test
    void symbolsAreCheckedAndSplitAsByOneLoop() {
        for (int round = 0; round < 4000; round++) {
            int n = round < 100 ? round : random.nextInt(3 * Validator.CHUNK + 5);
            int poolSize = random.nextInt(4) == 0 ? random.nextInt(2) : 1 + random.nextInt(500);
            long[] records = goodSymbols(n, poolSize, random.nextBoolean());
            if (n > 0 && random.nextInt(3) > 0) {
                damage(records, random.nextInt(n), poolSize);
            }
            String expected;
            long[][] expectedTables = null;
            try {
                expectedTables = oneLoop(records, poolSize);
                expected = "ok " + expectedTables[4][0];
            } catch (BadSymCacheException e) {
                expected = e.getMessage();
            }
            long[] starts = new long[n];
            long[] ends = new long[n];
            int[] names = new int[n];
            int[] versions = new int[n];
            String actual;
            try {
                actual = "ok " + (Validator.symbols(records, poolSize, starts, ends, names, versions) ? 1 : 0);
            } catch (BadSymCacheException e) {
                actual = e.getMessage();
            }
            assertEquals(expected, actual, "round " + round);
            if (expectedTables != null) {
                assertArrayEquals(expectedTables[0], starts);
                assertArrayEquals(expectedTables[1], ends);
                assertArrayEquals(expectedTables[2], Arrays.stream(names).asLongStream().toArray());
                assertArrayEquals(expectedTables[3], Arrays.stream(versions).asLongStream().toArray());
            }
        }
    }

    @Test
    void stringEndsAreCheckedAsByOneLoop() {
        for (int round = 0; round < 4000; round++) {
            int count = round < 100 ? round : random.nextInt(3 * Validator.CHUNK + 5);
            byte[] pool = new byte[count * 3];
            int[] offsets = new int[count + 1];
            int at = 0;
            for (int i = 0; i < count; i++) {
                int length = random.nextInt(3);
                Arrays.fill(pool, at, at + length, (byte) 'a');
                at += length;
                pool[at++] = 0;
                offsets[i + 1] = at;
            }
            pool = Arrays.copyOf(pool, at);
            if (count > 0 && random.nextInt(3) > 0) {
                int i = 1 + random.nextInt(count);
                switch (random.nextInt(4)) {
                    case 0 -> offsets[i] = offsets[i - 1];
                    case 1 -> offsets[i] = pool.length + 1 + random.nextInt(3);
                    case 2 -> pool[offsets[i] - 1] = 'x';
                    default -> offsets[i] -= random.nextInt(3);
                }
            }
            String expected;
            try {
                expected = "ok " + oneLoopStrings(offsets, pool);
            } catch (BadSymCacheException e) {
                expected = e.getMessage();
            }
            String actual;
            try {
                actual = "ok " + Validator.strings(offsets, pool);
            } catch (BadSymCacheException e) {
                actual = e.getMessage();
            }
            assertEquals(expected, actual, "round " + round);
        }
    }

    /** Ascending starts, names and versions inside the pool (or -1). */
    private long[] goodSymbols(int n, int poolSize, boolean withVersions) {
        long[] r = new long[3 * n];
        long start = random.nextBoolean() ? random.nextLong() : random.nextInt(1000);
        for (int i = 0; i < n; i++) {
            if (random.nextInt(5) > 0) {
                start += random.nextInt(100);
            }
            int name = poolSize == 0 ? 0 : random.nextInt(poolSize);
            int version = withVersions && poolSize > 0 && random.nextBoolean() ? random.nextInt(poolSize) : -1;
            r[3 * i] = start;
            r[3 * i + 1] = start + random.nextInt(50);
            r[3 * i + 2] = (name & 0xffffffffL) | ((long) version << 32);
        }
        return r;
    }

    private void damage(long[] r, int i, int poolSize) {
        switch (random.nextInt(5)) {
            case 0 -> r[3 * i] = i > 0 ? r[3 * i - 3] - 1 - random.nextInt(3) : r[3 * i];
            case 1 -> r[3 * i + 2] = (r[3 * i + 2] & 0xffffffff00000000L) | (poolSize + random.nextInt(3) & 0xffffffffL);
            case 2 -> r[3 * i + 2] = (r[3 * i + 2] & 0xffffffff00000000L) | 0x80000000L;
            case 3 -> r[3 * i + 2] = (r[3 * i + 2] & 0xffffffffL) | ((long) (poolSize + random.nextInt(3)) << 32);
            default -> r[3 * i + 2] = (r[3 * i + 2] & 0xffffffffL) | ((long) (-2 - random.nextInt(5)) << 32);
        }
    }

    /** The checks and the split as they were: one loop each (Validator.check, SymCache.symbolTable). */
    private static long[][] oneLoop(long[] symbols, int size) throws BadSymCacheException {
        int syms = symbols.length / 3;
        for (int i = 0; i < syms; i++) {
            if (i > 0 && Long.compareUnsigned(symbols[3 * i - 3], symbols[3 * i]) > 0) {
                throw new BadSymCacheException("symbols out of order at " + i);
            }
            int name = (int) symbols[3 * i + 2];
            if (name < 0 || name >= size && size > 0 || size == 0 && name != 0) {
                throw new BadSymCacheException("symbol " + i + " has a bad name");
            }
            int version = (int) (symbols[3 * i + 2] >>> 32);
            if (version < -1 || version >= size) {
                throw new BadSymCacheException("symbol " + i + " has a bad version");
            }
        }
        long[][] t = new long[5][syms];
        t[4] = new long[1];
        for (int i = 0; i < syms; i++) {
            t[0][i] = symbols[3 * i];
            t[1][i] = symbols[3 * i + 1];
            t[2][i] = (int) symbols[3 * i + 2];
            t[3][i] = (int) (symbols[3 * i + 2] >>> 32);
            if (t[3][i] >= 0) {
                t[4][0] = 1;
            }
        }
        return t;
    }

    private static int oneLoopStrings(int[] offsets, byte[] pool) throws BadSymCacheException {
        int n = offsets.length;
        int length = pool.length;
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
}
