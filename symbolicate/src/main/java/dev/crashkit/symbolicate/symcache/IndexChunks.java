package dev.crashkit.symbolicate.symcache;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A table of little-endian u32s in the pages (a block index), read into memory a chunk at a time
 * the first time a lookup needs an entry of the chunk: every frame reads two entries of the
 * location and function indexes, which through the page cache cost a slot check and a direct
 * buffer read each (on C1, ~9% of a lookup). At most 4 bytes per entry on the heap. Thread-safe:
 * a chunk is published in an object with a final field; two threads may read it twice.
 */
final class IndexChunks {
    /** Entries per chunk (4 KB: one or two pages). */
    static final int CHUNK = 1024;

    private record Chunk(int[] values) {
    }

    private final Pages pages;
    private final int at;
    private final int count;
    private final Chunk[] chunks;

    /** The {@code count} entries at file offset {@code at}. */
    IndexChunks(Pages pages, int at, int count) {
        this.pages = pages;
        this.at = at;
        this.count = count;
        this.chunks = new Chunk[(count + CHUNK - 1) / CHUNK];
    }

    /** Entry {@code i} ({@code 0 <= i < count}, checked by the caller). */
    int get(int i) throws DamagedSymCacheException {
        Chunk c = chunks[i / CHUNK];
        if (c == null) {
            c = read(i / CHUNK);
        }
        return c.values()[i % CHUNK];
    }

    private Chunk read(int chunk) throws DamagedSymCacheException {
        int first = chunk * CHUNK;
        int n = Math.min(CHUNK, count - first);
        ByteBuffer b = ByteBuffer.wrap(pages.bytes(at + 4 * first, 4 * n)).order(ByteOrder.LITTLE_ENDIAN);
        int[] values = new int[n];
        b.asIntBuffer().get(values);
        Chunk c = new Chunk(values);
        chunks[chunk] = c;
        return c;
    }

    /** Heap bytes when every chunk has been read. */
    static long heapBytes(int count) {
        return 4L * count + 32L * ((count + CHUNK - 1) / CHUNK);
    }
}
