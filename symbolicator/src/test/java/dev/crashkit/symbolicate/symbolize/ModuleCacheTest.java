package dev.crashkit.symbolicate.symbolize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.locate.ArchiveLimits;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.locate.MemberStore;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ModuleCacheTest {
    private static final Path ARM64 = Path.of("testdata/macho/App-arm64.dSYM");
    private static final Path X86 = Path.of("testdata/macho/App-x86_64.dSYM");

    private static DebugId id(String binary) throws Exception {
        return ObjectFiles.open(Path.of("testdata/macho").resolve(binary)).get(0).id().orElseThrow();
    }

    @Test
    void outcomesAreSealedAndKept() throws Exception {
        DebugFileIndex index = DebugFileIndex.scan(List.of(ARM64), Diagnostics.ignore());
        try (ModuleCache cache = new ModuleCache(index)) {
            ModuleCache.Load ok = cache.get(id("App-arm64"));
            assertInstanceOf(ModuleCache.Loaded.class, ok);
            assertSame(ok, cache.get(id("App-arm64")), "one load per identity");
            ModuleCache.Load missing = cache.get(id("App-x86_64"));
            assertInstanceOf(ModuleCache.Missing.class, missing);
            assertTrue(((ModuleCache.Missing) missing).reason().startsWith("no debug file with UUID "));
            assertEquals(Optional.empty(), missing.loaded());
        }
    }

    @Test
    void aBudgetEvictsTheLeastRecentlyUsedButNeverTheNewest() throws Exception {
        DebugFileIndex index = DebugFileIndex.scan(List.of(ARM64, X86), Diagnostics.ignore());
        ModuleCache cache = new ModuleCache(index, new MemberStore(Optional.empty(), ArchiveLimits.defaults()),
                new ModuleCache.Options(1, Diagnostics.ignore()));
        ModuleCache.Load a = cache.get(id("App-arm64"));
        assertEquals(1, cache.loadedCount());
        assertInstanceOf(ModuleCache.Loaded.class, cache.get(id("App-x86_64")));
        assertEquals(1, cache.loadedCount(), "over budget: only the newest stays");
        ModuleCache.Load again = cache.get(id("App-arm64"));
        assertInstanceOf(ModuleCache.Loaded.class, again);
        assertTrue(again != a, "loaded again after eviction");
        assertTrue(cache.mappedBytes() > 0);
        cache.close();
        assertEquals(0, cache.loadedCount());
    }
}
