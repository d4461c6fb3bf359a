package dev.crashkit.symbolicate.dwarf;

import dev.crashkit.symbolicate.bytes.SortedAddresses;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Which compile unit covers an address: .debug_aranges where present, the unit DIE's own ranges
 * for every unit aranges does not describe. Overlaps resolve to the unit with the lowest offset,
 * as in llvm's DWARFDebugAranges. Kept as sorted primitive arrays.
 */
final class UnitRanges {
    private final long[] starts;
    private final long[] ends;
    private final Unit[] units;

    private UnitRanges(long[] starts, long[] ends, Unit[] units) {
        this.starts = starts;
        this.ends = ends;
        this.units = units;
    }

    static UnitRanges build(DebugData data) throws DwarfException {
        List<long[]> endpoints = new ArrayList<>(); // {address, isStart (1/0), unit offset}
        Map<Long, Unit> byOffset = new HashMap<>();
        for (Unit u : data.units) {
            byOffset.put((long) u.offset(), u);
        }
        Set<Long> covered = readAranges(data, byOffset, endpoints);
        for (Unit u : data.units) {
            if (u.isTypeUnit() || u.isEmpty() || covered.contains((long) u.offset())) {
                continue;
            }
            long[] r = RangeLists.of(u.unitDie());
            for (int i = 0; i < r.length; i += 2) {
                addRange(endpoints, r[i], r[i + 1], u.offset());
            }
        }
        endpoints.sort((a, b) -> Long.compareUnsigned(a[0], b[0]));
        List<long[]> out = new ArrayList<>(); // {start, end, unit offset}
        TreeMap<Long, Integer> valid = new TreeMap<>();
        long prev = -1L;
        for (long[] e : endpoints) {
            if (Long.compareUnsigned(prev, e[0]) < 0 && !valid.isEmpty()) {
                long[] last = out.isEmpty() ? null : out.get(out.size() - 1);
                if (last != null && last[1] == prev && valid.containsKey(last[2])) {
                    last[1] = e[0];
                } else {
                    out.add(new long[] {prev, e[0], valid.firstKey()});
                }
            }
            if (e[1] == 1) {
                valid.merge(e[2], 1, Integer::sum);
            } else {
                valid.computeIfPresent(e[2], (k, v) -> v == 1 ? null : v - 1);
            }
            prev = e[0];
        }
        long[] starts = new long[out.size()];
        long[] ends = new long[out.size()];
        Unit[] units = new Unit[out.size()];
        for (int i = 0; i < starts.length; i++) {
            starts[i] = out.get(i)[0];
            ends[i] = out.get(i)[1];
            units[i] = byOffset.get(out.get(i)[2]);
        }
        return new UnitRanges(starts, ends, units);
    }

    private static void addRange(List<long[]> endpoints, long low, long high, long unitOffset) {
        if (Long.compareUnsigned(low, high) < 0) {
            endpoints.add(new long[] {low, 1, unitOffset});
            endpoints.add(new long[] {high, 0, unitOffset});
        }
    }

    /** Reads .debug_aranges into endpoints; returns the unit offsets it described. */
    private static Set<Long> readAranges(DebugData data, Map<Long, Unit> known, List<long[]> endpoints)
            throws DwarfException {
        Set<Long> covered = new HashSet<>();
        Cursor c = new Cursor(data.aranges, 0);
        boolean[] dwarf64 = new boolean[1];
        while (c.pos() + 12 <= data.aranges.limit()) {
            int setStart = c.pos();
            long length = c.initialLength(dwarf64);
            // Unsigned: a DWARF64 length of 2^63 or more (or near it, c.pos() + length overflowing) reads
            // negative, and the set would end before it begins.
            int end = Long.compareUnsigned(length, data.aranges.limit() - c.pos()) > 0 ? data.aranges.limit()
                    : (int) (c.pos() + length);
            c.u16(); // version
            long unitOffset = c.unsigned(dwarf64[0] ? 8 : 4);
            int addressSize = c.u8();
            int segmentSize = c.u8();
            if (addressSize != 4 && addressSize != 8 || segmentSize != 0 || !known.containsKey(unitOffset)) {
                c.seek(end);
                continue;
            }
            int tuple = 2 * addressSize;
            int rel = c.pos() - setStart;
            if (rel % tuple != 0) {
                c.seek(c.pos() + tuple - rel % tuple);
            }
            covered.add(unitOffset);
            while (c.pos() + tuple <= end) {
                long start = c.unsigned(addressSize);
                long len = c.unsigned(addressSize);
                if (start == 0 && len == 0) {
                    break;
                }
                if (len != 0) {
                    addRange(endpoints, start, start + len, unitOffset);
                }
            }
            c.seek(end);
        }
        return covered;
    }

    /** Number of address spans; span {@code i} is [{@link #start}, {@link #end}) in {@link #unit}. */
    int size() {
        return starts.length;
    }

    long start(int i) {
        return starts[i];
    }

    long end(int i) {
        return ends[i];
    }

    Unit unit(int i) {
        return units[i];
    }

    /** The unit covering an address, or null. */
    Unit find(long address) {
        int found = SortedAddresses.floor(starts, address);
        if (found < 0 || Long.compareUnsigned(address, ends[found]) >= 0) {
            return null;
        }
        return units[found];
    }

}
