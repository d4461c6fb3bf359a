package dev.crashkit.symbolicate.symtab;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The radix sort behind the symbol index against the JDK's stable object sort with the same
 * ordering rule (unsigned address ascending, rank descending, insertion order among equals).
 */
class AddressOrderTest {
    private static int[] reference(long[] starts, int[] ranks, int n) {
        Integer[] idx = new Integer[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, Comparator.<Integer, Long>comparing(i -> starts[i], Long::compareUnsigned)
                .thenComparing(i -> ranks[i], Comparator.reverseOrder()));
        return Arrays.stream(idx).mapToInt(Integer::intValue).toArray();
    }

    private static void check(long[] starts, int[] ranks) {
        int n = starts.length;
        long[] sortedStarts = new long[n];
        int[] order = AddressOrder.sort(starts, ranks, n, sortedStarts);
        int[] expected = reference(starts, ranks, n);
        if (order == null) { // "already in order"
            assertArrayEquals(IntStream.range(0, n).toArray(), expected);
            return;
        }
        assertArrayEquals(expected, order);
        assertArrayEquals(Arrays.stream(expected).mapToLong(i -> starts[i]).toArray(), sortedStarts);
    }

    @Test
    void randomAddressesWithDuplicatesAndRanks() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int round = 0; round < 200; round++) {
            int n = rnd.nextInt(0, 2000);
            long[] starts = new long[n];
            int[] ranks = new int[n];
            long base = rnd.nextBoolean() ? 0x1_0000_0000L : 0xffff_ff00_0000_0000L; // high bit set too
            for (int i = 0; i < n; i++) {
                starts[i] = base + rnd.nextLong(round % 3 == 0 ? 50 : 1L << 40);
                ranks[i] = round % 4 == 0 ? 1 : rnd.nextInt(-3, 5);
            }
            check(starts, ranks);
        }
    }

    @Test
    void fullWidthKeysAndExtremeRanks() {
        SplittableRandom rnd = new SplittableRandom(11);
        int n = 5000;
        long[] starts = new long[n];
        int[] ranks = new int[n];
        for (int i = 0; i < n; i++) {
            starts[i] = rnd.nextLong();
            ranks[i] = switch (i % 4) {
                case 0 -> Integer.MIN_VALUE;
                case 1 -> Integer.MAX_VALUE;
                case 2 -> 0;
                default -> rnd.nextInt();
            };
        }
        check(starts, ranks);
    }

    @Test
    void alreadySortedAndReversed() {
        int n = 1000;
        long[] up = new long[n];
        long[] down = new long[n];
        int[] ranks = new int[n];
        for (int i = 0; i < n; i++) {
            up[i] = 0x4000 + 16L * (i / 2); // pairs at the same address
            down[i] = 0x4000 + 16L * (n - i);
            ranks[i] = i % 2 == 0 ? 1 : 2; // the second of each pair outranks the first
        }
        check(up, ranks);
        check(down, ranks);
    }
}
