package dev.crashkit.symbolicate.output;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * Bytes rendered ahead and held until they are written in order: the buffers a {@link PrettyJson}
 * writer filled, kept as they were handed over ({@link #keep}) rather than copied into one growing
 * array. A big report's threads are rendered this way (12.8 MB in the benchmark): a
 * {@code ByteArrayOutputStream} sized ahead over-allocated a sixth, and every byte was copied into
 * it once more (BENCHMARKS.md, allocation of the warm run).
 */
final class ByteChunks extends OutputStream {
    private byte[][] chunks = new byte[8][];
    private int[] lengths = new int[8];
    private int count;
    private long size;

    /** Keeps the first {@code length} bytes of {@code chunk}, which the caller hands over and no longer writes. */
    void keep(byte[] chunk, int length) {
        if (length == 0) {
            return;
        }
        if (count == chunks.length) {
            chunks = Arrays.copyOf(chunks, 2 * count);
            lengths = Arrays.copyOf(lengths, 2 * count);
        }
        chunks[count] = chunk;
        lengths[count] = length;
        count++;
        size += length;
    }

    /** Bytes written by anyone else are copied (the caller may reuse its array). */
    @Override
    public void write(byte[] b, int off, int len) {
        keep(Arrays.copyOfRange(b, off, off + len), len);
    }

    @Override
    public void write(int b) {
        keep(new byte[] {(byte) b}, 1);
    }

    /** Bytes held. */
    long size() {
        return size;
    }

    /** Writes every chunk to {@code out}, in order, each as one write. */
    void writeTo(OutputStream out) throws IOException {
        for (int i = 0; i < count; i++) {
            out.write(chunks[i], 0, lengths[i]);
        }
    }
}
