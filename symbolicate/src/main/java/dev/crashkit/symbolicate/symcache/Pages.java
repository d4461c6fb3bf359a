package dev.crashkit.symbolicate.symcache;

import static dev.crashkit.symbolicate.symcache.SymCacheFormat.PAGE_SIZE;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * The paged part of one symbol cache file: bytes {@code [start, end)} in pages of
 * {@link SymCacheFormat#PAGE_SIZE}, page i checked against {@code crcs[i]} when it is read; checked
 * pages are kept in a shared {@link PageCache}. A page that fails its checksum, or a read outside
 * the pages, throws {@link DamagedSymCacheException}: nothing unchecked is ever answered from.
 */
final class Pages {
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final PageSource source;
    private final int start;
    private final int end;
    private final int[] crcs;
    private final PageCache cache;
    private final long owner = PageCache.newOwner();

    Pages(PageSource source, int start, int end, int[] crcs, PageCache cache) {
        this.source = source;
        this.start = start;
        this.end = end;
        this.crcs = crcs;
        this.cache = cache;
    }

    int getInt(int at) throws DamagedSymCacheException {
        inside(at, 4);
        int rel = at - start;
        byte[] p = page(rel / PAGE_SIZE);
        int o = rel % PAGE_SIZE;
        if (o + 4 <= p.length) {
            return (int) INT.get(p, o);
        }
        return (int) LONG.get(padded(at, 4), 0);
    }

    long getLong(int at) throws DamagedSymCacheException {
        inside(at, 8);
        int rel = at - start;
        byte[] p = page(rel / PAGE_SIZE);
        int o = rel % PAGE_SIZE;
        if (o + 8 <= p.length) {
            return (long) LONG.get(p, o);
        }
        return (long) LONG.get(padded(at, 8), 0);
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
            byte[] p = page(rel / PAGE_SIZE);
            int o = rel % PAGE_SIZE;
            int n = Math.min(length - done, p.length - o);
            System.arraycopy(p, o, out, done, n);
            done += n;
        }
        return out;
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

    private byte[] page(int n) throws DamagedSymCacheException {
        long key = owner | n;
        byte[] p = cache.get(key);
        if (p == null) {
            int from = start + n * PAGE_SIZE;
            p = read(from, Math.min(PAGE_SIZE, end - from));
            CRC32C crc = new CRC32C();
            crc.update(p);
            verify(n, crc);
            cache.put(key, p);
        }
        return p;
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
