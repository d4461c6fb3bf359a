package dev.crashkit.symbolicate.symbolize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.locate.ArchiveLimits;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.locate.MemberStore;
import dev.crashkit.symbolicate.symcache.SymCacheStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Symbol caches opened ahead (while the one-report command reads its report): a good cache is
 * opened and its module is what {@link ModuleCache#get} then answers; a missing, damaged or
 * unwanted one is left alone, silently: nothing built, marked as used or said, and get() does and
 * says what it did before.
 */
class OpenCachedAheadTest {
    private static final Path DSYM = Path.of("testdata", "macho", "App-arm64.dSYM");

    private static ModuleCache cache(DebugFileIndex index, Path dir, List<String> warnings, SymCacheCounters counters) {
        return new ModuleCache(index, new MemberStore(Optional.of(dir), ArchiveLimits.defaults()),
                new ModuleCache.Options(1L << 30, warnings::add).withSymbolCache(SymCacheStore.in(dir),
                        SymbolCaching.Build.SECOND_USE).withCounters(counters));
    }

    private static List<Path> files(Path dir) throws IOException {
        try (var s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        }
    }

    @Test
    void aGoodCacheIsOpenedAheadAndGetAnswersWithIt(@TempDir Path dir) throws IOException {
        DebugFileIndex index = DebugFileIndex.scan(List.of(DSYM), Diagnostics.ignore());
        DebugId id = index.findByName("App-arm64").get(0).id();
        List<String> warnings = new ArrayList<>();
        SymCacheCounters counters = new SymCacheCounters();

        // First use: no cache, nothing opened, built or marked ahead; get() answers from the DWARF and marks it used.
        ModuleCache first = cache(index, dir, warnings, counters);
        first.openCachedAhead(4);
        assertEquals(List.of(), files(dir), "nothing written ahead");
        assertEquals(0, first.loadedCount());
        first.get(id);
        List<Path> afterFirst = files(dir);
        // Second use builds the cache.
        cache(index, dir, warnings, counters).get(id);
        assertEquals(List.of(0L, 1L), List.of(counters.opened(), counters.built()));

        ModuleCache warm = cache(index, dir, warnings, counters);
        warm.openCachedAhead(4);
        assertEquals(1, warm.loadedCount(), "opened ahead");
        assertEquals(1L, counters.opened());
        DebugModule ahead = warm.get(id).loaded().orElseThrow();
        assertSame(ahead, warm.get(id).loaded().orElseThrow());
        assertEquals(1L, counters.opened(), "get() found it open");
        assertTrue(ahead.dwarf().orElseThrow() instanceof CacheOrFiles);
        assertEquals(List.of(), warnings);
        assertTrue(afterFirst.size() >= 1, "the first use's marker: " + afterFirst);

        // More identities than asked for: nothing opened ahead.
        ModuleCache over = cache(index, dir, warnings, counters);
        over.openCachedAhead(0);
        assertEquals(0, over.loadedCount());
    }

    @Test
    void aDamagedCacheIsLeftForGetToReport(@TempDir Path dir) throws IOException {
        DebugFileIndex index = DebugFileIndex.scan(List.of(DSYM), Diagnostics.ignore());
        DebugId id = index.findByName("App-arm64").get(0).id();
        List<String> warnings = new ArrayList<>();
        SymCacheCounters counters = new SymCacheCounters();
        ModuleCache building = new ModuleCache(index, new MemberStore(Optional.of(dir), ArchiveLimits.defaults()),
                new ModuleCache.Options(1L << 30, warnings::add).withSymbolCache(SymCacheStore.in(dir)));
        building.get(id);
        Path cacheFile;
        try (var s = Files.list(dir.resolve(SymCacheStore.FOLDER))) {
            cacheFile = s.filter(p -> p.toString().endsWith(".symc")).findFirst().orElseThrow();
        }
        byte[] bytes = Files.readAllBytes(cacheFile);
        bytes[bytes.length - 3] ^= 1;
        Files.write(cacheFile, bytes);
        warnings.clear();

        ModuleCache damaged = cache(index, dir, warnings, counters);
        damaged.openCachedAhead(4);
        assertEquals(0, damaged.loadedCount(), "not opened");
        assertEquals(List.of(), warnings, "nothing said ahead");
        assertEquals(0L, counters.opened());
        damaged.get(id);
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("page checksums do not match the header"), warnings.get(0));
    }
}
