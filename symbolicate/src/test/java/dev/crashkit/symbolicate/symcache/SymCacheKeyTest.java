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
}
