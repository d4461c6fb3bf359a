package dev.crashkit.symbolicate.symcache;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The checked pages of symbol caches that lookups read, least recently used first, within a byte
 * budget shared by every cache opened with it (a module cache's). A page dropped here is read
 * and checked again when next needed. Thread-safe.
 */
public final class PageCache {
    /** Heap a kept page costs besides its bytes: map entry, key, array header. */
    static final int OVERHEAD = 80;
    private static final AtomicLong OWNERS = new AtomicLong();

    private final LinkedHashMap<Long, byte[]> pages = new LinkedHashMap<>(1024, 0.75f, true);
    private long capacity;
    private long bytes;
    private long reads;

    /** A cache keeping at most {@code capacityBytes} (at least one page is always kept). */
    public PageCache(long capacityBytes) {
        this.capacity = capacityBytes;
    }

    /** A key range of its own for each opened cache (pages are keyed owner &lt;&lt; 32 | page). */
    static long newOwner() {
        return OWNERS.incrementAndGet() << 32;
    }

    synchronized byte[] get(long key) {
        return pages.get(key);
    }

    synchronized void put(long key, byte[] page) {
        reads++;
        byte[] old = pages.put(key, page);
        bytes += page.length + OVERHEAD - (old == null ? 0 : old.length + OVERHEAD);
        evict();
    }

    /** Changes the budget (the module cache gives pages what its modules leave). */
    public synchronized void capacity(long capacityBytes) {
        capacity = capacityBytes;
        evict();
    }

    public synchronized long capacity() {
        return capacity;
    }

    /** Bytes kept now, overhead included. */
    public synchronized long bytes() {
        return bytes;
    }

    /** Pages read from files (or memory) and checked so far. */
    public synchronized long reads() {
        return reads;
    }

    private void evict() {
        Iterator<Map.Entry<Long, byte[]>> it = pages.entrySet().iterator();
        while (bytes > capacity && pages.size() > 1 && it.hasNext()) {
            bytes -= it.next().getValue().length + OVERHEAD;
            it.remove();
        }
    }
}
