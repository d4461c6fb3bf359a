package dev.crashkit.symbolicate.dwarf;

/**
 * The decoded rows of one line program, grouped into sequences, in primitive arrays. Lookup
 * follows llvm-symbolizer: the sequence is found by end address, then the last row whose address
 * is not above the wanted one.
 */
final class LineTable {
    final FileTable files;
    private final long[] rowAddress;
    private final int[] rowFile;
    private final int[] rowLine;
    private final int[] rowColumn;
    private final long[] seqLow;
    private final long[] seqHigh;
    private final int[] seqFirst;
    private final int[] seqEnd;

    private final int rows;

    /**
     * The row arrays may be longer than {@code rows} (the decoder's own buffers, when trimming
     * them would cost more than the slack they keep); rows past it are never read.
     */
    LineTable(FileTable files, int rows, long[] rowAddress, int[] rowFile, int[] rowLine, int[] rowColumn,
            long[] seqLow, long[] seqHigh, int[] seqFirst, int[] seqEnd) {
        this.files = files;
        this.rows = rows;
        this.rowAddress = rowAddress;
        this.rowFile = rowFile;
        this.rowLine = rowLine;
        this.rowColumn = rowColumn;
        this.seqLow = seqLow;
        this.seqHigh = seqHigh;
        this.seqFirst = seqFirst;
        this.seqEnd = seqEnd;
    }

    /** Index of the row describing an address, or -1. */
    int find(long address) {
        // First sequence whose end is above the address (sequences are sorted by end address).
        int lo = 0;
        int hi = seqHigh.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(seqHigh[mid], address) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if (lo == seqHigh.length || Long.compareUnsigned(seqLow[lo], address) > 0) {
            return -1;
        }
        // Last row (excluding the end_sequence row) whose address is <= the wanted one.
        int first = seqFirst[lo];
        int rlo = first + 1;
        int rhi = seqEnd[lo] - 1;
        while (rlo < rhi) {
            int mid = (rlo + rhi) >>> 1;
            if (Long.compareUnsigned(rowAddress[mid], address) <= 0) {
                rlo = mid + 1;
            } else {
                rhi = mid;
            }
        }
        return rlo - 1;
    }

    /** Addresses where {@link #find} may change: every row address and sequence bound. */
    void boundaries(java.util.function.LongConsumer sink) {
        for (int r = 0; r < rows; r++) {
            sink.accept(rowAddress[r]);
        }
        for (int s = 0; s < seqLow.length; s++) {
            sink.accept(seqLow[s]);
            sink.accept(seqHigh[s]);
        }
    }

    /**
     * {@link #find} for addresses that mostly ascend (a sweep over sorted boundaries): the sequence
     * is the first whose end is above the address, and within it the last row not above it; both
     * only move forward while addresses ascend. Same answers as {@link #find}: a sequence whose
     * rows do not ascend (a malformed program; the binary search's answer then depends on where it
     * probes) is answered by {@link #find} itself.
     */
    final class Sweep {
        private final byte[] ascending = new byte[seqHigh.length]; // 0 unknown, 1 yes, 2 no
        private int seq; // first sequence whose end is above the previous address
        private int row = -1; // last row of seq (excluding its end row) not above the previous address
        private long last;
        private boolean started;

        int find(long address) {
            if (!started || Long.compareUnsigned(address, last) < 0) {
                started = true;
                seq = 0;
                row = -1;
            }
            last = address;
            int previousSeq = seq;
            while (seq < seqHigh.length && Long.compareUnsigned(seqHigh[seq], address) <= 0) {
                seq++;
            }
            if (seq == seqHigh.length || Long.compareUnsigned(seqLow[seq], address) > 0) {
                return -1;
            }
            int first = seqFirst[seq];
            int end = seqEnd[seq] - 1; // rows [first, end) are candidates, as in find()
            if (ascending[seq] == 0) {
                ascending[seq] = 1;
                for (int r = first + 1; r < end; r++) {
                    if (Long.compareUnsigned(rowAddress[r - 1], rowAddress[r]) > 0) {
                        ascending[seq] = 2;
                        break;
                    }
                }
            }
            if (ascending[seq] == 2) {
                row = -1;
                return LineTable.this.find(address);
            }
            if (seq != previousSeq || row < first) {
                row = first;
            }
            // find() returns rlo - 1 where rlo is the first index in (first, end) with an address above
            // the wanted one, else end: i.e. the last row in [first, end) whose successor is above it.
            while (row + 1 < end && Long.compareUnsigned(rowAddress[row + 1], address) <= 0) {
                row++;
            }
            return row;
        }
    }

    /** Sequence indexes in the order the line program wrote them (they are stored sorted by end address). */
    int[] sequencesInProgramOrder() {
        Integer[] order = new Integer[seqFirst.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, java.util.Comparator.comparingInt(i -> seqFirst[i]));
        int[] out = new int[order.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = order[i];
        }
        return out;
    }

    /** Index of a sequence's first row. */
    int sequenceFirst(int seq) {
        return seqFirst[seq];
    }

    /** One past the index of a sequence's last row (its end_sequence row). */
    int sequenceEnd(int seq) {
        return seqEnd[seq];
    }

    long address(int row) {
        return rowAddress[row];
    }

    int file(int row) {
        return rowFile[row];
    }

    int line(int row) {
        return rowLine[row];
    }

    int column(int row) {
        return rowColumn[row];
    }
}
