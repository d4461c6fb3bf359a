package dev.crashkit.symbolicate.dwarf;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Turns the DWARF of one image into a {@link FlatDwarf}: every answer {@link DwarfContext#lookup}
 * gives, for every address, without decoding anything at lookup time. Units are flattened in
 * parallel, each worker over its own {@link DebugData} (the readers cache lazily and are not
 * thread-safe), and stitched together in unit order, so the result does not depend on the number
 * of threads or their timing: two runs give the same tables.
 */
public final class DwarfFlattener {
    private DwarfFlattener() {
    }

    /**
     * Flattens the DWARF in {@code sections}.
     *
     * @param threads how many threads flatten units (the caller's thread is one of them)
     * @throws DwarfException when the unit headers cannot be read (as {@link DwarfContext#open}),
     *     or when a unit fails in a way a lookup would not report as a DWARF problem (a bug), in
     *     which case the caller keeps answering from the DWARF itself
     */
    public static FlatDwarf flatten(String fileName, DwarfSections sections, int threads) throws DwarfException {
        DebugData first;
        try {
            first = new DebugData(sections);
        } catch (DwarfException e) {
            throw new DwarfException(fileName + ": " + e.getMessage(), e);
        }
        UnitRanges ranges;
        try {
            ranges = UnitRanges.build(first);
        } catch (RuntimeException e) {
            throw new DwarfException(fileName + ": cannot flatten the DWARF (" + e + ")", e);
        } catch (DwarfException e) {
            // Every lookup fails with this message: one range from address 0 says so.
            PackedRows.Builder one = new PackedRows.Builder(2);
            one.add(0, -2);
            return new FlatDwarf(one.build(), new String[] {e.getMessage()}, new int[] {0}, new FlatDwarf.Part[0],
                    new int[1], new int[1], new int[1]);
        }
        List<Unit> units = first.units;
        Map<Integer, Integer> unitIndex = new HashMap<>();
        for (int i = 0; i < units.size(); i++) {
            unitIndex.put(units.get(i).offset(), i);
        }
        // Spans per unit, in address order.
        int[] spanUnit = new int[ranges.size()];
        int[] spansPer = new int[units.size()];
        for (int i = 0; i < ranges.size(); i++) {
            spanUnit[i] = unitIndex.get(ranges.unit(i).offset());
            spansPer[spanUnit[i]]++;
        }
        List<Integer> todo = new ArrayList<>();
        long[][] unitStarts = new long[units.size()][];
        long[][] unitEnds = new long[units.size()][];
        for (int u = 0; u < units.size(); u++) {
            if (spansPer[u] > 0) {
                todo.add(u);
                unitStarts[u] = new long[spansPer[u]];
                unitEnds[u] = new long[spansPer[u]];
            }
        }
        int[] filled = new int[units.size()];
        for (int i = 0; i < ranges.size(); i++) {
            int u = spanUnit[i];
            unitStarts[u][filled[u]] = ranges.start(i);
            unitEnds[u][filled[u]++] = ranges.end(i);
        }
        UnitFlattener.FlatUnit[] done = flattenUnits(sections, first, todo, unitStarts, unitEnds, threads, fileName);
        return stitch(ranges, spanUnit, done);
    }

    private static UnitFlattener.FlatUnit[] flattenUnits(DwarfSections sections, DebugData first, List<Integer> todo,
            long[][] starts, long[][] ends, int threads, String fileName) throws DwarfException {
        UnitFlattener.FlatUnit[] done = new UnitFlattener.FlatUnit[first.units.size()];
        AtomicInteger next = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        int extra = Math.max(0, Math.min(threads, todo.size()) - 1);
        List<Thread> workers = new ArrayList<>();
        for (int w = 0; w < extra; w++) {
            Thread t = new Thread(() -> {
                try {
                    work(new DebugData(sections), todo, starts, ends, done, next, failure);
                } catch (DwarfException e) {
                    failure.compareAndSet(null, e); // the headers read once already: not expected
                }
            }, "symcache-flatten-" + w);
            t.setDaemon(true);
            t.start();
            workers.add(t);
        }
        work(first, todo, starts, ends, done, next, failure);
        for (Thread t : workers) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DwarfException(fileName + ": interrupted while flattening the DWARF", e);
            }
        }
        if (failure.get() != null) {
            throw new DwarfException(fileName + ": cannot flatten the DWARF (" + failure.get() + ")", failure.get());
        }
        return done;
    }

    private static void work(DebugData data, List<Integer> todo, long[][] starts, long[][] ends,
                             UnitFlattener.FlatUnit[] done, AtomicInteger next, AtomicReference<Throwable> failure) {
        UnitFlattener.Scratch scratch = new UnitFlattener.Scratch();
        try {
            for (int k = next.getAndIncrement(); k < todo.size() && failure.get() == null; k = next.getAndIncrement()) {
                int u = todo.get(k);
                Unit unit = data.units.get(u);
                done[u] = UnitFlattener.flatten(unit, starts[u], ends[u], scratch);
                unit.release(); // decoded state is not needed again: keep the heap small
            }
        } catch (DwarfException | RuntimeException | StackOverflowError | OutOfMemoryError e) {
            failure.compareAndSet(null, e);
        }
    }

    /** Joins the units' ranges in address order; their tables stay as they are, one part per unit. */
    private static FlatDwarf stitch(UnitRanges ranges, int[] spanUnit, UnitFlattener.FlatUnit[] done) {
        int units = done.length;
        List<FlatDwarf.Part> parts = new ArrayList<>();
        int[] partOf = new int[units];
        Map<String, Integer> stringIds = new HashMap<>();
        List<String> strings = new ArrayList<>();
        List<Integer> errorStrings = new ArrayList<>();
        Map<String, Integer> errorIds = new HashMap<>();
        int[][] errorMap = new int[units][];
        List<int[]> bases = new ArrayList<>(); // {names, functions, locations} before each part
        int[] total = new int[3];
        for (int u = 0; u < units; u++) {
            UnitFlattener.FlatUnit f = done[u];
            if (f == null) {
                continue;
            }
            int[] stringMap = new int[f.strings().size()];
            for (int i = 0; i < stringMap.length; i++) {
                stringMap[i] = intern(f.strings().get(i), stringIds, strings);
            }
            errorMap[u] = new int[f.errors().size()];
            for (int i = 0; i < errorMap[u].length; i++) {
                String why = f.errors().get(i);
                Integer id = errorIds.get(why);
                if (id == null) {
                    id = errorStrings.size();
                    errorStrings.add(intern(why, stringIds, strings));
                    errorIds.put(why, id);
                }
                errorMap[u][i] = id;
            }
            partOf[u] = parts.size();
            parts.add(new FlatDwarf.Part(stringMap, errorMap[u], f.names(), f.functions(), f.locations()));
            bases.add(total.clone());
            total[0] += f.names().size();
            total[1] += f.functions().size();
            total[2] += f.locations().size();
        }
        bases.add(total.clone());
        int[] nameBase = new int[bases.size()];
        int[] fnBase = new int[bases.size()];
        int[] locBase = new int[bases.size()];
        for (int i = 0; i < bases.size(); i++) {
            nameBase[i] = bases.get(i)[0];
            fnBase[i] = bases.get(i)[1];
            locBase[i] = bases.get(i)[2];
        }
        // Ranges: each span's points in address order; a gap after a span has no frames. Each
        // unit's rows are read in order (its spans ascend), so each is decoded once.
        // Sized from the units' own packed ranges (the merged rows are about as many and as long), so
        // this serial step does not double its buffer a dozen times: room for a quarter more.
        long rowsAtMost = ranges.size();
        long bytesAbout = 0;
        for (UnitFlattener.FlatUnit f : done) {
            if (f != null) {
                rowsAtMost += f.ranges().size();
                bytesAbout += f.ranges().byteSize();
            }
        }
        PackedRows.Builder out = new PackedRows.Builder(2, (int) Math.min(Integer.MAX_VALUE - 64, bytesAbout * 5 / 4),
                (int) Math.min(Integer.MAX_VALUE - 64, rowsAtMost));
        Joined joined = new Joined(out);
        int[] spanOf = new int[units]; // next span of each unit
        for (int i = 0; i < ranges.size(); i++) {
            int u = spanUnit[i];
            UnitFlattener.FlatUnit f = done[u];
            int base = locBase[partOf[u]];
            int s = spanOf[u]++;
            int last = f.spanFirst()[s + 1];
            // In calls of a block each, not one loop: see Joined.
            for (int p = f.spanFirst()[s]; p < last; p += PackedRows.STRIDE) {
                joined.rows(f.ranges(), p, Math.min(last, p + PackedRows.STRIDE), base, errorMap[u]);
            }
            boolean adjacent = i + 1 < ranges.size() && ranges.start(i + 1) == ranges.end(i);
            if (!adjacent && joined.lastCode != FlatDwarf.EMPTY) {
                joined.add(ranges.end(i), FlatDwarf.EMPTY);
            }
        }
        return new FlatDwarf(out.build(), strings.toArray(new String[0]),
                errorStrings.stream().mapToInt(Integer::intValue).toArray(), parts.toArray(new FlatDwarf.Part[0]),
                nameBase, fnBase, locBase);
    }

    /**
     * The joined ranges so far. A unit's rows are added by a call per block, not by one loop over
     * every row of the image: the stitch runs once per cold run, and C1 compiles a method after ~200
     * calls but a loop only after 60,000 iterations run in the interpreter.
     */
    private static final class Joined {
        private final PackedRows.Builder out;
        /** Code of the last range added. */
        private int lastCode;

        Joined(PackedRows.Builder out) {
            this.out = out;
        }

        /** Adds rows {@code from} up to {@code to} of a unit's ranges, codes made flat, dropping repeats. */
        void rows(PackedRows unit, int from, int to, int locationBase, int[] errorMap) {
            for (int p = from; p < to; p++) {
                int c = (int) unit.get(p, 1);
                int code = c >= 0 ? c + locationBase : c == FlatDwarf.EMPTY ? c : -2 - errorMap[-2 - c];
                if (out.size() > 0 && lastCode == code) {
                    continue;
                }
                add(unit.get(p, 0), code);
            }
        }

        void add(long start, int code) {
            out.add(start, code);
            lastCode = code;
        }
    }

    private static int intern(String s, Map<String, Integer> ids, List<String> list) {
        Integer id = ids.get(s);
        if (id == null) {
            id = list.size();
            list.add(s);
            ids.put(s, id);
        }
        return id;
    }
}
