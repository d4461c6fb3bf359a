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

    LineTable(FileTable files, long[] rowAddress, int[] rowFile, int[] rowLine, int[] rowColumn, long[] seqLow,
            long[] seqHigh, int[] seqFirst, int[] seqEnd) {
        this.files = files;
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
        for (long a : rowAddress) {
            sink.accept(a);
        }
        for (int s = 0; s < seqLow.length; s++) {
            sink.accept(seqLow[s]);
            sink.accept(seqHigh[s]);
        }
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
