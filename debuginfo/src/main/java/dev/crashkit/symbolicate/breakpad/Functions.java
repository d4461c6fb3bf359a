package dev.crashkit.symbolicate.breakpad;

import dev.crashkit.symbolicate.bytes.SortedAddresses;

/**
 * The FUNC records of a symbol file, in address order and disjoint, with their line records and
 * inline ranges as slices of shared primitive arrays. Never written after {@link FunctionsBuilder}
 * made it, so any number of threads may look up at once.
 */
final class Functions {
    final long[] start;
    final long[] end;
    final int[] name;
    private final int[] lineFrom;
    private final int[] lineTo;
    private final int[] rangeFrom;
    private final int[] rangeTo;
    private final long[] lineStart;
    private final long[] lineEnd;
    private final int[] lineNumber;
    private final int[] lineFile;
    private final int[] inlineDepth;
    private final int[] inlineCallLine;
    private final int[] inlineCallFile;
    private final int[] inlineOrigin;
    private final int[] inlineParent;
    private final long[] rangeStart;
    private final long[] rangeEnd;
    private final int[] rangeInline;

    Functions(long[] start, long[] end, int[] name, int[] lineFrom, int[] lineTo, int[] rangeFrom, int[] rangeTo,
              long[] lineStart, long[] lineEnd, int[] lineNumber, int[] lineFile, int[] inlineDepth,
              int[] inlineCallLine, int[] inlineCallFile, int[] inlineOrigin, int[] inlineParent, long[] rangeStart,
              long[] rangeEnd, int[] rangeInline) {
        this.start = start;
        this.end = end;
        this.name = name;
        this.lineFrom = lineFrom;
        this.lineTo = lineTo;
        this.rangeFrom = rangeFrom;
        this.rangeTo = rangeTo;
        this.lineStart = lineStart;
        this.lineEnd = lineEnd;
        this.lineNumber = lineNumber;
        this.lineFile = lineFile;
        this.inlineDepth = inlineDepth;
        this.inlineCallLine = inlineCallLine;
        this.inlineCallFile = inlineCallFile;
        this.inlineOrigin = inlineOrigin;
        this.inlineParent = inlineParent;
        this.rangeStart = rangeStart;
        this.rangeEnd = rangeEnd;
        this.rangeInline = rangeInline;
    }

    int size() {
        return start.length;
    }

    int lineCount() {
        return lineStart.length;
    }

    int inlineCount() {
        return inlineDepth.length;
    }

    /** The function covering {@code address}, or -1. */
    int covering(long address) {
        int f = SortedAddresses.floor(start, address);
        return f >= 0 && Long.compareUnsigned(address, end[f]) < 0 ? f : -1;
    }

    /** The last function starting at or below {@code address}, covering it or not; -1 for none. */
    int nearestBelow(long address) {
        return SortedAddresses.floor(start, address);
    }

    /** The line record of function {@code f} covering {@code address}, or -1. */
    int line(int f, long address) {
        int l = SortedAddresses.floor(lineStart, lineFrom[f], lineTo[f], address);
        return l >= lineFrom[f] && Long.compareUnsigned(address, lineEnd[l]) < 0 ? l : -1;
    }

    int lineNumber(int l) {
        return lineNumber[l];
    }

    int lineFile(int l) {
        return lineFile[l];
    }

    /**
     * The inline ranges of function {@code f} around {@code address}, outermost first, into
     * {@code out} (range indexes: {@link #rangeInline}, {@link #rangeStart}); how many. Each depth is one binary search over the function's ranges (sorted by
     * depth, then address), and a range counts only inside the inline found one level up, as
     * Breakpad's {@code ContainedRangeMap} nests them.
     */
    int inlines(int f, long address, Growable.Ints out) {
        out.size = 0;
        int parent = -1;
        for (int depth = 0; ; depth++) {
            int k = floor(rangeFrom[f], rangeTo[f], depth, address);
            if (k < rangeFrom[f] || inlineDepth[rangeInline[k]] != depth
                    || Long.compareUnsigned(address, rangeEnd[k]) >= 0 || inlineParent[rangeInline[k]] != parent) {
                return out.size;
            }
            parent = rangeInline[k];
            out.add(k);
        }
    }

    /** The last range of {@code [from, to)} at or below (depth, address), or {@code from - 1}. */
    private int floor(int from, int to, int depth, long address) {
        int lo = from;
        int hi = to - 1;
        int found = from - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int d = inlineDepth[rangeInline[mid]];
            int c = d != depth ? Integer.compare(d, depth) : Long.compareUnsigned(rangeStart[mid], address);
            if (c <= 0) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    /** The inline record range {@code k} belongs to. */
    int rangeInline(int k) {
        return rangeInline[k];
    }

    /** Start of range {@code k} (Breakpad's function base of an inlined frame). */
    long rangeStart(int k) {
        return rangeStart[k];
    }

    int inlineCallLine(int i) {
        return inlineCallLine[i];
    }

    int inlineCallFile(int i) {
        return inlineCallFile[i];
    }

    int inlineOrigin(int i) {
        return inlineOrigin[i];
    }
}
