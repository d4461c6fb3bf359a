package dev.crashkit.symbolicate.dwarf;

import java.util.Arrays;

/**
 * Address ranges of a DIE: DW_AT_low_pc/high_pc, or DW_AT_ranges into .debug_ranges (DWARF 2-4)
 * or .debug_rnglists (DWARF 5). Results are flat arrays {low0, high0, low1, high1, ...}.
 */
final class RangeLists {
    private static final long[] NONE = new long[0];

    private RangeLists() {
    }

    /**
     * Adds the ranges {@link #of} gives to {@code map} for {@code entry}, in the same order; the
     * usual low/high pair without an array.
     */
    static void addTo(Die d, RangeMap.Builder map, int entry) throws DwarfException {
        int lo = d.find(Dw.AT_LOW_PC);
        if (lo >= 0 && FormReader.isAddressForm(d.forms()[lo])) {
            int hi = d.find(Dw.AT_HIGH_PC);
            if (hi >= 0 && FormReader.isConstantForm(d.forms()[hi])) {
                long low = d.unit().address(d, lo);
                map.add(low, low + d.values()[hi], entry);
                return;
            }
        }
        long[] r = of(d);
        for (int i = 0; i < r.length; i += 2) {
            map.add(r[i], r[i + 1], entry);
        }
    }

    static long[] of(Die d) throws DwarfException {
        Unit u = d.unit();
        int lo = d.find(Dw.AT_LOW_PC);
        if (lo >= 0 && FormReader.isAddressForm(d.forms()[lo])) {
            int hi = d.find(Dw.AT_HIGH_PC);
            if (hi >= 0) {
                long low = u.address(d, lo);
                int form = d.forms()[hi];
                if (FormReader.isAddressForm(form)) {
                    return new long[] {low, u.address(d, hi)};
                }
                if (FormReader.isConstantForm(form)) {
                    return new long[] {low, low + d.values()[hi]};
                }
            }
        }
        int r = d.find(Dw.AT_RANGES);
        if (r < 0) {
            return NONE;
        }
        long offset = d.values()[r];
        if (d.forms()[r] == Dw.FORM_RNGLISTX) {
            long base = u.rnglistsBase();
            long at = Unit.slot(base, offset, u.offsetSize(), u.data().rnglists.limit());
            if (at < 0) {
                throw new DwarfException("range list index " + Long.toUnsignedString(offset) + " outside .debug_rnglists");
            }
            offset = base + new Cursor(u.data().rnglists, (int) at).unsigned(u.offsetSize());
        }
        return u.version() >= 5 ? rnglist(u, offset) : rangeList(u, offset);
    }

    /** DWARF 2-4 .debug_ranges: (start, end) pairs, a max-address start sets a new base. */
    private static long[] rangeList(Unit u, long offset) throws DwarfException {
        if (offset < 0 || offset >= u.data().ranges.limit()) {
            throw new DwarfException("range list offset 0x" + Long.toHexString(offset) + " outside .debug_ranges");
        }
        int size = u.addressSize();
        long max = size == 8 ? -1L : (1L << (size * 8)) - 1;
        boolean hasBase = u.hasBaseAddress();
        long base = u.baseAddress();
        Cursor c = new Cursor(u.data().ranges, (int) offset);
        long[] out = new long[8];
        int n = 0;
        while (true) {
            long start = c.unsigned(size);
            long end = c.unsigned(size);
            if (start == 0 && end == 0) {
                break;
            }
            if (start == max) {
                base = end;
                hasBase = true;
                continue;
            }
            if (hasBase) {
                start += base;
                end += base;
            }
            if (n + 2 > out.length) {
                out = Arrays.copyOf(out, out.length * 2);
            }
            out[n++] = start;
            out[n++] = end;
        }
        return Arrays.copyOf(out, n);
    }

    /** DWARF 5 .debug_rnglists entries (DW_RLE_*). */
    private static long[] rnglist(Unit u, long offset) throws DwarfException {
        if (offset < 0 || offset >= u.data().rnglists.limit()) {
            throw new DwarfException("range list offset 0x" + Long.toHexString(offset) + " outside .debug_rnglists");
        }
        long base = u.hasBaseAddress() ? u.baseAddress() : 0;
        int size = u.addressSize();
        Cursor c = new Cursor(u.data().rnglists, (int) offset);
        long[] out = new long[8];
        int n = 0;
        while (true) {
            int kind = c.u8();
            long start;
            long end;
            switch (kind) {
                case Dw.RLE_END_OF_LIST -> {
                    return Arrays.copyOf(out, n);
                }
                case Dw.RLE_BASE_ADDRESSX -> {
                    base = u.addressAtIndex(c.uleb());
                    continue;
                }
                case Dw.RLE_BASE_ADDRESS -> {
                    base = c.unsigned(size);
                    continue;
                }
                case Dw.RLE_STARTX_ENDX -> {
                    start = u.addressAtIndex(c.uleb());
                    end = u.addressAtIndex(c.uleb());
                }
                case Dw.RLE_STARTX_LENGTH -> {
                    start = u.addressAtIndex(c.uleb());
                    end = start + c.uleb();
                }
                case Dw.RLE_OFFSET_PAIR -> {
                    start = base + c.uleb();
                    end = base + c.uleb();
                }
                case Dw.RLE_START_END -> {
                    start = c.unsigned(size);
                    end = c.unsigned(size);
                }
                case Dw.RLE_START_LENGTH -> {
                    start = c.unsigned(size);
                    end = start + c.uleb();
                }
                default -> throw new DwarfException("unknown range list entry kind " + kind);
            }
            if (n + 2 > out.length) {
                out = Arrays.copyOf(out, out.length * 2);
            }
            out[n++] = start;
            out[n++] = end;
        }
    }
}
