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
            Path p = SymCacheEquivalenceTest.repo("symbolicate/src/test/resources/dev/crashkit/symbolicate/symcache/"
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

    @Test
    void everyDamagedByteIsRefused() throws IOException {
        byte[] seed = SymCacheFuzzTest.seed();
        for (int i = 0; i < seed.length; i++) {
            byte[] bad = seed.clone();
            bad[i] ^= 0x5a;
            int at = i;
            assertThrows(BadSymCacheException.class, () -> SymCache.open(ByteBuffer.wrap(bad), SymCacheFuzzTest.KEY),
                    "byte " + at);
        }
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
        assertTrue(store.open(SymCacheKey.builder("absent").build()).problem().isEmpty());
    }
}
