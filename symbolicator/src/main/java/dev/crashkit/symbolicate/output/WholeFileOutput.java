package dev.crashkit.symbolicate.output;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The content of one new file gathered in this thread's native buffer and written with one
 * {@code write} when it is complete ({@link #finish}), the file created ({@code CREATE_NEW}) only
 * then: a batch's output of ~125 KB was four writes of 32 KB through a buffered stream, each copied
 * once more into the JDK's temporary native buffer (BENCHMARKS.md, batch into one image, sixth pass).
 * Content longer than the buffer is written a buffer at a time as it comes (the file created at the
 * first), so memory stays bounded whatever the size. Not thread-safe: one writer, on the thread
 * that {@link #take took} it.
 */
final class WholeFileOutput extends OutputStream {
    /** Large enough for a report's output at once; a longer one is written in pieces this long. */
    static final int BUFFER_BYTES = 1 << 18;

    /**
     * A buffer left by the last file written on this thread; taken out while in use, so a file
     * written meanwhile on the same thread (none is, today) makes its own.
     */
    private static final ThreadLocal<ByteBuffer> SPARE = new ThreadLocal<>();

    private final Path file;
    private ByteBuffer buffer;
    private FileChannel channel;

    private WholeFileOutput(Path file, ByteBuffer buffer) {
        this.file = file;
        this.buffer = buffer;
    }

    /** A writer of the new file {@code file} (not created yet) on this thread's buffer. */
    static WholeFileOutput take(Path file) {
        ByteBuffer spare = SPARE.get();
        if (spare == null) {
            spare = ByteBuffer.allocateDirect(BUFFER_BYTES);
        } else {
            SPARE.set(null);
        }
        return new WholeFileOutput(file, spare);
    }

    @Override
    public void write(int b) throws IOException {
        if (!buffer.hasRemaining()) {
            drain();
        }
        buffer.put((byte) b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        while (len > 0) {
            if (!buffer.hasRemaining()) {
                drain();
            }
            int n = Math.min(len, buffer.remaining());
            buffer.put(b, off, n);
            off += n;
            len -= n;
        }
    }

    /** Writes what is gathered to the file, created on the first call. */
    private void drain() throws IOException {
        if (channel == null) {
            channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        }
        buffer.flip();
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
        buffer.clear();
    }

    /** The content is complete: the file is created if it was not yet, the rest written and the file closed. */
    void finish() throws IOException {
        drain();
        FileChannel c = channel;
        channel = null;
        c.close();
    }

    /**
     * Closes the file if {@link #finish} did not (the content failed), and gives the buffer back as
     * this thread's spare: nothing may be written afterwards.
     */
    void release() throws IOException {
        ByteBuffer b = buffer;
        buffer = null;
        b.clear();
        SPARE.set(b);
        if (channel != null) {
            FileChannel c = channel;
            channel = null;
            c.close();
        }
    }

    /** Nothing: the file is written by {@link #finish}, whatever the content's writer closes or flushes. */
    @Override
    public void close() {
    }
}
