package dev.crashkit.symbolicate.dwarf;

import java.util.Arrays;
import java.util.OptionalLong;

/**
 * One outermost subroutine and every subprogram / inlined subroutine below it, with the call
 * site of each inlined one and an llvm-style address map ({@link RangeMap}) telling which entry
 * is innermost at each address. Entry 0 is the outermost subroutine itself.
 */
final class InlineTree {
    // Per entry, packed (two arrays per tree instead of one per field: a cold run builds thousands):
    // ints: die offset, parent, call file, call line, call column, low_pc form (0: none) << 1 | inlined.
    private static final int INTS = 6;
    // longs: name key, low_pc raw value.
    private static final int LONGS = 2;
    private final int[] ints;
    private final long[] longs;
    private final RangeMap map;

    private InlineTree(int[] ints, long[] longs, RangeMap map) {
        this.ints = ints;
        this.longs = longs;
        this.map = map;
    }

    /**
     * What building a tree needs besides its result, kept by the caller from one tree to the next
     * (a unit's trees are built one at a time, by one thread): nothing is allocated per entry.
     */
    static final class Scratch {
        private int[] ints = new int[16 * INTS];
        private long[] longs = new long[16 * LONGS];
        private int[] stack = new int[32];
        private final int[] forms = new int[32];
        private final long[] values = new long[32];
        private final RangeMap.Builder ranges = new RangeMap.Builder();
    }

    /** Decodes the DIEs in [start, end) of .debug_info: one outermost subroutine and its children. */
    static InlineTree build(Unit u, int start, int end) throws DwarfException {
        return build(u, start, end, new Scratch());
    }

    /** {@link #build(Unit, int, int)} with a caller's scratch space. */
    static InlineTree build(Unit u, int start, int end, Scratch s) throws DwarfException {
        int[] ints = s.ints;
        long[] longs = s.longs;
        int[] stack = s.stack;
        RangeMap.Builder ranges = s.ranges;
        ranges.clear();
        int count = 0;
        int depth = 0;
        DieWalker c = new DieWalker(u, start);
        try {
            while (c.pos() < end) {
                int dieOffset = c.pos();
                long code = c.code();
                if (code == 0) {
                    if (--depth <= 0) {
                        break;
                    }
                    continue;
                }
                Abbrev a = c.abbrev(code);
                int parent = depth == 0 ? -1 : stack[depth - 1];
                int self = parent;
                if (a.tag() == Dw.TAG_SUBPROGRAM || a.tag() == Dw.TAG_INLINED_SUBROUTINE) {
                    Die d = c.read(dieOffset, s.forms, s.values);
                    if ((count + 1) * INTS > ints.length) {
                        ints = s.ints = Arrays.copyOf(ints, ints.length * 2);
                        longs = s.longs = Arrays.copyOf(longs, longs.length * 2);
                    }
                    self = count++;
                    int at = self * INTS;
                    int lo = d.find(Dw.AT_LOW_PC);
                    int lowForm = lo >= 0 && FormReader.isAddressForm(d.forms()[lo]) ? d.forms()[lo] : 0;
                    ints[at] = dieOffset;
                    ints[at + 1] = parent;
                    ints[at + 2] = constant(d, Dw.AT_CALL_FILE);
                    ints[at + 3] = constant(d, Dw.AT_CALL_LINE);
                    ints[at + 4] = constant(d, Dw.AT_CALL_COLUMN);
                    ints[at + 5] = lowForm << 1 | (a.tag() == Dw.TAG_INLINED_SUBROUTINE ? 1 : 0);
                    long origin = Names.soleOrigin(d);
                    longs[self * LONGS] = origin >= 0 ? origin : dieOffset;
                    longs[self * LONGS + 1] = lowForm == 0 ? 0 : d.values()[lo];
                    RangeLists.addTo(d, ranges, self);
                } else {
                    c.skipAttributes(a);
                }
                if (a.hasChildren()) {
                    if (depth == stack.length) {
                        stack = s.stack = Arrays.copyOf(stack, depth * 2);
                    }
                    stack[depth++] = self;
                } else if (depth == 0) {
                    break;
                }
            }
            return new InlineTree(Arrays.copyOf(ints, count * INTS), Arrays.copyOf(longs, count * LONGS),
                    ranges.build());
        } finally {
            ranges.clear();
        }
    }

    private static int constant(Die d, int attr) {
        int i = d.find(attr);
        return i >= 0 && FormReader.isConstantForm(d.forms()[i]) ? (int) d.values()[i] : 0;
    }

    /** Number of entries (the outermost subroutine and everything below it). */
    int size() {
        return ints.length / INTS;
    }

    /** {@link #find} for a sweep over ascending addresses, except that -1 stands for entry 0. */
    RangeMap.Sweep sweep() {
        return map.new Sweep();
    }

    /** Addresses where {@link #find} may change. */
    void boundaries(java.util.function.LongConsumer sink) {
        map.boundaries(sink);
    }

    /** The innermost entry covering an address; the outermost subroutine (0) when none is more precise. */
    int find(long address) {
        int e = map.find(address);
        return e < 0 ? 0 : e;
    }

    int dieOffset(int entry) {
        return ints[entry * INTS];
    }

    boolean isInlined(int entry) {
        return (ints[entry * INTS + 5] & 1) != 0;
    }

    /** Nearest enclosing subprogram or inlined subroutine, or -1. */
    int parent(int entry) {
        return ints[entry * INTS + 1];
    }

    int callFile(int entry) {
        return ints[entry * INTS + 2];
    }

    int callLine(int entry) {
        return ints[entry * INTS + 3];
    }

    int callColumn(int entry) {
        return ints[entry * INTS + 4];
    }

    /**
     * The offset whose entry {@link Names#of} of this entry equals: its sole origin, else itself.
     * Entries with one key have one identity, so lookups decode and resolve it once.
     */
    long nameKey(int entry) {
        return longs[entry * LONGS];
    }

    /** {@link Names#lowPc} of this entry (an address index is resolved now, failing as that call would). */
    OptionalLong lowPc(Unit u, int entry) throws DwarfException {
        int form = ints[entry * INTS + 5] >>> 1;
        if (form == 0) {
            return OptionalLong.empty();
        }
        long value = longs[entry * LONGS + 1];
        return OptionalLong.of(form == Dw.FORM_ADDR ? value : u.addressAtIndex(value));
    }
}
