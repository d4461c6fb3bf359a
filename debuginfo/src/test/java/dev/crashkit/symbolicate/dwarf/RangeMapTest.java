package dev.crashkit.symbolicate.dwarf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * RangeMap.Builder gives the spans llvm's updateAddressDieMap steps give, here as a plain
 * TreeMap of those steps (the builder's earlier form): on ranges added in ascending order (what
 * compilers emit), nested, overlapping, repeated, at unsigned extremes, and in random order long
 * enough to move the builder from its arrays to its tree.
 */
class RangeMapTest {

    /** The steps, on a tree: a range splits the span it starts inside; the part after it keeps the old entry. */
    private static final class Reference {
        private final TreeMap<Long, long[]> map = new TreeMap<>(Long::compareUnsigned);

        void add(long low, long high, int entry) {
            if (low == high) {
                return;
            }
            Map.Entry<Long, long[]> below = map.floorEntry(low);
            if (below != null && Long.compareUnsigned(low, below.getValue()[0]) < 0) {
                if (Long.compareUnsigned(high, below.getValue()[0]) < 0) {
                    map.put(high, below.getValue());
                }
                if (Long.compareUnsigned(low, below.getKey()) > 0) {
                    map.put(below.getKey(), new long[] {low, below.getValue()[1]});
                }
            }
            map.put(low, new long[] {high, entry});
        }

        List<String> spans() {
            List<String> out = new ArrayList<>();
            map.forEach((k, v) -> out.add(Long.toUnsignedString(k) + "-" + Long.toUnsignedString(v[0]) + ":" + v[1]));
            return out;
        }
    }

    private static List<String> spans(RangeMap m) {
        List<Long> bounds = new ArrayList<>();
        m.boundaries(bounds::add);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < bounds.size(); i += 2) {
            out.add(Long.toUnsignedString(bounds.get(i)) + "-" + Long.toUnsignedString(bounds.get(i + 1)) + ":"
                    + m.find(bounds.get(i)));
        }
        return out;
    }

    private static void check(long[][] ranges) {
        Reference want = new Reference();
        RangeMap.Builder got = new RangeMap.Builder();
        for (long[] r : ranges) {
            want.add(r[0], r[1], (int) r[2]);
            got.add(r[0], r[1], (int) r[2]);
        }
        RangeMap built = got.build();
        assertEquals(want.spans(), spans(built));
        for (long[] r : ranges) {
            for (long a : new long[] {r[0], r[0] + 1, r[1] - 1, r[1]}) {
                Map.Entry<Long, long[]> e = want.map.floorEntry(a);
                int expect = e != null && Long.compareUnsigned(a, e.getValue()[0]) < 0 ? (int) e.getValue()[1] : -1;
                assertEquals(expect, built.find(a), "address " + Long.toUnsignedString(a));
            }
        }
    }

    @Test
    void handPickedCases() {
        check(new long[][] {{0x1000, 0x2000, 0}, {0x1100, 0x1200, 1}, {0x1180, 0x1190, 2}}); // nested
        check(new long[][] {{0x1000, 0x2000, 0}, {0x1800, 0x2800, 1}}); // overlapping tail
        check(new long[][] {{0x1000, 0x2000, 0}, {0x1000, 0x1800, 1}}); // same start
        check(new long[][] {{0x3000, 0x4000, 0}, {0x1000, 0x2000, 1}, {0x2000, 0x3000, 2}}); // descending
        check(new long[][] {{0x1000, 0x1000, 0}, {5, 6, 1}, {5, 6, 2}}); // empty and repeated
        check(new long[][] {{-16L, -1L, 0}, {1, 2, 1}, {-8L, -4L, 2}}); // unsigned: above 2^63
    }

    @Test
    void randomRangesMatchTheSteps() {
        Random r = new Random(12);
        for (int round = 0; round < 300; round++) {
            int n = round < 200 ? r.nextInt(40) : 300 + r.nextInt(700); // past the builder's shift limit
            boolean ascending = r.nextBoolean();
            long[][] ranges = new long[n][];
            long at = r.nextBoolean() ? 0x100000000L : -0x100000L;
            for (int i = 0; i < n; i++) {
                long low = ascending ? (at += r.nextInt(64)) : at + r.nextInt(50_000);
                long high = low + r.nextInt(r.nextInt(8) == 0 ? 5_000 : 80);
                ranges[i] = new long[] {low, high, i};
            }
            check(ranges);
        }
    }
}
