package dev.crashkit.symbolicate.breakpad;

/**
 * Collects FUNC records with their line and INLINE records into primitive tables, keeping what
 * Breakpad's resolver keeps: a function of size 0, or whose end overflows, is dropped with its
 * lines (its {@code RangeMap} refuses the range); so are lines and inline ranges of size 0 or
 * overlapping an earlier one, and an INLINE nested more than one level below the last one added
 * ({@code Function::AppendInline}). Out-of-order records are sorted when their function ends.
 */
final class FunctionsBuilder {
    final Growable.Longs start = new Growable.Longs();
    final Growable.Longs end = new Growable.Longs();
    final Growable.Ints name = new Growable.Ints();
    final Growable.Ints lineFrom = new Growable.Ints();
    final Growable.Ints lineTo = new Growable.Ints();
    final Growable.Ints rangeFrom = new Growable.Ints();
    final Growable.Ints rangeTo = new Growable.Ints();

    final Growable.Longs lineStart = new Growable.Longs();
    final Growable.Longs lineEnd = new Growable.Longs();
    final Growable.Ints lineNumber = new Growable.Ints();
    final Growable.Ints lineFile = new Growable.Ints();

    final Growable.Ints inlineDepth = new Growable.Ints();
    final Growable.Ints inlineCallLine = new Growable.Ints();
    final Growable.Ints inlineCallFile = new Growable.Ints();
    final Growable.Ints inlineOrigin = new Growable.Ints();
    final Growable.Ints inlineParent = new Growable.Ints();

    final Growable.Longs rangeStart = new Growable.Longs();
    final Growable.Longs rangeEnd = new Growable.Longs();
    final Growable.Ints rangeInline = new Growable.Ints();

    /** Whether a function is open (lines and inlines go to it) and whether it is kept. */
    private boolean open;
    private boolean kept;
    private boolean linesSorted;
    private int lastDepth;
    private final Growable.Ints lastAtDepth = new Growable.Ints();
    /** Records dropped as Breakpad drops them (not errors, but counted for one note). */
    long dropped;

    /** Whether line records have a function to go to (after a FUNC, before a PUBLIC). */
    boolean inFunction() {
        return open;
    }

    void beginFunction(long address, long size, int nameAt) {
        endFunction();
        open = true;
        kept = validRange(address, size);
        if (!kept) {
            dropped++;
            return;
        }
        start.add(address);
        end.add(address + size);
        name.add(nameAt);
        lineFrom.add(lineStart.size);
        rangeFrom.add(rangeStart.size);
        linesSorted = true;
        lastDepth = 0;
        lastAtDepth.size = 0;
    }

    void addLine(long address, long size, int line, int file) {
        if (!kept) {
            return;
        }
        if (!validRange(address, size)) {
            dropped++;
            return;
        }
        int n = lineStart.size;
        if (n > lineFrom.a[lineFrom.size - 1] && Long.compareUnsigned(address, lineStart.a[n - 1]) < 0) {
            linesSorted = false;
        }
        lineStart.add(address);
        lineEnd.add(address + size);
        lineNumber.add(line);
        lineFile.add(file);
    }

    /** An INLINE record; {@code ranges} holds address, size pairs. */
    void addInline(int depth, int callLine, int callFile, int origin, long[] ranges, int rangeWords) {
        if (!kept) {
            return;
        }
        if (depth > lastDepth + 1) {
            dropped++; // its parent was not added: Breakpad's AppendInline refuses it
            return;
        }
        lastDepth = depth;
        int id = inlineDepth.size;
        inlineDepth.add(depth);
        inlineCallLine.add(callLine);
        inlineCallFile.add(callFile);
        inlineOrigin.add(origin);
        inlineParent.add(depth > 0 && depth - 1 < lastAtDepth.size ? lastAtDepth.a[depth - 1] : -1);
        lastAtDepth.size = Math.min(lastAtDepth.size, depth);
        while (lastAtDepth.size < depth) {
            lastAtDepth.add(-1);
        }
        lastAtDepth.add(id);
        for (int i = 0; i + 1 < rangeWords; i += 2) {
            if (!validRange(ranges[i], ranges[i + 1])) {
                dropped++;
                continue;
            }
            rangeStart.add(ranges[i]);
            rangeEnd.add(ranges[i] + ranges[i + 1]);
            rangeInline.add(id);
        }
    }

