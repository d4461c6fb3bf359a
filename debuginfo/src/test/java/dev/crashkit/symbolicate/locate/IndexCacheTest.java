package dev.crashkit.symbolicate.locate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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

    /**
     * Entries read back exactly as saved (sizes and times as integers), and a file whose size, time or
     * container is of another kind or out of range is a damaged cache: nothing of it is used.
     */
    @Test
    void entriesReadBackAsSavedAndOddValuesDiscardTheCache(@TempDir Path dir) throws IOException {
        Path cacheDir = Files.createDirectories(dir.resolve("cache"));
        Path file = dir.resolve("App");
        IndexCache c = IndexCache.open(cacheDir);
        List<IndexCache.Item> items = List.of(new IndexCache.Item(Optional.of("a/b"),
                new SliceId(FAKE, Arch.Known.ARM64, false, SliceId.Container.ELF)));
        c.put(file, Long.MAX_VALUE, -1_700_000_000_123L, items);
        c.save();
        assertEquals(Optional.of(items), IndexCache.open(cacheDir).get(file, Long.MAX_VALUE, -1_700_000_000_123L));
        String saved = Files.readString(cacheDir.resolve("debug-file-index-v1.json"));
        String key = file.toAbsolutePath().normalize().toString();
        for (String odd : List.of(saved.replace(Long.toString(Long.MAX_VALUE), "\"" + Long.MAX_VALUE + "\""),
                saved.replace(Long.toString(Long.MAX_VALUE), "1.5"),
                saved.replace(Long.toString(Long.MAX_VALUE), "9223372036854775808"),
                saved.replace("-1700000000123", "null"),
                saved.replace("\"ELF\"", "\"elf\""))) {
            assertNotEquals(saved, odd);
            Files.writeString(cacheDir.resolve("debug-file-index-v1.json"), odd);
            IndexCache read = IndexCache.open(cacheDir);
            for (long size : new long[] {Long.MAX_VALUE, 1, 0}) {
                assertTrue(read.get(Path.of(key), size, -1_700_000_000_123L).isEmpty(), odd);
            }
        }
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
