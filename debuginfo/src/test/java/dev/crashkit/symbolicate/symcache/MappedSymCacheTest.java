package dev.crashkit.symbolicate.symcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.dwarf.SourceFrame;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cache files mapped whole when the page budget has room: the same answers as through slots, the
 * budget held while mapped and given back once collected, and a file truncated under the mapping
 * found damaged (never a crash, a hang or a wrong answer).
 */
class MappedSymCacheTest {
    private static byte[] big;
    private static SymCache intact;
    private static List<Long> addresses;

    @BeforeAll
    static void build() throws Exception {
        big = SymCacheFuzzTest.seed(SymCacheEquivalenceTest.repo("testdata/third-party/sentry-crashprobe/dSYMs/"
                + "3CD3E3CC-281E-3AF3-84EB-CDE6D56F0559.dSYM/Contents/Resources/DWARF/CrashLibiOS"), "arm64");
        intact = SymCache.open(ByteBuffer.wrap(big), SymCacheFuzzTest.KEY); // slots
        addresses = new ArrayList<>();
        for (int i = 0; i < intact.rangeCount(); i++) {
            addresses.add(intact.rangeStart(i));
            addresses.add(intact.rangeStart(i) + 1);
        }
    }

    private static SymCache openFile(Path file, PageCache pages) throws Exception {
        FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
        return SymCache.open(new PageSource.FileSource(file, ch), ch.size(), SymCacheFuzzTest.KEY, pages);
    }

    @Test
    void aFileThatFitsTheBudgetIsMappedAndAnswersAsThroughSlots(@TempDir Path dir) throws Exception {
        Path file = Files.write(dir.resolve("c.symc"), big);
        PageCache pages = new PageCache(1L << 30);
        SymCache mapped = openFile(file, pages);
        assertTrue(mapped.pagesMapped());
        assertEquals((big.length + 4095) / 4096 * 4096L, pages.reservedBytes(), "the file's size held");
        for (long a : addresses) {
            assertEquals(intact.lookup(a), mapped.lookup(a), Long.toHexString(a));
        }
        assertEquals(0, pages.reads(), "nothing read into slots");
        assertEquals(0, pages.bytes());
    }

    @Test
    void aFileThatDoesNotFitGoesThroughSlots(@TempDir Path dir) throws Exception {
        Path file = Files.write(dir.resolve("c.symc"), big);
        // One chunk of slots (1 MB) always stays: a budget of one chunk maps nothing.
        PageCache pages = new PageCache(1L << 20);
        SymCache c = openFile(file, pages);
        assertFalse(c.pagesMapped());
        assertEquals(0, pages.reservedBytes());
        for (long a : addresses) {
            assertEquals(intact.lookup(a), c.lookup(a), Long.toHexString(a));
        }
        assertTrue(pages.bytes() <= 1L << 20);
    }

    @Test
    void slotsNeverTakeWhatMappingsHold(@TempDir Path dir) throws Exception {
        Path file = Files.write(dir.resolve("c.symc"), big);
        long budget = 4 * ((big.length + 4095) / 4096 * 4096L); // mappings may hold a quarter: one
        PageCache pages = new PageCache(budget);
        SymCache first = openFile(file, pages);
        SymCache second = openFile(file, pages);
        assertTrue(first.pagesMapped());
        assertFalse(second.pagesMapped(), "a second mapping would hold half the budget");
        for (long a : addresses) {
            assertEquals(intact.lookup(a), second.lookup(a), Long.toHexString(a));
            assertEquals(intact.lookup(a), first.lookup(a), Long.toHexString(a));
        }
        assertTrue(pages.bytes() + pages.reservedBytes() <= budget,
                pages.bytes() + " in slots, " + pages.reservedBytes() + " mapped, budget " + budget);
    }

    @Test
    void theReservationComesBackWhenTheCacheIsCollected(@TempDir Path dir) throws Exception {
        Path file = Files.write(dir.resolve("c.symc"), big);
        PageCache pages = new PageCache(1L << 30);
        SymCache c = openFile(file, pages);
        c.lookup(addresses.get(0));
        assertTrue(pages.reservedBytes() > 0);
        c = null;
        for (int i = 0; i < 200 && pages.reservedBytes() > 0; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertEquals(0, pages.reservedBytes());
    }

    @Test
    void anOpenThatFailsGivesItsReservationBack(@TempDir Path dir) throws Exception {
        Path file = Files.write(dir.resolve("c.symc"), big);
        PageCache pages = new PageCache(1L << 30);
        SymCacheKey other = SymCacheKey.builder("fuzz").field("seed", "other").build();
        FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
        assertThrows(BadSymCacheException.class,
                () -> SymCache.open(new PageSource.FileSource(file, ch), ch.size(), other, pages));
        assertEquals(0, pages.reservedBytes());
    }

    /**
     * Truncated while mapped: a read past the new end faults, which the JVM raises as an
     * InternalError; the lookup fails as damaged instead (the module then answers from its debug
     * files). Every lookup answers as before or fails so; none answers from the missing bytes.
     */
    @Test
    void aFileTruncatedWhileMappedIsFoundDamaged(@TempDir Path dir) throws Exception {
        Path file = Files.write(dir.resolve("c.symc"), big);
        PageCache pages = new PageCache(1L << 30);
        SymCache c = openFile(file, pages);
        assertTrue(c.pagesMapped());
        for (int i = 0; i < addresses.size(); i += 7) { // some pages checked (and resident) before
            assertEquals(intact.lookup(addresses.get(i)), c.lookup(addresses.get(i)));
        }
        try (FileChannel w = FileChannel.open(file, StandardOpenOption.WRITE)) {
            w.truncate(big.length / 3);
        }
        int damaged = 0;
        for (int round = 0; round < 3; round++) { // the interpreter, then compiled code
            for (long a : addresses) {
                List<SourceFrame> answer;
                try {
                    answer = c.lookup(a);
                } catch (DamagedSymCacheException e) {
                    assertTrue(e.getMessage().contains("damaged symbol cache (cannot read its mapping"), e.getMessage());
                    assertFalse(e.getMessage().contains("\n"), e.getMessage());
                    damaged++;
                    continue;
                }
                assertEquals(intact.lookup(a), answer, Long.toHexString(a));
            }
        }
        assertTrue(damaged > 0, "no lookup noticed the truncation");
    }
}
