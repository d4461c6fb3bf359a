package dev.crashkit.symbolicate.dwarf;

import java.util.Arrays;

/**
 * The outermost subroutine DIEs of one unit (and subprograms nested in them) with their address
 * ranges. The inline tree under each one is decoded only when an address falls in
 * it ({@link InlineTree}), so a lookup pays for the functions it touches, not the whole unit.
 */
final class SubroutineIndex {
    private final Unit unit;
    private final int[] topOffsets;
    private final int[] topEnds;
    private final RangeMap map;
    private final InlineTree[] trees;
    /** Reused by every tree this index builds (one thread at a time: see {@link DwarfContext#prepare}). */
    private InlineTree.Scratch scratch;

    private SubroutineIndex(Unit unit, int[] topOffsets, int[] topEnds, RangeMap map) {
        this.unit = unit;
        this.topOffsets = topOffsets;
        this.topEnds = topEnds;
        this.map = map;
        this.trees = new InlineTree[topOffsets.length];
    }

    static SubroutineIndex build(Unit u) throws DwarfException {
        int[] offsets = new int[64];
        int[] ends = new int[64];
        int count = 0;
        RangeMap.Builder ranges = new RangeMap.Builder();
        DieWalker c = new DieWalker(u, u.firstDieOffset());
        int depth = 0;
        // Indexed subroutines whose children are still open: their depth and index.
        int[] openDepths = new int[8];
        int[] openEntries = new int[8];
        int open = 0;
        int[] scratchForms = new int[32];
        long[] scratchValues = new long[32];
        while (c.pos() < u.end()) {
            int dieOffset = c.pos();
            long code = c.code();
            if (code == 0) {
                if (depth > 0) {
                    depth--;
                }
                while (open > 0 && openDepths[open - 1] == depth) {
                    ends[openEntries[--open]] = c.pos();
                }
                if (depth == 0) {
                    break;
                }
                continue;
            }
            Abbrev a = c.abbrev(code);
            // Outermost subroutines, plus subprograms nested in them (GCC nested functions and the
            // like have code of their own outside their parent's ranges); inlined subroutines inside
            // a function are left to its InlineTree.
            boolean indexed = open == 0
                    ? a.tag() == Dw.TAG_SUBPROGRAM || a.tag() == Dw.TAG_INLINED_SUBROUTINE
                    : a.tag() == Dw.TAG_SUBPROGRAM;
            if (indexed) {
                // Many have no code of their own (GCC's abstract instance of every inline function a unit
                // uses): those are skipped like any other DIE, not decoded (libjvm.so: prepare 3.4 s -> 2.5 s CPU).
                if (a.hasCodeRanges()) {
                    RangeLists.addTo(c.read(dieOffset, scratchForms, scratchValues), ranges, count);
                } else {
                    c.skipAttributes(a);
                }
                if (count == offsets.length) {
                    offsets = Arrays.copyOf(offsets, count * 2);
                    ends = Arrays.copyOf(ends, count * 2);
                }
                offsets[count] = dieOffset;
                ends[count] = c.pos();
                if (a.hasChildren()) {
                    if (open == openDepths.length) {
                        openDepths = Arrays.copyOf(openDepths, open * 2);
                        openEntries = Arrays.copyOf(openEntries, open * 2);
                    }
                    openDepths[open] = depth;
                    openEntries[open++] = count;
                }
                count++;
            } else {
                c.skipAttributes(a);
            }
            if (a.hasChildren()) {
                depth++;
            } else if (depth == 0) {
                break;
            }
        }
        while (open > 0) {
            ends[openEntries[--open]] = c.pos();
        }
        return new SubroutineIndex(u, Arrays.copyOf(offsets, count), Arrays.copyOf(ends, count), ranges.build());
    }

    /** The inline tree of the outermost subroutine covering an address, or null. */
    InlineTree treeFor(long address) throws DwarfException {
        int top = map.find(address);
        return top < 0 ? null : tree(top);
    }

    /** Index of the outermost subroutine covering an address, or -1 (what {@link #treeFor} uses). */
    int topAt(long address) {
        return map.find(address);
    }

    /** The inline tree of outermost subroutine {@code top}, decoded on first use. */
    InlineTree tree(int top) throws DwarfException {
        if (trees[top] == null) {
            if (scratch == null) {
                scratch = new InlineTree.Scratch();
            }
            trees[top] = InlineTree.build(unit, topOffsets[top], topEnds[top], scratch);
        }
        return trees[top];
    }

    int topCount() {
        return topOffsets.length;
    }

    /** {@link #topAt} for a sweep over ascending addresses. */
    RangeMap.Sweep topSweep() {
        return map.new Sweep();
    }

    /** Addresses where {@link #topAt} may change. */
    void boundaries(java.util.function.LongConsumer sink) {
        map.boundaries(sink);
    }
}