    /** A PUBLIC record ends the open function (Breakpad's loader resets its current function). */
    void endFunction() {
        if (!open) {
            return;
        }
        open = false;
        if (!kept) {
            return;
        }
        int f = start.size - 1;
        int from = lineFrom.a[f];
        if (!linesSorted) {
            int[] perm = Sorting.order(from, lineStart.size, (x, y) -> Long.compareUnsigned(lineStart.a[x], lineStart.a[y]));
            Sorting.apply(lineStart.a, from, perm);
            Sorting.apply(lineEnd.a, from, perm);
            Sorting.apply(lineNumber.a, from, perm);
            Sorting.apply(lineFile.a, from, perm);
        }
        lineStart.size = lineEnd.size = lineNumber.size = lineFile.size = withoutOverlaps(from, lineStart.size);
        lineTo.add(lineStart.size);
        int rFrom = rangeFrom.a[f];
        // By depth, then address: a lookup binary-searches one depth at a time.
        int[] perm = Sorting.order(rFrom, rangeStart.size, (x, y) -> {
            int c = Integer.compare(inlineDepth.a[rangeInline.a[x]], inlineDepth.a[rangeInline.a[y]]);
            return c != 0 ? c : Long.compareUnsigned(rangeStart.a[x], rangeStart.a[y]);
        });
        Sorting.apply(rangeStart.a, rFrom, perm);
        Sorting.apply(rangeEnd.a, rFrom, perm);
        Sorting.apply(rangeInline.a, rFrom, perm);
        rangeTo.add(rangeStart.size);
    }

    /** Compacts the sorted lines {@code [from, to)}, dropping each that overlaps the one kept before it; the new end. */
    private int withoutOverlaps(int from, int to) {
        int w = from;
        for (int r = from; r < to; r++) {
            if (w > from && Long.compareUnsigned(lineStart.a[r], lineEnd.a[w - 1]) < 0) {
                dropped++;
                continue;
            }
            lineStart.a[w] = lineStart.a[r];
            lineEnd.a[w] = lineEnd.a[r];
            lineNumber.a[w] = lineNumber.a[r];
            lineFile.a[w] = lineFile.a[r];
            w++;
        }
        return w;
    }

    /** A range Breakpad's {@code RangeMap} stores: not empty, and its last byte does not wrap around. */
    static boolean validRange(long address, long size) {
        return size != 0 && Long.compareUnsigned(address + size - 1, address) >= 0;
    }

    /** The functions in address order, each overlapping an earlier one dropped. */
    Functions build() {
        endFunction();
        int n = start.size;
        int[] order = null;
        for (int i = 1; i < n; i++) {
            if (Long.compareUnsigned(start.a[i], start.a[i - 1]) < 0) {
                order = Sorting.order(0, n, (x, y) -> Long.compareUnsigned(start.a[x], start.a[y]));
                break;
            }
        }
        Growable.Longs s = new Growable.Longs();
        Growable.Longs e = new Growable.Longs();
        Growable.Ints nm = new Growable.Ints();
        Growable.Ints lf = new Growable.Ints();
        Growable.Ints lt = new Growable.Ints();
        Growable.Ints rf = new Growable.Ints();
        Growable.Ints rt = new Growable.Ints();
        for (int k = 0; k < n; k++) {
            int i = order == null ? k : order[k];
            if (s.size > 0 && Long.compareUnsigned(start.a[i], e.a[s.size - 1]) < 0) {
                dropped++; // overlaps the function kept before it
                continue;
            }
            s.add(start.a[i]);
            e.add(end.a[i]);
            nm.add(name.a[i]);
            lf.add(lineFrom.a[i]);
            lt.add(lineTo.a[i]);
            rf.add(rangeFrom.a[i]);
            rt.add(rangeTo.a[i]);
        }
        return new Functions(s.toArray(), e.toArray(), nm.toArray(), lf.toArray(), lt.toArray(), rf.toArray(),
                rt.toArray(), lineStart.toArray(), lineEnd.toArray(), lineNumber.toArray(), lineFile.toArray(),
                inlineDepth.toArray(), inlineCallLine.toArray(), inlineCallFile.toArray(), inlineOrigin.toArray(),
                inlineParent.toArray(), rangeStart.toArray(), rangeEnd.toArray(), rangeInline.toArray());
    }
}
