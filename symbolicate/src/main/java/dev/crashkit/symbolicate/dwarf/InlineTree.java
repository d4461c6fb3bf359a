package dev.crashkit.symbolicate.dwarf;

import java.util.Arrays;

/**
 * One outermost subroutine and every subprogram / inlined subroutine below it, with the call
 * site of each inlined one and an llvm-style address map ({@link RangeMap}) telling which entry
 * is innermost at each address. Entry 0 is the outermost subroutine itself.
 */
final class InlineTree {
    private final int[] dieOffsets;
    private final boolean[] inlined;
    private final int[] parents;
    private final int[] callFiles;
    private final int[] callLines;
    private final int[] callColumns;
    private final RangeMap map;

    private InlineTree(int[] dieOffsets, boolean[] inlined, int[] parents, int[] callFiles, int[] callLines,
            int[] callColumns, RangeMap map) {
        this.dieOffsets = dieOffsets;
        this.inlined = inlined;
        this.parents = parents;
        this.callFiles = callFiles;
        this.callLines = callLines;
        this.callColumns = callColumns;
        this.map = map;
    }

    /** Decodes the DIEs in [start, end) of .debug_info: one outermost subroutine and its children. */
    static InlineTree build(Unit u, int start, int end) throws DwarfException {
        int cap = 16;
        int[] offsets = new int[cap];
        boolean[] inl = new boolean[cap];
        int[] parents = new int[cap];
        int[] cf = new int[cap];
        int[] cl = new int[cap];
        int[] cc = new int[cap];
        int count = 0;
        RangeMap.Builder ranges = new RangeMap.Builder();
        int[] stack = new int[32];
        int depth = 0;
        Cursor c = u.cursor(start);
        AbbrevTable abbrevs = u.abbrevs();
        while (c.pos() < end) {
            int dieOffset = c.pos();
            long code = c.uleb();
            if (code == 0) {
                if (--depth <= 0) {
                    break;
                }
                continue;
            }
            Abbrev a = abbrevs.get(code);
            int parent = depth == 0 ? -1 : stack[depth - 1];
            int self = parent;
            if (a.tag() == Dw.TAG_SUBPROGRAM || a.tag() == Dw.TAG_INLINED_SUBROUTINE) {
                c.seek(dieOffset);
                Die d = FormReader.read(u, c);
                if (count == offsets.length) {
                    cap = count * 2;
                    offsets = Arrays.copyOf(offsets, cap);
                    inl = Arrays.copyOf(inl, cap);
                    parents = Arrays.copyOf(parents, cap);
                    cf = Arrays.copyOf(cf, cap);
                    cl = Arrays.copyOf(cl, cap);
                    cc = Arrays.copyOf(cc, cap);
                }
                self = count++;
                offsets[self] = dieOffset;
                inl[self] = a.tag() == Dw.TAG_INLINED_SUBROUTINE;
                parents[self] = parent;
                cf[self] = constant(d, Dw.AT_CALL_FILE);
                cl[self] = constant(d, Dw.AT_CALL_LINE);
                cc[self] = constant(d, Dw.AT_CALL_COLUMN);
                long[] r = RangeLists.of(d);
                for (int i = 0; i < r.length; i += 2) {
                    ranges.add(r[i], r[i + 1], self);
                }
            } else {
                FormReader.skipAttributes(u, a, c);
            }
            if (a.hasChildren()) {
                if (depth == stack.length) {
                    stack = Arrays.copyOf(stack, depth * 2);
                }
                stack[depth++] = self;
            } else if (depth == 0) {
                break;
            }
        }
        return new InlineTree(Arrays.copyOf(offsets, count), Arrays.copyOf(inl, count), Arrays.copyOf(parents, count),
                Arrays.copyOf(cf, count), Arrays.copyOf(cl, count), Arrays.copyOf(cc, count), ranges.build());
    }

    private static int constant(Die d, int attr) {
        int i = d.find(attr);
        return i >= 0 && FormReader.isConstantForm(d.forms()[i]) ? (int) d.values()[i] : 0;
    }

    /** Number of entries (the outermost subroutine and everything below it). */
    int size() {
        return dieOffsets.length;
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
        return dieOffsets[entry];
    }

    boolean isInlined(int entry) {
        return inlined[entry];
    }

    /** Nearest enclosing subprogram or inlined subroutine, or -1. */
    int parent(int entry) {
        return parents[entry];
    }

    int callFile(int entry) {
        return callFiles[entry];
    }

    int callLine(int entry) {
        return callLines[entry];
    }

    int callColumn(int entry) {
        return callColumns[entry];
    }
}
