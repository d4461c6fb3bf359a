package dev.crashkit.symbolicate.dwarf;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Flattens one unit: every answer {@link DwarfContext#lookup} gives for addresses in the unit's
 * spans, as ranges pointing into unit-local tables. The answer can only change where some
 * comparison a lookup makes changes outcome: at a start or end of a subroutine or inline span, a
 * line row or a sequence bound. So the unit's answer is evaluated once at each such boundary,
 * the same way a lookup computes it (same order of steps, so a damaged unit fails with the same
 * message), and runs of equal answers are merged. Names, files and call sites are memoised per
 * inline-tree entry, so each DIE is decoded once.
 */
final class UnitFlattener {
    private static final int UNSET = Integer.MIN_VALUE;
    /** Boundaries evaluated per call of {@link #boundaries(long[], int, int, long)}. */
    private static final int BOUNDS_PER_CALL = 64;

    /**
     * The result for one unit: ranges (point, code) per span, rows {@code spanFirst[s]} up to
     * {@code spanFirst[s + 1]} for span {@code s}, and the unit's own tables (indexes local). Names
     * are (linkage, name, decl line low, decl line high) tuples, functions (names, low pc, flags),
     * locations (function, file, line, column, parent). Packed: a whole image's units are held
     * until they are joined and written.
     */
    record FlatUnit(PackedRows ranges, int[] spanFirst, List<String> strings, TupleIds names, PackedRows functions,
                    PackedRows locations, List<String> errors) {
    }

    /**
     * The growing tables of a unit, kept by a worker from one unit to the next: a unit's results
     * are copied out at its end, so the buffers are allocated (and grown) once per worker, not per unit.
     */
    static final class Scratch {
        private long[] bounds = new long[1024];
        private final TupleIds names = new TupleIds(4, 256);
        private final TupleIds locs = new TupleIds(5, 4096);
        // The unit's tables are packed as their rows appear (locations: when a new one gets its id).
        private final PackedRows.Builder ranges = new PackedRows.Builder(2);
        private final PackedRows.Builder functions = new PackedRows.Builder(3);
        private final PackedRows.Builder locations = new PackedRows.Builder(5);
        /** The inline entries {@code callLocation} walks up from one entry (a fresh array each was 7% of the build's allocation). */
        private int[] chain = new int[8];
    }

    private final Unit unit;
    private final Scratch scratch;
    private final Map<String, Integer> stringIds = new HashMap<>();
    private final List<String> strings = new ArrayList<>();
    private final Map<String, Integer> errorIds = new HashMap<>();
    private final List<String> errors = new ArrayList<>();
    private final TupleIds names;
    private final TupleIds locs;
    private final int[] tuple = new int[5];
    private final PackedRows.Builder functions;
    private final PackedRows.Builder locations;
    private int nameless = UNSET;
    private final OriginNames originNames = new OriginNames();
    private int[] fileStrings = new int[0];
    private SubroutineIndex subs;
    private LineTable lines;
    private int lineError;
    private int[] treeError;
    private int[][] fnMemo;
    private int[][] callMemo;
    // The boundaries of a unit ascend, so the lookups follow them forward instead of searching.
    private RangeMap.Sweep topSweep;
    private RangeMap.Sweep[] treeSweeps;
    private LineTable.Sweep lineSweep;
    private final int[] lastLeaf = new int[5];
    private int lastLeafId = -1;
    private final PackedRows.Builder ranges;
    /** Code of the last range added. */
    private int lastCode;
    private int boundCount;

    private UnitFlattener(Unit unit, Scratch scratch) {
        this.unit = unit;
        this.scratch = scratch;
        this.names = scratch.names.reset();
        this.locs = scratch.locs.reset();
        this.ranges = scratch.ranges.clear();
        this.functions = scratch.functions.clear();
        this.locations = scratch.locations.clear();
    }

    /** Flattens {@code unit} over its spans [spanStarts[i], spanEnds[i]), which ascend and do not overlap. */
    static FlatUnit flatten(Unit unit, long[] spanStarts, long[] spanEnds) throws DwarfException {
        return flatten(unit, spanStarts, spanEnds, new Scratch());
    }

    /** {@link #flatten(Unit, long[], long[])} growing a worker's {@code scratch} instead of new tables. */
    static FlatUnit flatten(Unit unit, long[] spanStarts, long[] spanEnds, Scratch scratch) throws DwarfException {
        return new UnitFlattener(unit, scratch).run(spanStarts, spanEnds);
    }

    private FlatUnit run(long[] spanStarts, long[] spanEnds) throws DwarfException {
        int[] spanFirst = new int[spanStarts.length + 1];
        try {
            subs = unit.subroutines();
        } catch (DwarfException e) {
            int code = error(e);
            for (int i = 0; i < spanStarts.length; i++) {
                spanFirst[i] = ranges.size();
                add(spanStarts[i], code);
            }
            spanFirst[spanStarts.length] = ranges.size();
            return result(spanFirst);
        }
        try {
            lines = unit.lineTable();
        } catch (DwarfException e) {
            lineError = error(e);
        }
        int tops = subs.topCount();
        topSweep = subs.topSweep();
        treeSweeps = new RangeMap.Sweep[tops];
        lineSweep = lines == null ? null : lines.new Sweep();
        treeError = new int[tops];
        fnMemo = new int[tops][];
        callMemo = new int[tops][];
        boundaries(tops);
        long[] bounds = scratch.bounds;
        int boundEnd = boundCount;
        for (int i = 0; i < spanStarts.length; i++) {
            spanFirst[i] = ranges.size();
            long s = spanStarts[i];
            long e = spanEnds[i];
            add(s, evaluate(s));
            // first boundary above s
            int k = upperBound(bounds, boundEnd, s);
            while (k < boundEnd && Long.compareUnsigned(bounds[k], e) < 0) {
                k = boundaries(bounds, k, Math.min(boundEnd, k + BOUNDS_PER_CALL), e);
            }
        }
        spanFirst[spanStarts.length] = ranges.size();
        return result(spanFirst);
    }

    /**
     * Evaluates boundaries {@code k} up to {@code to} or the first at or past {@code spanEnd}; returns
     * where it stopped. A call per few boundaries, not one loop over a unit's: the loop's method runs
     * once per unit, and C1 compiles a method after ~200 calls but a loop only after 60,000
     * iterations run in the interpreter, here the first ~5 units of a cold run.
     */
    private int boundaries(long[] bounds, int k, int to, long spanEnd) throws DwarfException {
        for (; k < to && Long.compareUnsigned(bounds[k], spanEnd) < 0; k++) {
            int code = evaluate(bounds[k]);
            if (code != lastCode) {
                add(bounds[k], code);
            }
        }
        return k;
    }

    /** Collects boundaries into the scratch array, flipped so that a signed sort orders them unsigned. */
    private final class BoundSink implements java.util.function.LongConsumer {
        @Override
        public void accept(long a) {
            long[] b = scratch.bounds;
            if (boundCount == b.length) {
                b = scratch.bounds = Arrays.copyOf(b, boundCount * 2);
            }
            b[boundCount++] = a ^ Long.MIN_VALUE;
        }
    }

    /**
     * Every address where an answer may change, sorted (unsigned) and distinct: the first
     * {@link #boundCount} entries of the scratch array.
     */
    private void boundaries(int tops) {
        boundCount = 0;
        BoundSink sink = new BoundSink();
        subs.boundaries(sink);
        for (int t = 0; t < tops; t++) {
            try {
                subs.tree(t).boundaries(sink);
            } catch (DwarfException e) {
                treeError[t] = error(e);
            }
        }
        if (lines != null) {
            lines.boundaries(sink);
        }
        long[] b = scratch.bounds;
        int n = boundCount;
        Arrays.sort(b, 0, n);
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (m == 0 || b[i] != b[m - 1]) {
                b[m++] = b[i];
            }
        }
        for (int i = 0; i < m; i++) {
            b[i] ^= Long.MIN_VALUE;
        }
        boundCount = m;
    }

    private static int upperBound(long[] sorted, int length, long a) {
        int lo = 0;
        int hi = length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(sorted[mid], a) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** What DwarfContext.lookup(unit, a) answers, as a code (see FlatDwarf). */
    private int evaluate(long a) throws DwarfException {
        int top = topSweep.find(a);
        InlineTree tree = null;
        if (top >= 0) {
            if (treeError[top] != 0) {
                return treeError[top];
            }
            tree = subs.tree(top); // built (and kept) while collecting boundaries
        }
        if (lineError != 0 && tree == null) {
            return lineError;
        }
        int row = lines == null ? -1 : lineSweep.find(a);
        // A damaged line program leaves the functions; the file field then says why it is missing.
        int file = lineError != 0 ? lineError : FlatDwarf.NONE;
        int line = 0;
        int column = 0;
        if (row >= 0) {
            file = file(lines.file(row));
            line = lines.line(row);
            column = lines.column(row);
        }
        if (tree == null) {
            if (row < 0) {
                return FlatDwarf.EMPTY;
            }
            if (nameless == UNSET) {
                nameless = function(FlatDwarf.NONE, FlatDwarf.NONE, 0, OptionalLong.empty(), false);
            }
            return location(nameless, file, line, column, -1);
        }
        if (treeSweeps[top] == null) {
            treeSweeps[top] = tree.sweep();
        }
        int e = Math.max(0, treeSweeps[top].find(a));
        int fn = function(top, tree, e);
        if (fn < 0) {
            return fn;
        }
        int parent = -1;
        if (tree.isInlined(e) && tree.parent(e) >= 0) {
            parent = callLocation(top, tree, e);
            if (parent < 0) {
                return parent;
            }
        }
        return location(fn, file, line, column, parent);
    }

    /** The function record of inline-tree entry {@code e}, or an error code. */
    private int function(int top, InlineTree tree, int e) {
        int[] memo = fnMemo[top];
        if (memo == null) {
            memo = new int[tree.size()];
            Arrays.fill(memo, UNSET);
            fnMemo[top] = memo;
        }
        if (memo[e] == UNSET) {
            try {
                // The order of DwarfContext's frame constructor: the names, then the low pc. The tree
                // decoded the entry's DIE already: its name key is the sole origin when it has one.
                long key = tree.nameKey(e);
                if (key != tree.dieOffset(e)) {
                    int[] on = originNames(key);
                    memo[e] = on[4] != 0 ? on[4] : function(on[0], on[1], on[2] & 0xffffffffL | (long) on[3] << 32,
                            tree.lowPc(unit, e), tree.isInlined(e));
                } else {
                    Names.Identity id = Names.of(unit.dieAt(tree.dieOffset(e)));
                    OptionalLong lowPc = tree.lowPc(unit, e);
                    memo[e] = function(string(id.linkageName()), string(id.name()), id.declLine(), lowPc,
                            tree.isInlined(e));
                }
            } catch (DwarfException ex) {
                memo[e] = error(ex);
            }
        }
        return memo[e];
    }

    /**
     * Linkage name, name, decl line (low, high) and error code of the entry at {@code origin}, as
     * {@link Names} finds them from there; shared by every inlined instance of one function.
     */
    private int[] originNames(long origin) {
        int[] on = originNames.get(origin);
        if (on == null) {
            on = new int[] {FlatDwarf.NONE, FlatDwarf.NONE, 0, 0, 0};
            try {
                Die o = unit.data().dieAt(origin);
                if (o != null && !o.isNull()) {
                    Names.Identity id = Names.of(o);
                    on[0] = string(id.linkageName());
                    on[1] = string(id.name());
                    long decl = id.declLine();
                    on[2] = (int) decl;
                    on[3] = (int) (decl >>> 32);
                }
            } catch (DwarfException ex) {
                on[4] = error(ex);
            }
            originNames.put(origin, on);
        }
        return on;
    }

    /** The string index of file {@code index} of the unit's line table (memoised for small indexes). */
    private int file(long index) {
        if (index < 0 || index >= 4096) {
            return string(lines.files.path(index));
        }
        int i = (int) index;
        if (i >= fileStrings.length) {
            int old = fileStrings.length;
            fileStrings = Arrays.copyOf(fileStrings, Math.max(i + 1, old * 2));
            Arrays.fill(fileStrings, old, fileStrings.length, UNSET);
        }
        if (fileStrings[i] == UNSET) {
            fileStrings[i] = string(lines.files.path(index));
        }
        return fileStrings[i];
    }

    /**
     * The location of the call site of inlined entry {@code e}: its parent's function at e's
     * DW_AT_call_file/line/column, chained to the parent's own call site while the parent is
     * inlined. Walked without recursion (inline depth is the file's to choose).
     */
    private int callLocation(int top, InlineTree tree, int e) {
        int[] memo = callMemo[top];
        if (memo == null) {
            memo = new int[tree.size()];
            Arrays.fill(memo, UNSET);
            callMemo[top] = memo;
        }
        if (memo[e] != UNSET) {
            return memo[e];
        }
        int[] chain = scratch.chain;
        int n = 0;
        for (int x = e; ; ) {
            if (n == chain.length) {
                chain = Arrays.copyOf(chain, n * 2);
                scratch.chain = chain;
            }
            chain[n++] = x;
            int p = tree.parent(x);
            if (tree.isInlined(p) && tree.parent(p) >= 0 && memo[p] == UNSET) {
                x = p;
            } else {
                break;
            }
        }
        for (int k = n - 1; k >= 0; k--) {
            int x = chain[k];
            int p = tree.parent(x);
            int fn = function(top, tree, p);
            if (fn < 0) {
                memo[x] = fn;
                continue;
            }
            int parent = -1;
            if (tree.isInlined(p) && tree.parent(p) >= 0) {
                parent = memo[p];
                if (parent < 0) {
                    memo[x] = parent;
                    continue;
                }
            }
            int file = lines != null ? file(tree.callFile(x)) : lineError != 0 ? lineError : FlatDwarf.NONE;
            memo[x] = location(fn, file, tree.callLine(x), tree.callColumn(x), parent);
        }
        return memo[e];
    }

    /** A new function record (one per entry: entries differ at least in their low pc). */
    private int function(int linkage, int name, long declLine, OptionalLong lowPc, boolean inlined) {
        tuple[0] = linkage;
        tuple[1] = name;
        tuple[2] = (int) declLine;
        tuple[3] = (int) (declLine >>> 32);
        int n = names.id(tuple);
        int id = functions.size();
        functions.add(n, lowPc.orElse(0),
                (lowPc.isPresent() ? FlatDwarf.HAS_LOW_PC : 0) | (inlined ? FlatDwarf.INLINED : 0));
        return id;
    }

    private int location(int function, int file, int line, int column, int parent) {
        if (lastLeafId >= 0 && lastLeaf[0] == function && lastLeaf[1] == file && lastLeaf[2] == line
                && lastLeaf[3] == column && lastLeaf[4] == parent) {
            return lastLeafId; // neighbouring boundaries often answer alike
        }
        tuple[0] = function;
        tuple[1] = file;
        tuple[2] = line;
        tuple[3] = column;
        tuple[4] = parent;
        int id = locs.id(tuple);
        if (id == locations.size()) {
            locations.add(tuple); // a new location: ids are handed out in order
        }
        System.arraycopy(tuple, 0, lastLeaf, 0, 5);
        lastLeafId = id;
        return id;
    }

    private int string(Optional<String> s) {
        if (s.isEmpty()) {
            return FlatDwarf.NONE;
        }
        Integer id = stringIds.get(s.get());
        if (id == null) {
            id = strings.size();
            strings.add(s.get());
            stringIds.put(s.get(), id);
        }
        return id;
    }

    /** The code of a lookup failure (what it says after the file name). */
    private int error(DwarfException e) {
        String why = e.getMessage();
        Integer id = errorIds.get(why);
        if (id == null) {
            id = errors.size();
            errors.add(why);
            errorIds.put(why, id);
        }
        return -2 - id;
    }

    private void add(long point, int code) {
        ranges.add(point, code);
        lastCode = code;
    }

    private FlatUnit result(int[] spanFirst) {
        return new FlatUnit(ranges.build(), spanFirst, strings, names.frozenCopy(), functions.build(),
                locations.build(), errors);
    }

    /**
     * {@link #originNames(long)}'s memo: section offset of an origin DIE to its names, an open-addressing
     * table without a boxed key per lookup (boxing them was 4% of the build's allocation); one per unit.
     */
    static final class OriginNames {
        private long[] keys = new long[64];
        private int[][] values = new int[64][];
        private int size;

        int[] get(long key) {
            int mask = keys.length - 1;
            for (int slot = slot(key, mask); ; slot = (slot + 1) & mask) {
                int[] v = values[slot];
                if (v == null || keys[slot] == key) {
                    return v;
                }
            }
        }

        void put(long key, int[] value) {
            if ((size + 1) * 2 > keys.length) {
                grow();
            }
            int mask = keys.length - 1;
            int slot = slot(key, mask);
            while (values[slot] != null && keys[slot] != key) {
                slot = (slot + 1) & mask;
            }
            if (values[slot] == null) {
                size++;
            }
            keys[slot] = key;
            values[slot] = value;
        }

        private void grow() {
            long[] oldKeys = keys;
            int[][] oldValues = values;
            keys = new long[oldKeys.length * 2];
            values = new int[oldKeys.length * 2][];
            int mask = keys.length - 1;
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldValues[i] != null) {
                    int slot = slot(oldKeys[i], mask);
                    while (values[slot] != null) {
                        slot = (slot + 1) & mask;
                    }
                    keys[slot] = oldKeys[i];
                    values[slot] = oldValues[i];
                }
            }
        }

        private static int slot(long key, int mask) {
            long h = key * 0x9E3779B97F4A7C15L;
            return (int) (h ^ h >>> 32) & mask;
        }
    }
}
