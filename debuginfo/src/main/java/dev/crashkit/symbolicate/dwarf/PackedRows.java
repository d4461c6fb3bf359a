package dev.crashkit.symbolicate.dwarf;

import java.util.Arrays;

/**
 * Rows of a few {@code long} fields, packed: each field as the LEB128 of the zigzagged difference
 * from the same field of the row before (from zero at every {@link #STRIDE}th row, so any row is
 * reached by decoding its block). The flattener's tables are read in row order (the symbol cache
 * writer walks them once), and most differences fit a byte, so a table takes a fifth of its ints'
 * room on the heap while a cache is built. A read decodes the whole block of its row and keeps
 * it, so reading in order decodes each row once, in a tight loop. Not for concurrent readers.
 */
final class PackedRows {
    /** Rows between restarts from zero. */
    static final int STRIDE = 64;

    private final int fields;
    private final int rows;
    private final byte[] bytes;
    /** Byte offset of row {@code k * STRIDE}. */
    private final int[] restarts;
    /** The rows of one restart block, decoded at once: fields of row {@code first + i} at {@code i * fields}. */
    private long[] block;
    private int first = -1;
    private int count;

    private PackedRows(int fields, int rows, byte[] bytes, int[] restarts) {
        this.fields = fields;
        this.rows = rows;
        this.bytes = bytes;
        this.restarts = restarts;
    }

    int size() {
        return rows;
    }

    /** Bytes the packed rows take. */
    int byteSize() {
        return bytes.length;
    }

    /** Field {@code field} of row {@code row}. */
    long get(int row, int field) {
        int i = at(row); // first: it may replace the block
        return block[i + field];
    }

    /** Where the fields of row {@code row} start in {@link #block()} (decoding its block when needed). */
    int at(int row) {
        int i = row - first;
        if (i < 0 || i >= count) {
            decode(row);
            i = row - first;
        }
        return i * fields;
    }

    /** The decoded block {@link #at} points into; valid until the next read. */
    long[] block() {
        return block;
    }

    /** Decodes the restart block holding {@code row}. */
    private void decode(int row) {
        if (row < 0 || row >= rows) {
            throw new IndexOutOfBoundsException(row);
        }
        if (block == null) {
            block = new long[STRIDE * fields];
        }
        int k = row / STRIDE;
        int n = Math.min(STRIDE, rows - k * STRIDE);
        long[] out = block;
        byte[] b = bytes;
        int p = restarts[k];
        int f = fields;
        // The first row holds its values, every later one its differences from the row before.
        for (int i = 0; i < n * f; i++) {
            long v = b[p++];
            if (v < 0) {
                v &= 0x7f;
                int shift = 7;
                byte x;
                do {
                    x = b[p++];
                    v |= (long) (x & 0x7f) << shift;
                    shift += 7;
                } while (x < 0);
            }
            out[i] = v >>> 1 ^ -(v & 1);
        }
        for (int i = f; i < n * f; i++) {
            out[i] += out[i - f];
        }
        first = k * STRIDE;
        count = n;
    }

    /** Packs rows one at a time; reusable ({@link #clear}) so a worker grows its buffer once. */
    static final class Builder {
        private final int fields;
        private final long[] previous;
        private byte[] bytes;
        private int length;
        private int[] restarts;
        private int rows;

        Builder(int fields) {
            this(fields, 4096, 64 * STRIDE);
        }

        /** A builder whose buffers start with room for {@code bytes} bytes and {@code rows} rows. */
        Builder(int fields, int bytes, int rows) {
            this.fields = fields;
            this.previous = new long[fields];
            this.bytes = new byte[Math.max(bytes, fields * 10)];
            this.restarts = new int[Math.max(1, (rows + STRIDE - 1) / STRIDE)];
        }

        Builder clear() {
            length = 0;
            rows = 0;
            return this;
        }

        int size() {
            return rows;
        }

        /** Appends a row of two fields. */
        void add(long a, long b) {
            begin();
            put(0, a);
            put(1, b);
        }

        /** Appends a row of three fields. */
        void add(long a, long b, long c) {
            begin();
            put(0, a);
            put(1, b);
            put(2, c);
        }

        /** Appends a row of {@code fields} fields from {@code row}. */
        void add(int[] row) {
            begin();
            for (int f = 0; f < fields; f++) {
                put(f, row[f]);
            }
        }

        private void begin() {
            if (rows % STRIDE == 0) {
                if (rows / STRIDE == restarts.length) {
                    restarts = Arrays.copyOf(restarts, restarts.length * 2);
                }
                restarts[rows / STRIDE] = length;
                Arrays.fill(previous, 0);
            }
            if (length + fields * 10 > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + fields * 10));
            }
            rows++;
        }

        private void put(int field, long value) {
            long d = value - previous[field];
            previous[field] = value;
            long v = d << 1 ^ d >> 63;
            byte[] b = bytes;
            int p = length;
            while ((v & ~0x7fL) != 0) {
                b[p++] = (byte) (v | 0x80);
                v >>>= 7;
            }
            b[p++] = (byte) v;
            length = p;
        }

        /** The rows so far, copied to their size (this builder stays usable). */
        PackedRows build() {
            return new PackedRows(fields, rows, Arrays.copyOf(bytes, length),
                    Arrays.copyOf(restarts, (rows + STRIDE - 1) / STRIDE));
        }
    }
}
