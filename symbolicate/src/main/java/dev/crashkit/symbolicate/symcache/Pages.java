package dev.crashkit.symbolicate.symcache;

import static dev.crashkit.symbolicate.symcache.SymCacheFormat.PAGE_SIZE;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.zip.CRC32C;

/**
 * The paged part of one symbol cache file: bytes {@code [start, end)} in pages of
 * {@link SymCacheFormat#PAGE_SIZE}, page i checked against {@code crcs[i]} when it is read; checked
 * pages are kept in a shared {@link PageCache} (see there how reads and refills of a slot meet). A page that fails its checksum, or a read outside
 * the pages, throws {@link DamagedSymCacheException}: nothing unchecked is ever answered from.
 */
final class Pages {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final PageSource source;
    private final int start;
    private final int end;
    private final int[] crcs;
    private final PageCache cache;
    /** Per page, 1 + the cache slot holding it, 0 for none. */
    private final AtomicIntegerArray slotOf;

    Pages(PageSource source, int start, int end, int[] crcs, PageCache cache) {
        this.source = source;
        this.start = start;
        this.end = end;
        this.crcs = crcs;
        this.cache = cache;
        this.slotOf = new AtomicIntegerArray(crcs.length);
    }

    /** Number of pages. */
    int count() {
        return crcs.length;
    }

    int slotOf(int page) {
        return slotOf.get(page) - 1;
    }

    void remember(int page, int slot) {
        slotOf.set(page, slot + 1);
    }

    void forget(int page, int slot) {
        slotOf.compareAndSet(page, slot + 1, 0);
    }

    int getInt(int at) throws DamagedSymCacheException {
        inside(at, 4);
        int rel = at - start;
        int page = rel / PAGE_SIZE;
        int o = rel % PAGE_SIZE;
        if (o + 4 > PAGE_SIZE) {
            return (int) LONG.get(padded(at, 4), 0);
        }
        while (true) {
            int slot = slotOf(page);
            if (slot >= 0) {
                int stamp = cache.stamp(slot);
                int v = cache.chunk(slot).getInt(PageCache.offset(slot) + o);
                if (cache.stillHolds(slot, stamp, this, page)) {
                    cache.touch(slot);
                    return v;
                }
            }
            load(page);
        }
    }

    long getLong(int at) throws DamagedSymCacheException {
        inside(at, 8);
        int rel = at - start;
        int page = rel / PAGE_SIZE;
        int o = rel % PAGE_SIZE;
        if (o + 8 > PAGE_SIZE) {
            return (long) LONG.get(padded(at, 8), 0);
        }
        while (true) {
            int slot = slotOf(page);
            if (slot >= 0) {
                int stamp = cache.stamp(slot);
                long v = cache.chunk(slot).getLong(PageCache.offset(slot) + o);
                if (cache.stillHolds(slot, stamp, this, page)) {
                    cache.touch(slot);
                    return v;
                }
            }
            load(page);
        }
    }

    /** {@code n} bytes from {@code at} (4 or 8) read across a page boundary, padded to 8. */
    private byte[] padded(int at, int n) throws DamagedSymCacheException {
        byte[] b = new byte[8];
        System.arraycopy(bytes(at, n), 0, b, 0, n);
        return b;
    }

    /** Bytes {@code [at, at + length)} through the page cache. */
    byte[] bytes(int at, int length) throws DamagedSymCacheException {
        inside(at, length);
        byte[] out = new byte[length];
        for (int done = 0; done < length; ) {
            int rel = at + done - start;
            int page = rel / PAGE_SIZE;
            int o = rel % PAGE_SIZE;
            int n = Math.min(length - done, PAGE_SIZE - o);
            while (true) {
                int slot = slotOf(page);
                if (slot >= 0) {
                    int stamp = cache.stamp(slot);
                    cache.chunk(slot).get(PageCache.offset(slot) + o, out, done, n);
                    if (cache.stillHolds(slot, stamp, this, page)) {
                        cache.touch(slot);
                        break;
                    }
                }
                load(page);
            }
            done += n;
        }
        return out;
    }

    private void load(int page) throws DamagedSymCacheException {
        int from = start + page * PAGE_SIZE;
        cache.load(this, page, source, from, Math.min(PAGE_SIZE, end - from), crcs[page]);
    }

    /**
     * Bytes {@code [at, at + length)} read in one go and checked page by page, not kept in the page
     * cache: what opening copies into its own tables.
     */
    byte[] bulk(int at, int length) throws DamagedSymCacheException {
        inside(at, length);
        if (length == 0) {
            return new byte[0];
        }
        int first = (at - start) / PAGE_SIZE;
        int last = (at + length - 1 - start) / PAGE_SIZE;
        int from = start + first * PAGE_SIZE;
        int to = Math.min(end, start + (last + 1) * PAGE_SIZE);
        byte[] span = read(from, to - from);
        CRC32C crc = new CRC32C();
        for (int page = first; page <= last; page++) {
            int o = (page - first) * PAGE_SIZE;
            crc.reset();
            crc.update(span, o, Math.min(PAGE_SIZE, span.length - o));
            verify(page, crc);
        }
        byte[] out = new byte[length];
        System.arraycopy(span, at - from, out, 0, length);
        return out;
    }

    /** Reads every page once (tests and tools: is the whole file intact?). */
    void checkAll() throws DamagedSymCacheException {
        bulk(start, end - start);
    }

    private void verify(int page, CRC32C crc) throws DamagedSymCacheException {
        if ((int) crc.getValue() != crcs[page]) {
            throw new DamagedSymCacheException(source.origin() + ": damaged symbol cache (page " + page
                    + " fails its checksum)");
        }
    }

    private byte[] read(int at, int length) throws DamagedSymCacheException {
        byte[] b = new byte[length];
        try {
            source.read(at, b);
        } catch (IOException e) {
            throw new DamagedSymCacheException(source.origin() + ": damaged symbol cache (cannot read: "
                    + e.getMessage() + ")");
        }
        return b;
    }

    private void inside(int at, int length) throws DamagedSymCacheException {
        if (at < start || length < 0 || at > end - length) {
            throw new DamagedSymCacheException(source.origin() + ": damaged symbol cache (read outside its pages)");
        }
    }
}
