package dev.crashkit.symbolicate.symcache;

import static dev.crashkit.symbolicate.symcache.SymCacheFormat.PAGE_SIZE;

import java.io.IOException;
import java.util.zip.CRC32C;

/**
 * The paged part of one symbol cache file: bytes {@code [start, end)} in pages of
 * {@link SymCacheFormat#PAGE_SIZE}, page i checked against {@code crcs[i]} when it is read; checked
 * pages are kept in a shared {@link PageCache} (see there how reads and refills of a slot meet). A page that fails its checksum, or a read outside
 * the pages, throws {@link DamagedSymCacheException}: nothing unchecked is ever answered from.
 */
final class Pages {
    private final PageSource source;
    private final int start;
    private final int end;
    private final int[] crcs;
    private final PageCache cache;
    /**
     * Per page, the slot last known to hold it, or null. Written under the page cache's lock, read
     * without: a reader trusts a slot only after checking its stamp, owner and page.
     */
    private final PageCache.Slot[] slots;

    Pages(PageSource source, int start, int end, int[] crcs, PageCache cache) {
        this.source = source;
        this.start = start;
        this.end = end;
        this.crcs = crcs;
        this.cache = cache;
        this.slots = new PageCache.Slot[crcs.length];
    }

    /** Number of pages. */
    int count() {
        return crcs.length;
    }

    /** File offset of page {@code page}. */
    int offsetOf(int page) {
        return start + page * PAGE_SIZE;
    }

    /** End of the pages (the last one may be shorter than a page). */
    int end() {
        return end;
    }

    int checksum(int page) {
        return crcs[page];
    }

    PageCache.Slot slot(int page) {
        return slots[page];
    }

    void remember(int page, PageCache.Slot slot) {
        slots[page] = slot;
    }

    void forget(int page, PageCache.Slot slot) {
        if (slots[page] == slot) {
            slots[page] = null;
        }
    }

    int getInt(int at) throws DamagedSymCacheException {
        inside(at, 4);
        int rel = at - start;
        int page = rel / PAGE_SIZE;
        int o = rel % PAGE_SIZE;
        if (o + 4 > PAGE_SIZE) {
            return (int) littleEndian(bytes(at, 4), 4);
        }
        while (true) {
            PageCache.Slot s = slots[page];
            if (s != null) {
                int stamp = s.stamp;
                // Pages start 8-aligned in the file and in their slots: an aligned value stays aligned.
                int v = (o & 3) == 0 ? s.ints.get((s.offset + o) >> 2) : s.bytes.getInt(s.offset + o);
                if (s.held(stamp, this, page)) {
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
            return littleEndian(bytes(at, 8), 8);
        }
        while (true) {
            PageCache.Slot s = slots[page];
            if (s != null) {
                int stamp = s.stamp;
                long v = (o & 7) == 0 ? s.longs.get((s.offset + o) >> 3) : s.bytes.getLong(s.offset + o);
                if (s.held(stamp, this, page)) {
                    return v;
                }
            }
            load(page);
        }
    }

    /** The little-endian number of {@code b}'s first {@code n} bytes (a value across a page boundary). */
    private static long littleEndian(byte[] b, int n) {
        long v = 0;
        for (int k = n - 1; k >= 0; k--) {
            v = v << 8 | (b[k] & 0xffL);
        }
        return v;
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
                PageCache.Slot s = slots[page];
                if (s != null) {
                    int stamp = s.stamp;
                    s.bytes.get(s.offset + o, out, done, n);
                    if (s.held(stamp, this, page)) {
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
        cache.load(this, page, source);
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
