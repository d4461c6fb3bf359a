package dev.crashkit.symbolicate.symbolize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.dwarf.DwarfContext;
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
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Modules through the symbol cache: every debug file under testdata/macho, testdata/dwarf and
 * testdata/elf (Mach-O dSYMs with their binaries, ELF files with separate debug files and
 * debug-link companions) gives the same module (file, arch, link base, ranges) and the same
 * {@link DebugModule#lookup} answers from the DWARF, from a cache built in this run and from a
 * cache read back from disk by a later run; a cache file damaged on disk is reported and rebuilt.
 */
class SymbolCachingTest {
    private static final List<Path> ROOTS = List.of(Path.of("testdata", "macho"), Path.of("testdata", "dwarf"),
            Path.of("testdata", "elf"));

    @Test
    void modulesAnswerAlikeWithAndWithoutTheCache(@TempDir Path dir) throws IOException {
        DebugFileIndex index = DebugFileIndex.scan(ROOTS, Diagnostics.ignore());
        Set<String> ids = new TreeSet<>();
        for (Path root : ROOTS) {
            try (var files = Files.walk(root)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    index.findByName(f.getFileName().toString()).forEach(e -> ids.add(e.id().toString()));
                }
            }
        }
        ModuleCache live = cache(index, dir, false);
        ModuleCache building = cache(index, dir, true);
        int cached = 0;
        int compared = 0;
        for (String text : ids) {
            DebugId id = DebugId.parse(text).orElseThrow();
            Optional<DebugModule> want = live.get(id).loaded();
            Optional<DebugModule> built = building.get(id).loaded();
            Optional<DebugModule> reread = cache(index, dir, true).get(id).loaded();
            assertEquals(want.isPresent(), built.isPresent(), text);
            if (want.isEmpty()) {
                continue;
            }
            if (want.get().dwarf().isPresent()) {
                assertInstanceOf(CacheOrFiles.class, built.get().dwarf().orElseThrow(), text);
                assertInstanceOf(CacheOrFiles.class, reread.get().dwarf().orElseThrow(), text);
                cached++;
            }
            for (DebugModule m : List.of(built.get(), reread.orElseThrow())) {
                assertEquals(want.get().file(), m.file(), text);
                assertEquals(want.get().arch(), m.arch(), text);
                assertEquals(want.get().linkBase(), m.linkBase(), text);
                assertEquals(want.get().ranges(), m.ranges(), text);
                for (long a : addresses(want.get())) {
                    assertEquals(want.get().lookup(a), m.lookup(a), () -> text + " at 0x" + Long.toHexString(a));
                    assertEquals(want.get().unnamedFunctionStart(a), m.unnamedFunctionStart(a),
                            () -> text + " unnamed function at 0x" + Long.toHexString(a));
                    compared++;
                }
            }
        }
        assertTrue(cached >= 10, "modules answered from a cache: " + cached);
        assertTrue(compared > 10_000, "lookups compared: " + compared);
    }

    /**
     * A batch worker's answers looked up ahead (in address order, for its thread) are the cache's own:
     * each module's lookups give what the DWARF gives, the cache hands the kept answer back (the same
     * list twice, where a lookup makes a new one), another thread does not see them, and once forgotten
     * the lookups go to the cache again.
     */
    @Test
    void answersLookedUpAheadAreTheCachesOwnAndThisThreadsAlone(@TempDir Path dir) throws Exception {
        DebugFileIndex index = DebugFileIndex.scan(ROOTS, Diagnostics.ignore());
        ModuleCache live = cache(index, dir, false);
        ModuleCache cached = cache(index, dir, true);
        int modules = 0;
        int compared = 0;
        for (DebugId id : index.ids()) {
            Optional<DebugModule> want = live.get(id).loaded();
            if (want.isEmpty() || want.get().dwarf().isEmpty()) {
                continue;
            }
            DebugModule m = cached.get(id).loaded().orElseThrow();
            CacheOrFiles cache = assertInstanceOf(CacheOrFiles.class, m.dwarf().orElseThrow());
            List<Long> all = addresses(want.get());
            long[] sorted = ParallelAnswers.distinct(all.stream().mapToLong(Long::longValue).toArray());
            long a = answered(cache, sorted);
            m.answerAhead(sorted);
            try {
                for (long x : all) {
                    assertEquals(want.get().lookup(x), m.lookup(x), () -> id + " at 0x" + Long.toHexString(x));
                    compared++;
                }
                assertSame(cache.lookup(a), cache.lookup(a), "the kept answer");
                Object[] other = new Object[2];
                Thread t = new Thread(() -> {
                    try {
                        other[0] = cache.lookup(a);
                        other[1] = cache.lookup(a);
                    } catch (Exception x) {
                        other[0] = x;
                    }
                });
                t.start();
                t.join();
                assertEquals(cache.lookup(a), other[0]);
                assertNotSame(other[0], other[1], "another thread looks up itself");
            } finally {
                m.forgetAhead();
            }
            assertNotSame(cache.lookup(a), cache.lookup(a), "forgotten");
            assertEquals(want.get().lookup(a), m.lookup(a));
            modules++;
        }
        assertTrue(modules >= 10, "modules answered from a cache: " + modules);
        assertTrue(compared > 10_000, "lookups compared: " + compared);
    }

    /** The first of {@code sorted} that the cache has frames for (an empty answer is one shared list). */
    private static long answered(CacheOrFiles cache, long[] sorted) throws Exception {
        for (long a : sorted) {
            if (!cache.lookup(a).isEmpty()) {
                return a;
            }
        }
        throw new AssertionError("no address with frames");
    }

    @Test
    void aDamagedCacheFileIsReportedAndRebuilt(@TempDir Path dir) throws IOException {
        DebugFileIndex index = DebugFileIndex.scan(List.of(Path.of("testdata", "macho", "App-arm64.dSYM")),
                Diagnostics.ignore());
        DebugId id = index.findByName("App-arm64").get(0).id();
        DebugModule first = cache(index, dir, true).get(id).loaded().orElseThrow();
        List<Path> files;
        try (var s = Files.list(dir.resolve(SymCacheStore.FOLDER))) {
            files = s.toList();
        }
        assertEquals(1, files.size(), files.toString());
        byte[] bytes = Files.readAllBytes(files.get(0));
        bytes[bytes.length - 3] ^= 1;
        Files.write(files.get(0), bytes);
        List<String> warnings = new ArrayList<>();
        SymCacheCounters counters = new SymCacheCounters();
        ModuleCache again = new ModuleCache(index, new MemberStore(Optional.of(dir), ArchiveLimits.defaults()),
                new ModuleCache.Options(1L << 30, warnings::add).withSymbolCache(SymCacheStore.in(dir))
                        .withCounters(counters));
        DebugModule rebuilt = again.get(id).loaded().orElseThrow();
        assertEquals(1, warnings.size(), warnings.toString());
        assertEquals(List.of(0L, 1L, 1L), List.of(counters.opened(), counters.built(), counters.rebuilt()));
        assertTrue(warnings.get(0).contains("page checksums do not match the header"), warnings.get(0));
        for (long a : addresses(first)) {
            assertEquals(first.lookup(a), rebuilt.lookup(a));
        }
        warnings.clear();
        cache(index, dir, true).get(id);
        DebugModule third = new ModuleCache(index, new MemberStore(Optional.of(dir), ArchiveLimits.defaults()),
                new ModuleCache.Options(1L << 30, warnings::add).withSymbolCache(SymCacheStore.in(dir))
                        .withCounters(counters)).get(id).loaded().orElseThrow();
        assertTrue(warnings.isEmpty(), "the rebuilt file is good: " + warnings);
        assertEquals(List.of(1L, 1L, 1L), List.of(counters.opened(), counters.built(), counters.rebuilt()));
        assertInstanceOf(CacheOrFiles.class, third.dwarf().orElseThrow());
        assertFalse(third.dwarf().get() instanceof DwarfContext);
    }

    /**
     * A page damaged after the cache was built is not read on open (only the header, the page
     * checksums and the small tables are): the lookup that first reads it finds the damage, warns
     * once, and the module answers from the DWARF from then on, every answer as before; the cache
     * is rebuilt, so the next run opens a good one.
     */
    @Test
    void aPageFoundDamagedByALookupSwitchesToTheDwarfAndTheCacheIsRebuilt(@TempDir Path dir) throws IOException {
        DebugFileIndex index = DebugFileIndex.scan(List.of(Path.of("testdata", "third-party", "sentry-crashprobe",
                "dSYMs")), Diagnostics.ignore());
        DebugId id = index.findByName("CrashLibiOS").get(0).id();
        DebugModule want = cache(index, dir, false).get(id).loaded().orElseThrow();
        cache(index, dir, true).get(id).loaded().orElseThrow();
        Path file;
        try (var s = Files.list(dir.resolve(SymCacheStore.FOLDER))) {
            file = s.filter(p -> p.toString().endsWith(".symc")).findFirst().orElseThrow();
        }
        byte[] bytes = Files.readAllBytes(file);
        int at = sectionMiddle(bytes, 10); // LOCATION_DATA: read by lookups only
        bytes[at] ^= 0x10;
        Files.write(file, bytes);
        List<String> warnings = new ArrayList<>();
        SymCacheCounters counters = new SymCacheCounters();
        ModuleCache damaged = new ModuleCache(index, new MemberStore(Optional.of(dir), ArchiveLimits.defaults()),
                new ModuleCache.Options(1L << 30, warnings::add).withSymbolCache(SymCacheStore.in(dir))
                        .withCounters(counters));
        DebugModule m = damaged.get(id).loaded().orElseThrow();
        assertTrue(warnings.isEmpty(), "opening reads no data page: " + warnings);
        for (long a : addresses(want)) {
            assertEquals(want.lookup(a), m.lookup(a), () -> "0x" + Long.toHexString(a));
        }
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("fails its checksum")
                && warnings.get(0).endsWith("; answering from the debug files instead"), warnings.get(0));
        assertEquals(List.of(1L, 1L, 1L), List.of(counters.opened(), counters.built(), counters.rebuilt()));
        warnings.clear();
        DebugModule next = new ModuleCache(index, new MemberStore(Optional.of(dir), ArchiveLimits.defaults()),
                new ModuleCache.Options(1L << 30, warnings::add).withSymbolCache(SymCacheStore.in(dir)))
                .get(id).loaded().orElseThrow();
        for (long a : addresses(want)) {
            assertEquals(want.lookup(a), next.lookup(a), () -> "0x" + Long.toHexString(a));
        }
        assertTrue(warnings.isEmpty(), "the rebuilt file is good: " + warnings);
    }

    /**
     * A module answered from a cache built in this run keeps no hold on the DWARF it was built from
     * (a batch building many caches would keep them all in memory): when a lookup then finds a page
     * of that new file damaged, it warns once and answers from the debug files loaded again, every
     * answer as from the DWARF.
     */
    @Test
    void aCacheBuiltInThisRunFoundDamagedAnswersFromTheDebugFilesLoadedAgain(@TempDir Path dir) throws IOException {
        DebugFileIndex index = DebugFileIndex.scan(List.of(Path.of("testdata", "third-party", "sentry-crashprobe",
                "dSYMs")), Diagnostics.ignore());
        DebugId id = index.findByName("CrashLibiOS").get(0).id();
        DebugModule want = cache(index, dir, false).get(id).loaded().orElseThrow();
        List<String> warnings = new ArrayList<>();
        SymCacheCounters counters = new SymCacheCounters();
        ModuleCache building = new ModuleCache(index, new MemberStore(Optional.of(dir), ArchiveLimits.defaults()),
                new ModuleCache.Options(1L << 30, warnings::add).withSymbolCache(SymCacheStore.in(dir))
                        .withCounters(counters));
        DebugModule m = building.get(id).loaded().orElseThrow();
        assertEquals(1L, counters.built());
        assertFalse(m.dwarf().orElseThrow() instanceof DwarfContext, "answers from the cache just built");
        Path file;
        try (var s = Files.list(dir.resolve(SymCacheStore.FOLDER))) {
            file = s.filter(p -> p.toString().endsWith(".symc")).findFirst().orElseThrow();
        }
        byte[] bytes = Files.readAllBytes(file);
        bytes[sectionMiddle(bytes, 10)] ^= 0x10; // LOCATION_DATA: read by lookups only
        Files.write(file, bytes);
        for (long a : addresses(want)) {
            assertEquals(want.lookup(a), m.lookup(a), () -> "0x" + Long.toHexString(a));
        }
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("fails its checksum")
                && warnings.get(0).endsWith("; answering from the debug files instead"), warnings.get(0));
        // Loaded again, as for a cache opened from disk: the damaged file is built anew (counted as rebuilt).
        assertEquals(List.of(2L, 1L), List.of(counters.built(), counters.rebuilt()));
    }

    /** The middle byte of the section of {@code kind} of a symbol cache file (from its directory). */
    private static int sectionMiddle(byte[] file, int kind) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(file).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < b.getInt(12); i++) {
            int d = 64 + 24 * i;
            if (b.getInt(d) == kind) {
                return (int) (b.getLong(d + 8) + b.getLong(d + 16) / 2);
            }
        }
        throw new AssertionError("no section " + kind);
    }

    @Test
    void onSecondUseTheFirstRunAnswersFromTheDwarfAndTheSecondBuildsTheCache(@TempDir Path dir) throws IOException {
        DebugFileIndex index = DebugFileIndex.scan(List.of(Path.of("testdata", "macho", "App-arm64.dSYM")),
                Diagnostics.ignore());
        DebugId id = index.findByName("App-arm64").get(0).id();
        ModuleCache.Options o = new ModuleCache.Options(1L << 30, Diagnostics.ignore())
                .withSymbolCache(SymCacheStore.in(dir), SymbolCaching.Build.SECOND_USE);
        DebugModule first = new ModuleCache(index, new MemberStore(Optional.of(dir), ArchiveLimits.defaults()), o)
                .get(id).loaded().orElseThrow();
        assertInstanceOf(DwarfContext.class, first.dwarf().orElseThrow());
        List<String> names;
        try (var s = Files.list(dir.resolve(SymCacheStore.FOLDER))) {
            names = s.map(p -> p.getFileName().toString()).toList();
        }
        assertEquals(1, names.size(), names.toString());
        assertTrue(names.get(0).endsWith(".symc.used"), names.get(0));
        DebugModule second = new ModuleCache(index, new MemberStore(Optional.of(dir), ArchiveLimits.defaults()), o)
                .get(id).loaded().orElseThrow();
        assertInstanceOf(CacheOrFiles.class, second.dwarf().orElseThrow());
        try (var s = Files.list(dir.resolve(SymCacheStore.FOLDER))) {
            names = s.map(p -> p.getFileName().toString()).toList();
        }
        assertEquals(List.of(names.get(0)), names, "the marker goes once the cache is stored");
        assertTrue(names.get(0).endsWith(".symc"), names.get(0));
        DebugModule third = new ModuleCache(index, new MemberStore(Optional.of(dir), ArchiveLimits.defaults()), o)
                .get(id).loaded().orElseThrow();
        assertInstanceOf(CacheOrFiles.class, third.dwarf().orElseThrow());
        for (long a : addresses(first)) {
            assertEquals(first.lookup(a), second.lookup(a), () -> "0x" + Long.toHexString(a));
            assertEquals(first.lookup(a), third.lookup(a), () -> "0x" + Long.toHexString(a));
        }
    }

    /**
     * Built apart: the second use answers from the DWARF like the first, counts the cache as wanted
     * and writes nothing; a run that builds at first use (the command line's background run) then
     * stores it, and the next apart run opens it and wants nothing.
     */
    @Test
    void apartTheSecondUseAnswersFromTheDwarfAndCountsTheCacheAsWanted(@TempDir Path dir) throws IOException {
        DebugFileIndex index = DebugFileIndex.scan(List.of(Path.of("testdata", "macho", "App-arm64.dSYM")),
                Diagnostics.ignore());
        DebugId id = index.findByName("App-arm64").get(0).id();
        SymCacheCounters counters = new SymCacheCounters();
        ModuleCache.Options apart = new ModuleCache.Options(1L << 30, Diagnostics.ignore())
                .withSymbolCache(SymCacheStore.in(dir), SymbolCaching.Build.APART).withCounters(counters);
        DebugModule first = new ModuleCache(index, new MemberStore(Optional.of(dir), ArchiveLimits.defaults()), apart)
                .get(id).loaded().orElseThrow();
        assertInstanceOf(DwarfContext.class, first.dwarf().orElseThrow());
        assertEquals(0, counters.wanted());
        DebugModule second = new ModuleCache(index, new MemberStore(Optional.of(dir), ArchiveLimits.defaults()), apart)
                .get(id).loaded().orElseThrow();
        assertInstanceOf(DwarfContext.class, second.dwarf().orElseThrow());
        assertEquals(1, counters.wanted());
        assertEquals(0, counters.built());
        List<String> names;
        try (var s = Files.list(dir.resolve(SymCacheStore.FOLDER))) {
            names = s.map(p -> p.getFileName().toString()).toList();
        }
        assertEquals(1, names.size(), names.toString());
        assertTrue(names.get(0).endsWith(".symc.used"), "only the marker: " + names.get(0));
        ModuleCache.Options firstUse = new ModuleCache.Options(1L << 30, Diagnostics.ignore())
                .withSymbolCache(SymCacheStore.in(dir), SymbolCaching.Build.FIRST_USE).withCounters(counters);
        new ModuleCache(index, new MemberStore(Optional.of(dir), ArchiveLimits.defaults()), firstUse)
                .get(id).loaded().orElseThrow();
        assertEquals(1, counters.built());
        DebugModule third = new ModuleCache(index, new MemberStore(Optional.of(dir), ArchiveLimits.defaults()), apart)
                .get(id).loaded().orElseThrow();
        assertInstanceOf(CacheOrFiles.class, third.dwarf().orElseThrow());
        assertEquals(1, counters.wanted(), "an opened cache is not wanted");
        assertEquals(1, counters.opened());
        for (long a : addresses(first)) {
            assertEquals(first.lookup(a), second.lookup(a), () -> "0x" + Long.toHexString(a));
            assertEquals(first.lookup(a), third.lookup(a), () -> "0x" + Long.toHexString(a));
        }
    }

    /**
     * The DWARF a cache build lets go of is the caller's to release (the command line collects garbage
     * then; library code never does): past a quarter of the budget the caller's hook runs, here once for the
     * build under a budget far below the dSYM's size; opening the stored cache lets go of nothing; under a
     * budget the dSYM is not a quarter of, the hook waits.
     */
    @Test
    void debugFilesLetGoOfByACacheBuildAreHandedToTheCallersHook(@TempDir Path dir) throws IOException {
        DebugFileIndex index = DebugFileIndex.scan(List.of(Path.of("testdata", "macho", "App-arm64.dSYM")),
                Diagnostics.ignore());
        DebugId id = index.findByName("App-arm64").get(0).id();
        java.util.concurrent.atomic.AtomicInteger runs = new java.util.concurrent.atomic.AtomicInteger();
        ModuleCache.Options small = new ModuleCache.Options(4096, Diagnostics.ignore())
                .withSymbolCache(SymCacheStore.in(dir)).whenFilesReleased(runs::incrementAndGet);
        DebugModule built = new ModuleCache(index, new MemberStore(Optional.of(dir), ArchiveLimits.defaults()), small)
                .get(id).loaded().orElseThrow();
        assertInstanceOf(CacheOrFiles.class, built.dwarf().orElseThrow());
        assertEquals(1, runs.get(), "the build let go of the dSYM's DWARF");
        new ModuleCache(index, new MemberStore(Optional.of(dir), ArchiveLimits.defaults()), small)
                .get(id).loaded().orElseThrow();
        assertEquals(1, runs.get(), "opening the stored cache lets go of nothing");

        Path elsewhere = dir.resolve("elsewhere");
        ModuleCache.Options large = new ModuleCache.Options(1L << 40, Diagnostics.ignore())
                .withSymbolCache(SymCacheStore.in(elsewhere)).whenFilesReleased(runs::incrementAndGet);
        DebugModule builtAgain = new ModuleCache(index,
                new MemberStore(Optional.of(elsewhere), ArchiveLimits.defaults()), large).get(id).loaded().orElseThrow();
        assertInstanceOf(CacheOrFiles.class, builtAgain.dwarf().orElseThrow());
        assertEquals(1, runs.get(), "a build that lets go of less than a quarter of the budget");
    }

    private static ModuleCache cache(DebugFileIndex index, Path dir, boolean symbolCache) {
        ModuleCache.Options o = new ModuleCache.Options(1L << 30, Diagnostics.ignore());
        return new ModuleCache(index, new MemberStore(Optional.of(dir), ArchiveLimits.defaults()),
                symbolCache ? o.withSymbolCache(SymCacheStore.in(dir)) : o);
    }

    /** Every symbol's start, last byte and middle, and a stride through every range. */
    private static List<Long> addresses(DebugModule m) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < m.symbols().size(); i++) {
            long s = m.symbols().start(i);
            long e = m.symbols().end(i);
            out.add(s);
            out.add(e - 1);
            out.add(s + (e - s) / 2);
        }
        for (LinkRange r : m.ranges()) {
            long step = Math.max(1, r.size() / 512);
            for (long a = r.start(); Long.compareUnsigned(a, r.start() + r.size()) < 0; a += step) {
                out.add(a);
            }
        }
        return out;
    }
}
