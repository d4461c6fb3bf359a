package dev.crashkit.symbolicate.symcache;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/** Where a symbol cache's bytes are read from: its file, or memory. Safe for concurrent reads. */
interface PageSource {
    /** Reads exactly {@code dst.length} bytes at {@code at}. */
    default void read(long at, byte[] dst) throws IOException {
        read(at, ByteBuffer.wrap(dst));
    }

    /** Reads exactly {@code dst.remaining()} bytes at {@code at} into {@code dst}. */
    void read(long at, ByteBuffer dst) throws IOException;

    /** The file name or "memory", for messages. */
    String origin();

    /**
     * Bytes {@code [0, size)} as one read-only buffer that stays valid while referenced (a file's
     * mapping, or the bytes in memory), or null when this source cannot give one.
     */
    default ByteBuffer map(long size) throws IOException {
        return null;
    }

    /** Bytes in memory (tests, and a cache that could not be stored). */
    static PageSource of(ByteBuffer bytes) {
        ByteBuffer b = bytes.duplicate();
        return new PageSource() {
            @Override
            public void read(long at, ByteBuffer dst) throws IOException {
                if (at < 0 || at + dst.remaining() > b.capacity()) {
                    throw new IOException("read past the end");
                }
                dst.put(b.slice((int) at, dst.remaining()));
            }

            @Override
            public ByteBuffer map(long size) {
                return size == b.capacity() ? b.asReadOnlyBuffer() : null;
            }

            @Override
            public String origin() {
                return "symbol cache in memory";
            }
        };
    }

    /**
     * A file read with positional reads, or mapped whole when the page cache's budget has room for
     * it (see {@link Pages}). A channel closed by an interrupted reader is opened again, and
     * used only if the file still starts with the same header (the same file, not a rebuilt one).
     */
    final class FileSource implements PageSource {
        private final Path path;
        private volatile FileChannel channel;
        private volatile byte[] header;

        FileSource(Path path, FileChannel channel) {
            this.path = path;
            this.channel = channel;
        }

        /** The header bytes this file must still start with when the channel is reopened. */
        void header(byte[] h) {
            header = h.clone();
        }

        long size() throws IOException {
            return channel.size();
        }

        /** The file mapped read-only (the mapping outlives the channel). */
        @Override
        public ByteBuffer map(long size) throws IOException {
            return channel.map(FileChannel.MapMode.READ_ONLY, 0, size);
        }

        @Override
        public void read(long at, ByteBuffer dst) throws IOException {
            int from = dst.position();
            try {
                readFully(channel, at, dst);
            } catch (ClosedChannelException e) {
                dst.position(from);
                readFully(reopen(), at, dst);
            }
        }

        private synchronized FileChannel reopen() throws IOException {
            if (channel.isOpen()) {
                return channel;
            }
            FileChannel c = FileChannel.open(path, StandardOpenOption.READ);
            byte[] h = header;
            byte[] now = new byte[h == null ? 0 : h.length];
            readFully(c, 0, ByteBuffer.wrap(now));
            if (h == null || !Arrays.equals(h, now)) {
                c.close();
                throw new IOException("replaced while in use");
            }
            channel = c;
            return c;
        }

        private static void readFully(FileChannel c, long at, ByteBuffer b) throws IOException {
            int from = b.position();
            while (b.hasRemaining()) {
                if (c.read(b, at + b.position() - from) < 0) {
                    throw new IOException("file shorter than its header says");
                }
            }
        }

        void close() throws IOException {
            channel.close();
        }

        @Override
        public String origin() {
            return path.toString();
        }
    }
}
