package dev.crashkit.symbolicate.dwarf;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The section buffers of one image plus the list of units in .debug_info (headers only; their
 * DIEs are decoded on demand) and the shared abbreviation tables.
 */
final class DebugData {
    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

    final ByteBuffer info;
    final ByteBuffer abbrev;
    final ByteBuffer line;
    final ByteBuffer str;
    final ByteBuffer lineStr;
    final ByteBuffer strOffsets;
    final ByteBuffer addr;
    final ByteBuffer ranges;
    final ByteBuffer rnglists;
    final ByteBuffer aranges;
    final List<Unit> units;
    private final int[] unitOffsets;
    private final Map<Long, AbbrevTable> abbrevTables = new HashMap<>();
    /** {@link Names#of} by {@link InlineTree#nameKey}, filled by lookups (on several threads in prepare). */
    final Map<Long, Names.Identity> identities = new ConcurrentHashMap<>();

    DebugData(DwarfSections s) throws DwarfException {
        ByteOrder order = s.order();
        info = buffer(s, DwarfSection.DEBUG_INFO, order);
        abbrev = buffer(s, DwarfSection.DEBUG_ABBREV, order);
        line = buffer(s, DwarfSection.DEBUG_LINE, order);
        str = buffer(s, DwarfSection.DEBUG_STR, order);
        lineStr = buffer(s, DwarfSection.DEBUG_LINE_STR, order);
        strOffsets = buffer(s, DwarfSection.DEBUG_STR_OFFSETS, order);
        addr = buffer(s, DwarfSection.DEBUG_ADDR, order);
        ranges = buffer(s, DwarfSection.DEBUG_RANGES, order);
        rnglists = buffer(s, DwarfSection.DEBUG_RNGLISTS, order);
        aranges = buffer(s, DwarfSection.DEBUG_ARANGES, order);
        units = scanUnits();
        unitOffsets = new int[units.size()];
        for (int i = 0; i < unitOffsets.length; i++) {
            unitOffsets[i] = units.get(i).offset();
        }
    }

    private static ByteBuffer buffer(DwarfSections s, DwarfSection which, ByteOrder order) {
        return s.section(which).map(b -> b.duplicate().order(order)).orElse(EMPTY);
    }

    private List<Unit> scanUnits() throws DwarfException {
        List<Unit> list = new ArrayList<>();
        Cursor c = new Cursor(info, 0);
        boolean[] dwarf64 = new boolean[1];
        while (c.pos() + 11 <= info.limit()) {
            int start = c.pos();
            long length = c.initialLength(dwarf64);
            int headerEnd = c.pos();
            // Unsigned: a DWARF64 length of 2^63 or more reads negative and would pass a signed check.
            if (Long.compareUnsigned(length, info.limit() - headerEnd) > 0) {
                throw new DwarfException("unit at 0x" + Integer.toHexString(start) + " extends past the end of .debug_info");
            }
            int end = (int) (headerEnd + length);
            int version = c.u16();
            if (version < 2 || version > 5) {
                throw new DwarfException("unit at 0x" + Integer.toHexString(start) + " has unsupported DWARF version " + version);
            }
            int offsetSize = dwarf64[0] ? 8 : 4;
            int unitType = Dw.UT_COMPILE;
            int addressSize;
            long abbrevOffset;
            if (version >= 5) {
                unitType = c.u8();
                addressSize = c.u8();
                abbrevOffset = c.unsigned(offsetSize);
                switch (unitType) {
                    case Dw.UT_SKELETON, Dw.UT_SPLIT_COMPILE -> c.skip(8);
                    case Dw.UT_TYPE, Dw.UT_SPLIT_TYPE -> c.skip(8 + offsetSize);
                    default -> { }
                }
            } else {
                abbrevOffset = c.unsigned(offsetSize);
                addressSize = c.u8();
            }
            if (addressSize != 2 && addressSize != 4 && addressSize != 8) {
                throw new DwarfException("unit at 0x" + Integer.toHexString(start) + " has address size " + addressSize);
            }
            list.add(new Unit(this, start, version, unitType, addressSize, offsetSize, abbrevOffset, c.pos(), end));
            c.seek(end);
        }
        return List.copyOf(list);
    }

    /** Synchronized: units are decoded on several threads by {@link DwarfContext#prepare}. */
    synchronized AbbrevTable abbrevTable(long offset) throws DwarfException {
        AbbrevTable t = abbrevTables.get(offset);
        if (t == null) {
            t = AbbrevTable.parse(abbrev, offset);
            abbrevTables.put(offset, t);
        }
        return t;
    }

    /** The unit whose DIEs contain an absolute .debug_info offset, or null. */
    Unit unitContaining(long dieOffset) {
        int lo = 0;
        int hi = unitOffsets.length - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (unitOffsets[mid] <= dieOffset) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        if (found < 0) {
            return null;
        }
        Unit u = units.get(found);
        return dieOffset >= u.firstDieOffset() && dieOffset < u.end() ? u : null;
    }

    /** The DIE at an absolute .debug_info offset, or null when no unit holds it. */
    Die dieAt(long dieOffset) throws DwarfException {
        Unit u = unitContaining(dieOffset);
        return u == null ? null : u.dieAt((int) dieOffset);
    }
}
