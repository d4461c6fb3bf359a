package dev.crashkit.symbolicate.breakpad;

import dev.crashkit.symbolicate.bytes.SortedAddresses;
import dev.crashkit.symbolicate.bytes.Utf8Strings;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * {@code STACK CFI INIT} ranges and {@code STACK CFI} deltas as parsed data: addresses in sorted
 * arrays, rule texts in one byte pool, decoded only for the address an unwinder asks about
 * (Breakpad also keeps the texts and parses them per lookup, {@code FindCFIFrameInfo}).
 */
final class CfiTable {
    private final long[] initStart;
    private final long[] initEnd;
    private final int[] initText;
    private final long[] deltaAddress;
    private final int[] deltaText;
    private final byte[] texts;

    private CfiTable(long[] initStart, long[] initEnd, int[] initText, long[] deltaAddress, int[] deltaText,
                     byte[] texts) {
        this.initStart = initStart;
        this.initEnd = initEnd;
        this.initText = initText;
        this.deltaAddress = deltaAddress;
        this.deltaText = deltaText;
        this.texts = texts;
    }

    int initCount() {
        return initStart.length;
    }

    int deltaCount() {
        return deltaAddress.length;
    }

    /**
     * The rules at {@code address}: those of the INIT range covering it, then every delta from the
     * range's start up to and including the address. Empty when no range covers it or its INIT
     * text is not a rule set; a bad delta is passed over, as Breakpad passes over it.
     */
    Optional<CfiRules> rulesAt(long address) {
        int i = SortedAddresses.floor(initStart, address);
        if (i < 0 || Long.compareUnsigned(address, initEnd[i]) >= 0) {
            return Optional.empty();
        }
        Map<String, String> rules = new LinkedHashMap<>();
        if (!CfiRules.parseInto(text(initText[i]), rules)) {
            return Optional.empty();
        }
        int d = SortedAddresses.floor(deltaAddress, initStart[i] - 1) + 1;
        if (initStart[i] == 0) {
            d = 0;
        }
        for (; d < deltaAddress.length && Long.compareUnsigned(deltaAddress[d], address) <= 0; d++) {
            if (Long.compareUnsigned(deltaAddress[d], initStart[i]) >= 0) {
                CfiRules.parseInto(text(deltaText[d]), rules);
            }
        }
        return Optional.of(new CfiRules(initStart[i], rules));
    }

    private String text(int at) {
        int end = at;
        while (end < texts.length && texts[end] != 0) {
            end++;
        }
        return Utf8Strings.decode(texts, at, end - at);
    }

    /** Collects the records in file order. */
    static final class Builder {
        private final Growable.Longs initStart = new Growable.Longs();
        private final Growable.Longs initEnd = new Growable.Longs();
        private final Growable.Ints initText = new Growable.Ints();
        private final Growable.Longs deltaAddress = new Growable.Longs();
        private final Growable.Ints deltaText = new Growable.Ints();
        private final Growable.Names texts = new Growable.Names();
        /** INIT ranges dropped as Breakpad's RangeMap drops them (empty, wrapping, overlapping). */
        long dropped;

        void init(long address, long size, byte[] line, int from, int to) throws Growable.PoolFullException {
            if (!FunctionsBuilder.validRange(address, size)) {
                dropped++;
                return;
            }
            initStart.add(address);
            initEnd.add(address + size);
            initText.add(texts.add(line, from, to));
        }

        void delta(long address, byte[] line, int from, int to) throws Growable.PoolFullException {
            deltaAddress.add(address);
            deltaText.add(texts.add(line, from, to));
        }

        CfiTable build() {
            long[] s = initStart.toArray();
            long[] e = initEnd.toArray();
            int[] t = initText.toArray();
            if (!sorted(s)) {
                int[] perm = Sorting.order(0, s.length, (x, y) -> Long.compareUnsigned(initStart.a[x], initStart.a[y]));
                Sorting.apply(s, 0, perm);
                Sorting.apply(e, 0, perm);
                Sorting.apply(t, 0, perm);
            }
            int w = 0;
            for (int r = 0; r < s.length; r++) {
                if (w > 0 && Long.compareUnsigned(s[r], e[w - 1]) < 0) {
                    dropped++;
                    continue;
                }
                s[w] = s[r];
                e[w] = e[r];
                t[w] = t[r];
                w++;
            }
            long[] da = deltaAddress.toArray();
            int[] dt = deltaText.toArray();
            if (!sorted(da)) {
                int[] perm = Sorting.order(0, da.length,
                        (x, y) -> Long.compareUnsigned(deltaAddress.a[x], deltaAddress.a[y]));
                Sorting.apply(da, 0, perm);
                Sorting.apply(dt, 0, perm);
            }
            return new CfiTable(java.util.Arrays.copyOf(s, w), java.util.Arrays.copyOf(e, w),
                    java.util.Arrays.copyOf(t, w), da, dt, texts.toArray());
        }

        private static boolean sorted(long[] a) {
            for (int i = 1; i < a.length; i++) {
                if (Long.compareUnsigned(a[i], a[i - 1]) < 0) {
                    return false;
                }
            }
            return true;
        }
    }
}
