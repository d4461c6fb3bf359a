package dev.crashkit.symbolicate.symcache;

import static dev.crashkit.symbolicate.symcache.SymCacheFormat.PAGE_SIZE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/** Read-ahead into free page slots: what it keeps, what it leaves out, that it never evicts. */
class PageCacheTest {
    private static byte[] randomPages(int pages, int seed) {
        byte[] b = new byte[pages * PAGE_SIZE - 100]; // the last page shorter
        new Random(seed).nextBytes(b);
        return b;
    }

    private static int[] checksums(byte[] file) {
        int[] crcs = new int[(file.length + PAGE_SIZE - 1) / PAGE_SIZE];
        for (int i = 0; i < crcs.length; i++) {
            CRC32C c = new CRC32C();
            c.update(file, i * PAGE_SIZE, Math.min(PAGE_SIZE, file.length - i * PAGE_SIZE));
            crcs[i] = (int) c.getValue();
        }
        return crcs;
    }

    private static long expected(byte[] file, int at) {
        return ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).getLong(at);
    }

    @Test
    void aMissReadsTheFollowingPagesWhileSlotsAreFree() throws Exception {
        byte[] file = randomPages(40, 1);
        PageCache cache = new PageCache(1L << 30);
        Pages p = new Pages(PageSource.of(ByteBuffer.wrap(file)), 0, file.length, checksums(file), cache);
        assertEquals(expected(file, 8), p.getLong(8));
        assertEquals(1, cache.reads());
        assertEquals((long) PageCache.READ_AHEAD * PAGE_SIZE, cache.bytes());
        for (int page = 0; page < PageCache.READ_AHEAD; page++) {
            assertEquals(expected(file, page * PAGE_SIZE + 16), p.getLong(page * PAGE_SIZE + 16));
        }
        assertEquals(1, cache.reads(), "the pages read ahead are kept");
        // Every value, also across page boundaries and into the short last page.
        for (int at = 0; at + 8 <= file.length; at += 4093) {
            assertEquals(expected(file, at), p.getLong(at), "at " + at);
        }
        assertEquals(3, cache.reads()); // 40 pages: 16 + 16 + 8
    }

    @Test
    void aDamagedPageReadAheadIsLeftOutAndFailsTheReadThatNeedsIt() throws Exception {
        byte[] file = randomPages(20, 2);
        int[] crcs = checksums(file);
        file[3 * PAGE_SIZE + 77] ^= 1; // page 3 no longer matches its checksum
        PageCache cache = new PageCache(1L << 30);
        Pages p = new Pages(PageSource.of(ByteBuffer.wrap(file)), 0, file.length, crcs, cache);
        assertEquals(expected(file, 0), p.getLong(0));
        assertEquals(expected(file, 2 * PAGE_SIZE), p.getLong(2 * PAGE_SIZE));
        assertEquals(expected(file, 4 * PAGE_SIZE), p.getLong(4 * PAGE_SIZE));
        assertEquals(1, cache.reads());
        DamagedSymCacheException e = assertThrows(DamagedSymCacheException.class, () -> p.getLong(3 * PAGE_SIZE + 64));
        assertTrue(e.getMessage().contains("page 3 fails its checksum"), e.getMessage());
        assertThrows(DamagedSymCacheException.class, () -> p.getInt(3 * PAGE_SIZE));
    }

    @Test
    void onceTheBudgetIsUsedAMissReadsOnePage() throws Exception {
        byte[] file = randomPages(300, 3);
        PageCache cache = new PageCache(1L << 20); // 256 slots
        Pages p = new Pages(PageSource.of(ByteBuffer.wrap(file)), 0, file.length, checksums(file), cache);
        for (int page = 0; page < 300; page++) {
            assertEquals(expected(file, page * PAGE_SIZE + 8), p.getLong(page * PAGE_SIZE + 8));
        }
        assertEquals(1L << 20, cache.bytes(), "never more than the budget");
        assertEquals(256 / PageCache.READ_AHEAD + (300 - 256), cache.reads());
        // Pages evicted come back, one read each, and still read right.
        long before = cache.reads();
        assertEquals(expected(file, 8), p.getLong(8));
        assertEquals(before + 1, cache.reads());
    }

    @Test
    void theFullCapacityIsAskedForOnlyOnceTheFirstSlotsAreUsed() throws Exception {
        byte[] file = randomPages(600, 4);
        AtomicInteger asked = new AtomicInteger();
        PageCache cache = new PageCache(1L << 20, () -> { // 256 slots first, 512 once asked
            asked.incrementAndGet();
            return 2L << 20;
        });
        Pages p = new Pages(PageSource.of(ByteBuffer.wrap(file)), 0, file.length, checksums(file), cache);
        for (int page = 0; page < 256; page++) {
            assertEquals(expected(file, page * PAGE_SIZE + 8), p.getLong(page * PAGE_SIZE + 8));
        }
        assertEquals(0, asked.get(), "not asked while the first slots last");
        assertEquals(1L << 20, cache.bytes());
        for (int page = 256; page < 600; page++) {
            assertEquals(expected(file, page * PAGE_SIZE + 8), p.getLong(page * PAGE_SIZE + 8));
        }
        assertEquals(1, asked.get(), "asked once");
        assertEquals(2L << 20, cache.bytes(), "never more than the full capacity");
        assertEquals(2L << 20, cache.capacity());
        assertEquals(1, asked.get());
    }

    @Test
    void askingForTheCapacityWorksOutTheFullOne() {
        PageCache cache = new PageCache(1L << 20, () -> 8L << 20);
        assertEquals(8L << 20, cache.capacity());
        assertEquals(1L << 20, new PageCache(1L << 20, () -> 1L).capacity(), "never less than the first slots");
    }
}
