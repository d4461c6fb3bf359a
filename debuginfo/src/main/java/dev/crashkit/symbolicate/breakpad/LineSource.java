package dev.crashkit.symbolicate.breakpad;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The lines of a stream, one at a time, as bytes in a reused buffer: a symbol file of hundreds of
 * megabytes is read in one pass with one buffer, no {@code String} per line. Lines end at {@code \n}
 * or {@code \r} (Breakpad's loader splits on either); empty lines are skipped, as Breakpad skips
 * them. {@link #number} counts {@code \n} as editors do, so messages point at the right line.
 */
final class LineSource {
    /** Longer lines are refused: a name this long is not a symbol, and the buffer would grow without bound. */
    static final int MAX_LINE = 1 << 24;

    private final InputStream in;
    private final byte[] chunk = new byte[1 << 16];
    private int chunkPos;
    private int chunkEnd;
    private boolean eof;
    /** The current line is {@code line[0, length)}. */
    byte[] line = new byte[256];
    int length;
    /** 1-based number of the current line. */
    long number;
    private long nextNumber = 1;

    LineSource(InputStream in) {
        this.in = in;
    }

    /** Advances to the next non-empty line; false at the end. */
    boolean next() throws IOException, LineTooLongException {
        while (true) {
            length = 0;
            number = nextNumber;
            boolean ended = false;
            while (!ended) {
                if (chunkPos == chunkEnd && !fill()) {
                    break;
                }
                int from = chunkPos;
                int i = from;
                while (i < chunkEnd && chunk[i] != '\n' && chunk[i] != '\r') {
                    i++;
                }
                append(from, i);
                if (i < chunkEnd) {
                    if (chunk[i] == '\n') {
                        nextNumber++;
                    }
                    chunkPos = i + 1;
                    ended = true;
                } else {
                    chunkPos = i;
                }
            }
            if (length > 0) {
                return true;
            }
            if (!ended) {
                return false;
            }
        }
    }

    private void append(int from, int to) throws LineTooLongException {
        int n = to - from;
        if (n == 0) {
            return;
        }
        if ((long) length + n > MAX_LINE) {
            throw new LineTooLongException();
        }
        if (length + n > line.length) {
            line = Arrays.copyOf(line, Math.min(MAX_LINE, Math.max(length + n, line.length * 2)));
        }
        System.arraycopy(chunk, from, line, length, n);
        length += n;
    }

    private boolean fill() throws IOException {
        if (eof) {
            return false;
        }
        int n = in.read(chunk);
        if (n < 0) {
            eof = true;
            return false;
        }
        chunkPos = 0;
        chunkEnd = n;
        return true;
    }

    /** A line over {@link #MAX_LINE} bytes. */
    static final class LineTooLongException extends Exception {
        LineTooLongException() {
            super(null, null, false, false);
        }
    }
}
