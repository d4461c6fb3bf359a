package dev.crashkit.symbolicate.locate;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Counts the bytes an archive member (or a whole compressed stream) really expands to and stops
 * reading at the size limit or at the expansion-ratio limit, whatever its header declared: a zip
 * member declaring 18 KB that inflates to gigabytes is cut off after {@code 1000 x} its compressed
 * size instead of being extracted in full.
 */
final class ExpansionLimit extends FilterInputStream {
    private final String what;
    private final long maxBytes;
    private final long maxByRatio;
    private final long ratio;
    private long count;

    /**
     * @param what       names the member or archive in the error
     * @param maxBytes   largest expanded size accepted
     * @param compressed compressed size, or a non-positive value when unknown (no ratio check)
     * @param ratio      largest accepted expanded/compressed ratio
     */
    ExpansionLimit(InputStream in, String what, long maxBytes, long compressed, long ratio) {
        super(in);
        this.what = what;
        this.maxBytes = maxBytes;
        this.ratio = ratio;
        this.maxByRatio = compressed > 0 ? saturatingMultiply(compressed, ratio) : Long.MAX_VALUE;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            counted(1);
        }
        return b;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
        int n = super.read(buf, off, len);
        if (n > 0) {
            counted(n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        // Skipping still inflates: count it like a read.
        long skipped = super.skip(n);
        if (skipped > 0) {
            counted(skipped);
        }
        return skipped;
    }

    private void counted(long n) throws IOException {
        count += n;
        if (count > maxBytes) {
            throw new IOException(what + ": expands past the " + maxBytes + "-byte limit (archive bomb?)");
        }
        if (count > maxByRatio) {
            throw new IOException(what + ": expands more than " + ratio + "x its compressed size (archive bomb?)");
        }
    }

    private static long saturatingMultiply(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        return hi != 0 || lo < 0 ? Long.MAX_VALUE : lo;
    }
}
