package dev.crashkit.symbolicate.locate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.DebugId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IndexCacheTest {
    private static final DebugId FAKE = DebugId.parse("00112233-4455-6677-8899-AABBCCDDEEFF").orElseThrow();

    @Test
    void cachedIdentitiesAreUsedUntilSizeOrMtimeChange(@TempDir Path dir) throws IOException {
        Path syms = Files.createDirectories(dir.resolve("syms"));
        Path file = Files.copy(Path.of("testdata/macho/App-arm64.dSYM/Contents/Resources/DWARF/App-arm64"),
                syms.resolve("App"));
        Path cacheDir = dir.resolve("cache");

        // First scan reads the file and stores what it found.
        DebugFileIndex first = scan(syms, cacheDir);
        assertEquals(1, first.size());
        DebugId real = first.find(realId(first)).get(0).id();

        // Plant a different answer for the same size+mtime: a second scan must trust the cache (no re-read).
        IndexCache c = IndexCache.open(cacheDir);
        c.put(file, Files.size(file), Files.getLastModifiedTime(file).toMillis(),
                List.of(new IndexCache.Item(Optional.empty(), new SliceId(FAKE, Arch.Known.ARM64, true, SliceId.Container.MACHO))));
        c.save();
        DebugFileIndex second = scan(syms, cacheDir);
        assertEquals(1, second.find(FAKE).size());
        assertTrue(second.find(real).isEmpty());

        // Touching the file invalidates the entry: the real identity is read again.
        Files.setLastModifiedTime(file, FileTime.fromMillis(Files.getLastModifiedTime(file).toMillis() + 5000));
        DebugFileIndex third = scan(syms, cacheDir);
        assertEquals(1, third.find(real).size());
        assertTrue(third.find(FAKE).isEmpty());
    }

    @Test
    void corruptCacheFileIsRebuilt(@TempDir Path dir) throws IOException {
        Path cacheDir = Files.createDirectories(dir.resolve("cache"));
        Files.writeString(cacheDir.resolve("debug-file-index-v1.json"), "{not json");
        DebugFileIndex index = scan(Path.of("testdata/macho/App-arm64.dSYM"), cacheDir);
        assertEquals(1, index.size());
    }

    private static DebugFileIndex scan(Path root, Path cacheDir) throws IOException {
        return DebugFileIndex.scan(List.of(root),
                new DebugFileIndex.ScanOptions(Optional.of(IndexCache.open(cacheDir)), ArchiveLimits.defaults()), m -> { });
    }

    private static DebugId realId(DebugFileIndex index) throws IOException {
        String line = Files.readString(Path.of("testdata/macho/golden/App-arm64.dSYM.uuid.txt"));
        return DebugId.parse(line.split("\\s+")[1]).orElseThrow();
    }
}
