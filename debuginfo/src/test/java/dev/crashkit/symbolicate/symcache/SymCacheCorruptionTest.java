package dev.crashkit.symbolicate.symcache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A symbol cache that is truncated, damaged, of another version or built for other inputs is
 * refused (and so rebuilt), never trusted; one whose checksums were forged after damage is caught
 * by the section and index checks or opens into lookups that stay in bounds and end.
 */
class SymCacheCorruptionTest {

    @Test
    void committedFuzzSeedsAreWhatTheBuilderWrites() throws IOException {
        byte[] seed = SymCacheFuzzTest.seed();
        assertArrayEquals(seed, SymCacheFuzzTest.seed(), "two builds of the same input differ");
        for (String method : new String[] {"open", "openFixed"}) {
            Path p = SymCacheEquivalenceTest.repo("debuginfo/src/test/resources/dev/crashkit/symbolicate/symcache/"
                    + "SymCacheFuzzTestInputs/" + method + "/seeds/app-arm64");
            if (Boolean.getBoolean("symcache.writeSeeds")) {
                Files.createDirectories(p.getParent());
                Files.write(p, seed);
            }
            assertArrayEquals(seed, Files.readAllBytes(p),
                    p + " is stale: rerun this test with -Dsymcache.writeSeeds=true and commit it");
        }
    }

    @Test
    void intactSeedOpensAndAnswers() throws Exception {
        SymCache c = SymCache.open(ByteBuffer.wrap(SymCacheFuzzTest.seed()), SymCacheFuzzTest.KEY);
        assertTrue(c.rangeCount() > 10);
        assertTrue(c.symbols().size() > 5);
        int named = 0;
        for (int i = 0; i < c.rangeCount(); i++) {
            named += c.lookup(c.rangeStart(i)).isEmpty() ? 0 : 1;
        }
        assertTrue(named > 10, "ranges with frames: " + named);
    }

    @Test
    void everyTruncationIsRefused() throws IOException {
        byte[] seed = SymCacheFuzzTest.seed();
        for (int n = 0; n < seed.length; n++) {
            byte[] cut = Arrays.copyOf(seed, n);
            assertThrows(BadSymCacheException.class, () -> SymCache.open(ByteBuffer.wrap(cut), SymCacheFuzzTest.KEY),
                    "cut to " + n);
        }
    }

    /**
     * Every byte is covered by a checksum: damage is refused on open (header, directory, page
     * checksums, the tables opening reads) or found by the first read of its page; a lookup never
     * answers from a damaged page (each answer is the intact file's, or the lookup throws
     * {@link DamagedSymCacheException}).
     */
    @Test
    void everyDamagedByteIsRefusedOrFoundWhenItsPageIsRead() throws Exception {
        byte[] seed = SymCacheFuzzTest.seed();
        SymCache intact = SymCache.open(ByteBuffer.wrap(seed), SymCacheFuzzTest.KEY);
        int lazy = 0;
        for (int i = 0; i < seed.length; i++) {
            byte[] bad = seed.clone();
            bad[i] ^= 0x5a;
            SymCache c;
            try {
                c = SymCache.open(ByteBuffer.wrap(bad), SymCacheFuzzTest.KEY);
            } catch (BadSymCacheException e) {
                continue;
            }
            lazy++;
            int at = i;
            assertThrows(DamagedSymCacheException.class, c::checkAllPages, "byte " + at);
            for (int r = 0; r < intact.rangeCount(); r++) {
                long a = intact.rangeStart(r);
                try {
                    assertEquals(intact.lookup(a), c.lookup(a), "byte " + at + " range " + r);
                } catch (DamagedSymCacheException e) {
                    assertTrue(e.getMessage().contains("fails its checksum"), e.getMessage());
                }
            }
        }
        assertTrue(lazy > 0 || seed.length <= 2 * SymCacheFormat.PAGE_SIZE, "no byte left to a lookup");
    }

