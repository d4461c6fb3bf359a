package dev.crashkit.symbolicate.dwarf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * PackedRows gives back every field of every row as it was added: read in order, backwards, at
 * random, across restarts, with differences of every size (full 64-bit extremes, where the
 * zigzagged difference wraps), and from a builder reused after a bigger table.
 */
class PackedRowsTest {
    private static final long[] EDGES = {0, 1, -1, 63, 64, -64, -65, 127, 128, Long.MAX_VALUE, Long.MIN_VALUE,
        Integer.MAX_VALUE, Integer.MIN_VALUE, 0xffff_ffffL};

    private static long value(Random r) {
        switch (r.nextInt(4)) {
            case 0:
                return EDGES[r.nextInt(EDGES.length)];
            case 1:
                return r.nextLong();
            case 2:
                return r.nextInt(300) - 150;
            default:
                return r.nextInt();
        }
    }

    @Test
    void everyRowReadsBackInAnyOrder() {
        Random r = new Random(12);
        PackedRows.Builder two = new PackedRows.Builder(2);
        PackedRows.Builder three = new PackedRows.Builder(3);
        PackedRows.Builder five = new PackedRows.Builder(5);
        for (int round = 0; round < 4; round++) {
            int n = round == 3 ? 5 : 1 + r.nextInt(1000); // the last round reuses buffers grown before
            long[][] two0 = new long[n][2];
            long[][] three0 = new long[n][3];
            int[][] five0 = new int[n][5];
            two.clear();
            three.clear();
            five.clear();
            for (int i = 0; i < n; i++) {
                two0[i] = new long[] {value(r), value(r)};
                three0[i] = new long[] {value(r), value(r), value(r)};
                for (int k = 0; k < 5; k++) {
                    five0[i][k] = (int) value(r);
                }
                two.add(two0[i][0], two0[i][1]);
                three.add(three0[i][0], three0[i][1], three0[i][2]);
                five.add(five0[i]);
            }
            PackedRows a = two.build();
            PackedRows b = three.build();
            PackedRows c = five.build();
            assertEquals(n, a.size());
            assertEquals(n, b.size());
            assertEquals(n, c.size());
            for (int i = 0; i < n; i++) { // in order
                check(a, b, c, two0, three0, five0, i);
            }
            for (int i = n - 1; i >= 0; i--) { // backwards
                check(a, b, c, two0, three0, five0, i);
            }
            for (int k = 0; k < 3 * n; k++) { // at random, fields in any order
                check(a, b, c, two0, three0, five0, r.nextInt(n));
            }
            assertThrows(IndexOutOfBoundsException.class, () -> a.get(n, 0));
            assertThrows(IndexOutOfBoundsException.class, () -> a.get(-1, 0));
        }
    }

    private static void check(PackedRows a, PackedRows b, PackedRows c, long[][] two, long[][] three, int[][] five,
                              int i) {
        assertEquals(two[i][1], a.get(i, 1), "row " + i);
        assertEquals(two[i][0], a.get(i, 0), "row " + i);
        for (int k = 2; k >= 0; k--) {
            assertEquals(three[i][k], b.get(i, k), "row " + i);
        }
        for (int k = 0; k < 5; k++) {
            assertEquals(five[i][k], c.get(i, k), "row " + i);
        }
    }

    /** A builder given its sizes up front (the stitch's) packs the same rows as one that grows, whatever the guess. */
    @Test
    void aSizedBuilderPacksAsAGrowingOne() {
        Random r = new Random(34);
        int n = 5_000;
        long[][] rows = new long[n][2];
        for (int i = 0; i < n; i++) {
            rows[i] = new long[] {value(r), value(r)};
        }
        PackedRows.Builder growing = new PackedRows.Builder(2);
        PackedRows.Builder tooSmall = new PackedRows.Builder(2, 0, 0);
        PackedRows.Builder tooLarge = new PackedRows.Builder(2, 1 << 20, 4 * n);
        for (long[] row : rows) {
            growing.add(row[0], row[1]);
            tooSmall.add(row[0], row[1]);
            tooLarge.add(row[0], row[1]);
        }
        PackedRows expected = growing.build();
        for (PackedRows.Builder b : new PackedRows.Builder[] {tooSmall, tooLarge}) {
            PackedRows p = b.build();
            assertEquals(expected.size(), p.size());
            assertEquals(expected.byteSize(), p.byteSize());
            for (int i = 0; i < n; i++) {
                assertEquals(rows[i][0], p.get(i, 0));
                assertEquals(rows[i][1], p.get(i, 1));
            }
        }
    }
}
