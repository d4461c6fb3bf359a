package dev.crashkit.symbolicate.dwarf;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * The subprogram and inlined-subroutine DIEs of one unit, with an address map telling which of
 * them is innermost at each address. The map is built the way llvm-symbolizer builds its own
 * (DIEs visited parents first; a later range that starts inside an earlier one splits it), so that
 * overlapping or odd ranges give the same answer. Stored in primitive arrays once built.
 */
final class SubroutineIndex {
    private final int[] dieOffsets;
    private final boolean[] inlined;
    private final int[] parents;
    private final int[] callFiles;
    private final int[] callLines;
    private final int[] callColumns;
    private final long[] starts;
    private final long[] ends;
    private final int[] entries;

    private SubroutineIndex(int[] dieOffsets, boolean[] inlined, int[] parents, int[] callFiles, int[] callLines,
            int[] callColumns, long[] starts, long[] ends, int[] entries) {
        this.dieOffsets = dieOffsets;
        this.inlined = inlined;
        this.parents = parents;
        this.callFiles = callFiles;
        this.callLines = callLines;
        this.callColumns = callColumns;
        this.starts = starts;
        this.ends = ends;
        this.entries = entries;
    }

    private record Span(long end, int entry) {
    }

    static SubroutineIndex build(Unit u) {
        int cap = 64;
        int[] offsets = new int[cap];
        boolean[] inl = new boolean[cap];
        int[] parents = new int[cap];
        int[] cf = new int[cap];
        int[] cl = new int[cap];
        int[] cc = new int[cap];
        int count = 0;
        TreeMap<Long, Span> map = new TreeMap<>(Long::compareUnsigned);

        int[] stack = new int[64];
        int depth = 0;
        Cursor c = new Cursor(u.data().info, u.firstDieOffset());
        AbbrevTable abbrevs = u.abbrevs();
        while (c.pos < u.end()) {
            int dieOffset = c.pos;
            long code = c.uleb();
            if (code == 0) {
                if (depth > 0) {
                    depth--;
                }
                if (depth == 0) {
                    break;
                }
                continue;
            }
            Abbrev a = abbrevs.get(code);
            int parent = depth == 0 ? -1 : stack[depth - 1];
            int self = parent;
            if (a.tag() == Dw.TAG_SUBPROGRAM || a.tag() == Dw.TAG_INLINED_SUBROUTINE) {
                c.pos = dieOffset;
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
                long[] ranges = RangeLists.of(d);
                for (int r = 0; r < ranges.length; r += 2) {
                    add(map, ranges[r], ranges[r + 1], self);
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
        long[] starts = new long[map.size()];
        long[] ends = new long[map.size()];
        int[] entries = new int[map.size()];
        int i = 0;
        for (Map.Entry<Long, Span> e : map.entrySet()) {
            starts[i] = e.getKey();
            ends[i] = e.getValue().end();
            entries[i] = e.getValue().entry();
            i++;
        }
        return new SubroutineIndex(Arrays.copyOf(offsets, count), Arrays.copyOf(inl, count),
                Arrays.copyOf(parents, count), Arrays.copyOf(cf, count), Arrays.copyOf(cl, count),
                Arrays.copyOf(cc, count), starts, ends, entries);
    }

    private static int constant(Die d, int attr) {
        int i = d.find(attr);
        return i >= 0 && FormReader.isConstantForm(d.forms()[i]) ? (int) d.values()[i] : 0;
    }

    /** Adds [low, high) on top of what is there, splitting an enclosing span (as llvm does). */
    private static void add(TreeMap<Long, Span> map, long low, long high, int entry) {
        if (low == high) {
            return;
        }
        Map.Entry<Long, Span> below = map.floorEntry(low);
        if (below != null && Long.compareUnsigned(low, below.getValue().end()) < 0) {
            if (Long.compareUnsigned(high, below.getValue().end()) < 0) {
                map.put(high, below.getValue());
            }
            if (Long.compareUnsigned(low, below.getKey()) > 0) {
                map.put(below.getKey(), new Span(low, below.getValue().entry()));
            }
        }
        map.put(low, new Span(high, entry));
    }

    /** The innermost subroutine entry covering an address, or -1. */
    int find(long address) {
        int lo = 0;
        int hi = starts.length - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(starts[mid], address) <= 0) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        if (found < 0 || Long.compareUnsigned(address, ends[found]) >= 0) {
            return -1;
        }
        return entries[found];
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