    /** A page only lookups read is not read (nor checked) by opening. */
    @Test
    void openingReadsNeitherTheRangesNorTheLocations() throws Exception {
        byte[] big = SymCacheFuzzTest.seed(SymCacheEquivalenceTest.repo("testdata/third-party/sentry-crashprobe/dSYMs/"
                + "3CD3E3CC-281E-3AF3-84EB-CDE6D56F0559.dSYM/Contents/Resources/DWARF/CrashLibiOS"), "arm64");
        PageCache pages = new PageCache(1L << 30);
        int[] reads = new int[1];
        PageSource counting = new PageSource() {
            final PageSource in = PageSource.of(ByteBuffer.wrap(big));

            @Override
            public void read(long at, ByteBuffer dst) throws IOException {
                reads[0] += dst.remaining();
                in.read(at, dst);
            }

            @Override
            public String origin() {
                return "test";
            }
        };
        SymCache c = SymCache.open(counting, big.length, SymCacheFuzzTest.KEY, pages);
        assertTrue(reads[0] < big.length / 2, "opening read " + reads[0] + " of " + big.length + " bytes");
        assertEquals(0, pages.reads(), "opening keeps no page");
        c.lookup(c.rangeStart(c.rangeCount() / 2));
        assertTrue(pages.reads() >= 2 && pages.reads() <= 12, "pages read by one lookup: " + pages.reads());
    }

    @Test
    void damageWithForgedChecksumsIsCaughtOrHarmless() throws IOException {
        byte[] seed = SymCacheFuzzTest.seed();
        int noticed = 0;
        for (int i = 0; i < seed.length; i++) {
            for (int bit : new int[] {0x01, 0x80, 0xff}) {
                byte[] bad = seed.clone();
                bad[i] ^= (byte) bit;
                SymCacheFuzzTest.fixChecksums(bad);
                // Lookups end, stay in bounds and throw only DwarfException; damage is noticed when it
                // breaks an index, count or offset (refused at open, or by the lookup that reads it).
                noticed += SymCacheFuzzTest.exercise(bad, false) ? 1 : 0;
            }
        }
        // What is left unnoticed is damage to values: names, line numbers, addresses.
        assertTrue(noticed > seed.length / 2, "noticed " + noticed + " of " + 3 * seed.length);
    }

    @Test
    void otherVersionsAndKeysAreRefused() throws IOException {
        byte[] seed = SymCacheFuzzTest.seed();
        byte[] version = seed.clone();
        ByteBuffer.wrap(version).order(ByteOrder.LITTLE_ENDIAN).putShort(4, (short) 0);
        SymCacheFuzzTest.fixChecksums(version);
        BadSymCacheException e = assertThrows(BadSymCacheException.class,
                () -> SymCache.open(ByteBuffer.wrap(version), SymCacheFuzzTest.KEY));
        assertTrue(e.getMessage().startsWith("version 0/"), e.getMessage());
        byte[] builder = seed.clone();
        ByteBuffer.wrap(builder).order(ByteOrder.LITTLE_ENDIAN).putShort(6, (short) (SymCacheFormat.BUILDER_VERSION + 1));
        SymCacheFuzzTest.fixChecksums(builder);
        assertThrows(BadSymCacheException.class, () -> SymCache.open(ByteBuffer.wrap(builder), SymCacheFuzzTest.KEY));
        SymCacheKey other = SymCacheKey.builder("fuzz").field("seed", "App-arm64e").build();
        e = assertThrows(BadSymCacheException.class, () -> SymCache.open(ByteBuffer.wrap(seed), other));
        assertEquals("built for other inputs", e.getMessage());
    }

    @Test
    void storeReportsABadFileAndABuildReplacesIt(@TempDir Path dir) throws Exception {
        SymCacheStore store = SymCacheStore.in(dir);
        Path p = store.path(SymCacheFuzzTest.KEY);
        Files.createDirectories(p.getParent());
        byte[] seed = SymCacheFuzzTest.seed();
        Files.write(p, Arrays.copyOf(seed, seed.length / 2));
        SymCacheStore.Opened o = store.open(SymCacheFuzzTest.KEY);
        assertTrue(o.cache().isEmpty());
        assertTrue(o.problem().orElseThrow().contains("file is " + seed.length / 2 + " bytes"), o.problem().toString());
        Files.write(p, seed);
        assertTrue(store.open(SymCacheFuzzTest.KEY).cache().isPresent());
        byte[] old = seed.clone();
        ByteBuffer.wrap(old).order(ByteOrder.LITTLE_ENDIAN).putShort(4, (short) 3); // format 3: checked whole on open
        SymCacheFuzzTest.fixChecksums(old);
        Files.write(p, old);
        o = store.open(SymCacheFuzzTest.KEY);
        assertTrue(o.cache().isEmpty());
        assertTrue(o.problem().orElseThrow().endsWith(": version 3/4, want 4/4"), o.problem().toString());
        Files.write(p, seed);
        assertTrue(store.open(SymCacheFuzzTest.KEY).cache().isPresent());
        assertTrue(store.open(SymCacheKey.builder("absent").build()).problem().isEmpty());
    }
}
