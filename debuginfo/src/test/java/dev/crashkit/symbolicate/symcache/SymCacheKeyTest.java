package dev.crashkit.symbolicate.symcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SymCacheKeyTest {
    @TempDir
    Path dir;

    @Test
    void aFileReachedThroughALinkHasTheSameKeyAsThroughItsRealPath() throws Exception {
        Path real = Files.createDirectories(dir.resolve("dsyms/App.dSYM")).resolve("App");
        Files.write(real, new byte[] {1, 2, 3});
        Path linkedFolder = Files.createSymbolicLink(dir.resolve("linked"), dir.resolve("dsyms"));
        Path viaLink = linkedFolder.resolve("App.dSYM/App");

        SymCacheKey direct = SymCacheKey.builder("App").file("debug", real).build();
        SymCacheKey linked = SymCacheKey.builder("App").file("debug", viaLink).build();

        assertEquals(direct.fileName(), linked.fileName());
        assertTrue(direct.matches(linked.bytes()));
    }

    /** What a cleanup reads back from a stored key: each file as it was, and the archive member an entry named. */
    @Test
    void aStoredKeyNamesItsFilesAndTheirMembers() throws Exception {
        Path zip = dir.resolve("App\tdSYM.zip");
        Files.write(zip, new byte[] {1, 2, 3, 4});
        Path extracted = dir.resolve("member");
        Files.write(extracted, new byte[] {5});
        Files.setLastModifiedTime(zip, FileTime.fromMillis(1_700_000_000_123L));
        SymCacheKey key = SymCacheKey.builder("App").field("id", "macho:X")
                .field("entry", "fat\tarm64\ttrue\tApp\tApp.dSYM/Contents/Resources/DWARF/App").file("file", zip)
                .field("entry", "thin\tarm64\tfalse\tApp\t-").file("file", extracted).build()
                .withExtraFile(extracted);
        Path realZip = zip.toRealPath();
        Path realMember = extracted.toRealPath();
        assertEquals(java.util.List.of(
                new SymCacheKey.Input(realZip, 4, 1_700_000_000_123_000_000L,
                        java.util.Optional.of("App.dSYM/Contents/Resources/DWARF/App")),
                new SymCacheKey.Input(realMember, 1, Files.getLastModifiedTime(extracted).to(java.util.concurrent.TimeUnit.NANOSECONDS),
                        java.util.Optional.empty()),
                new SymCacheKey.Input(realMember, 1, Files.getLastModifiedTime(extracted).to(java.util.concurrent.TimeUnit.NANOSECONDS),
                        java.util.Optional.empty())), SymCacheKey.inputs(key.bytes()));
    }

    @Test
    void aChangedFileMakesADifferentKey() throws Exception {
        Path file = dir.resolve("App");
        Files.write(file, new byte[] {1, 2, 3});
        SymCacheKey before = SymCacheKey.builder("App").file("debug", file).build();
        Files.setLastModifiedTime(file, FileTime.fromMillis(Files.getLastModifiedTime(file).toMillis() - 60_000));
        SymCacheKey after = SymCacheKey.builder("App").file("debug", file).build();

        assertNotEquals(before.fileName(), after.fileName());
        assertFalse(after.matches(before.bytes()));
    }

    /** The file names of caches already on disk must not change: the stem and hash as the regex and Formatter wrote them. */
    @Test
    void fileNamesAreSpeltAsBeforeForAnyStem() {
        java.util.Random random = new java.util.Random(12);
        String alphabet = "AZaz09._-/ \\t\u00e9\u0660:$\ud83d\ude00\ud800x";
        for (int round = 0; round < 2000; round++) {
            StringBuilder b = new StringBuilder();
            int length = random.nextInt(100);
            for (int i = 0; i < length; i++) {
                b.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String stem = b.toString();
            String expected = stem.replaceAll("[^A-Za-z0-9._-]", "_");
            assertEquals(expected, SymCacheKey.safeStem(stem), stem);
            SymCacheKey key = SymCacheKey.builder(stem).field("n", Integer.toString(round)).build();
            long h = 0xcbf29ce484222325L;
            for (byte x : key.bytes()) {
                h = (h ^ (x & 0xff)) * 0x100000001b3L;
            }
            String cut = expected.length() > 80 ? expected.substring(0, 80) : expected;
            assertEquals(cut + "-" + String.format("%016x", h) + ".symc", key.fileName());
        }
    }
}
