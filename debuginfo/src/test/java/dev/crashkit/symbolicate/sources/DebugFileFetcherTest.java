package dev.crashkit.symbolicate.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.Fixtures;
import dev.crashkit.core.model.Arch;
import dev.crashkit.symbolicate.locate.SliceId;
import dev.crashkit.core.model.DebugId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fetching from real HTTP servers on loopback (started per test) in every layout, and the
 * misbehaviours: hangs, 5xx, wrong and cut-off files, plus the negative cache and --offline.
 * Identities are the ones llvm-dwarfdump / readelf printed for the fixtures
 * (testdata/macho/golden/*.uuid.txt, testdata/elf/golden/identity.tsv).
 */
class DebugFileFetcherTest {
    static final DebugId APP_UUID = DebugId.parse("4C4C44F2-5555-3144-A157-E368F8FB0F1A").orElseThrow();
    static final DebugId X86_UUID = DebugId.parse("4C4C44A1-5555-3144-A19D-1E9DE7153F76").orElseThrow();
    static final DebugId ELF_ID = DebugId.parse("61372c34a6019eb2023a01e75d65249c5e528fb1").orElseThrow();
    static final Path APP_DSYM = Fixtures.testdata("macho/App-arm64.dSYM/Contents/Resources/DWARF/App-arm64");
    static final Path APP_BIN = Fixtures.testdata("macho/App-arm64");
    static final Path X86_DSYM = Fixtures.testdata("macho/App-x86_64.dSYM/Contents/Resources/DWARF/App-x86_64");
    static final Path ELF_DEBUG = Fixtures.testdata("elf/debug/app-gcc.debug");
    static final Path ELF_BIN = Fixtures.testdata("elf/bin/app-gcc");

    @TempDir
    Path tmp;

    final List<String> warnings = new CopyOnWriteArrayList<>();
    final List<TestSymbolServer> servers = new ArrayList<>();

    @AfterEach
    void stopServers() {
        servers.forEach(TestSymbolServer::close);
    }

    TestSymbolServer server() throws IOException {
        TestSymbolServer s = new TestSymbolServer(Files.createTempDirectory(tmp, "served"));
        servers.add(s);
        return s;
    }

    Path cache() {
        return tmp.resolve("cache");
    }

    SourceOptions options(String... specs) {
        List<SymbolServer> list = Stream.of(specs).map(SymbolServer::parse).toList();
        return SourceOptions.defaults(list, Optional.of(cache()))
                .withTimeouts(Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(10))
                .withRetries(1, Duration.ofMillis(10));
    }

    /** Short timeouts, for the servers that hang (generous ones elsewhere: the test machine may be busy). */
    SourceOptions impatient(String spec) {
        return options(spec).withTimeouts(Duration.ofSeconds(2), Duration.ofMillis(700), Duration.ofMillis(700));
    }

    DebugFileFetcher fetcher(SourceOptions o) {
        return DebugFileFetcher.create(o, warnings::add, ProgressListener.none());
    }

    /** Files below the cache's symbols folder, temporary ones included. */
    List<Path> cachedFiles() throws IOException {
        Path root = cache().resolve("symbols");
        if (!Files.exists(root)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).filter(p -> !p.toString().contains("/.misses/")).toList();
        }
    }

    private static void assertSameBytes(Path expected, Path actual) throws IOException {
        assertEquals(-1L, Files.mismatch(expected, actual), actual + " differs from " + expected);
    }

    @Test
    void lldbLayoutOverHttpFindsTheDsymAndCachesItInTheUnifiedLayout() throws IOException {
        TestSymbolServer s = server().put("4C4C/44F2/5555/3144/A157/E368F8FB0F1A", APP_DSYM);
        FetchedFile f = fetcher(options("lldb=" + s.url())).fetch(APP_UUID).orElseThrow(() -> new AssertionError(warnings));
        assertEquals(List.of("/4C4C/44F2/5555/3144/A157/E368F8FB0F1A"), s.paths());
        assertEquals(new SliceId(APP_UUID, Arch.parse("arm64"), true, SliceId.Container.MACHO), f.slice());
        assertEquals(cache().resolve("symbols/4c/4c44f255553144a157e368f8fb0f1a/debuginfo"), f.file());
        assertSameBytes(APP_DSYM, f.file());
        assertEquals("lldb=" + s.url(), f.origin());
        assertEquals(List.of(), warnings);
    }

    @Test
    void lldbLayoutFallsBackToTheAppBinary() throws IOException {
        TestSymbolServer s = server().put("4C4C/44F2/5555/3144/A157/E368F8FB0F1A.app", APP_BIN);
        FetchedFile f = fetcher(options("lldb=" + s.url())).fetch(APP_UUID).orElseThrow(() -> new AssertionError(warnings));
        assertEquals(List.of("/4C4C/44F2/5555/3144/A157/E368F8FB0F1A", "/4C4C/44F2/5555/3144/A157/E368F8FB0F1A.app"),
                s.paths());
        assertFalse(f.slice().debugInfo());
        assertEquals(cache().resolve("symbols/4c/4c44f255553144a157e368f8fb0f1a/executable"), f.file());
    }

    @Test
    void debuginfodLayoutAsksDebuginfoThenExecutable() throws IOException {
        TestSymbolServer s = server().put("buildid/61372c34a6019eb2023a01e75d65249c5e528fb1/executable", ELF_BIN);
        FetchedFile f = fetcher(options("debuginfod=" + s.url())).fetch(ELF_ID).orElseThrow(() -> new AssertionError(warnings));
        assertEquals(List.of("/buildid/61372c34a6019eb2023a01e75d65249c5e528fb1/debuginfo",
                "/buildid/61372c34a6019eb2023a01e75d65249c5e528fb1/executable"), s.paths());
        assertEquals(SliceId.Container.ELF, f.slice().container());
        assertSameBytes(ELF_BIN, f.file());

        TestSymbolServer d = server().put("buildid/61372c34a6019eb2023a01e75d65249c5e528fb1/debuginfo", ELF_DEBUG);
        Path otherCache = tmp.resolve("cache2");
        FetchedFile g = DebugFileFetcher.create(SourceOptions.defaults(List.of(SymbolServer.parse("debuginfod=" + d.url())),
                Optional.of(otherCache)), warnings::add, ProgressListener.none()).fetch(ELF_ID).orElseThrow();
        assertTrue(g.slice().debugInfo());
        assertEquals(otherCache.resolve("symbols/61/372c34a6019eb2023a01e75d65249c5e528fb1/debuginfo"), g.file());
        assertEquals(List.of("/buildid/61372c34a6019eb2023a01e75d65249c5e528fb1/debuginfo"), d.paths());
    }

    @Test
    void gdbLayoutUsesTheBuildIdTreeWithOrWithoutTheBuildIdFolderInTheUrl() throws IOException {
        TestSymbolServer s = server().put(".build-id/61/372c34a6019eb2023a01e75d65249c5e528fb1.debug", ELF_DEBUG);
        FetchedFile f = fetcher(options("gdb=" + s.url())).fetch(ELF_ID).orElseThrow(() -> new AssertionError(warnings));
        assertEquals(List.of("/.build-id/61/372c34a6019eb2023a01e75d65249c5e528fb1.debug"), s.paths());
        assertSameBytes(ELF_DEBUG, f.file());

        TestSymbolServer t = server().put(".build-id/61/372c34a6019eb2023a01e75d65249c5e528fb1.debug", ELF_DEBUG);
        Path c2 = tmp.resolve("c2");
        DebugFileFetcher.create(SourceOptions.defaults(List.of(SymbolServer.parse("gdb=" + t.url() + ".build-id")),
                Optional.of(c2)), warnings::add, ProgressListener.none()).fetch(ELF_ID).orElseThrow();
        assertEquals(List.of("/.build-id/61/372c34a6019eb2023a01e75d65249c5e528fb1.debug"), t.paths());
    }

    @Test
    void unifiedLayoutServesMachOAndElf() throws IOException {
        TestSymbolServer s = server()
                .put("4c/4c44f255553144a157e368f8fb0f1a/debuginfo", APP_DSYM)
                .put("61/372c34a6019eb2023a01e75d65249c5e528fb1/executable", ELF_BIN);
        DebugFileFetcher f = fetcher(options("unified=" + s.url()));
        assertTrue(f.fetch(APP_UUID).isPresent(), warnings::toString);
        assertTrue(f.fetch(ELF_ID).isPresent(), warnings::toString);
        assertEquals(List.of("/4c/4c44f255553144a157e368f8fb0f1a/debuginfo",
                "/61/372c34a6019eb2023a01e75d65249c5e528fb1/debuginfo",
                "/61/372c34a6019eb2023a01e75d65249c5e528fb1/executable"), s.paths());
    }

    @Test
    void fileUrlsServeEveryLayout() throws IOException {
        Path share = Files.createDirectories(tmp.resolve("share"));
        copy(APP_DSYM, share.resolve("lldb/4C4C/44F2/5555/3144/A157/E368F8FB0F1A"));
        copy(ELF_DEBUG, share.resolve("gdb/.build-id/61/372c34a6019eb2023a01e75d65249c5e528fb1.debug"));
        copy(ELF_BIN, share.resolve("debuginfod/buildid/61372c34a6019eb2023a01e75d65249c5e528fb1/executable"));
        copy(APP_DSYM, share.resolve("unified/4c/4c44f255553144a157e368f8fb0f1a/debuginfo"));
        String[][] cases = {{"lldb", "lldb", "m"}, {"gdb", "gdb", "e"}, {"debuginfod", "debuginfod", "e"}, {"unified", "unified", "m"}};
        for (String[] c : cases) {
            Path cacheN = tmp.resolve("cache-" + c[0]);
            DebugFileFetcher f = DebugFileFetcher.create(SourceOptions.defaults(
                    List.of(SymbolServer.parse(c[0] + "=" + share.resolve(c[1]).toUri())), Optional.of(cacheN)),
                    warnings::add, ProgressListener.none());
            DebugId id = c[2].equals("m") ? APP_UUID : ELF_ID;
            FetchedFile got = f.fetch(id).orElseThrow(() -> new AssertionError(c[0] + " " + warnings));
            assertTrue(got.file().startsWith(cacheN), "copied into the cache: " + got.file());
        }
        assertEquals(List.of(), warnings);
    }

    @Test
    void fileUrlToAnLldbSymlinkedDsymBundle() throws IOException {
        Path share = Files.createDirectories(tmp.resolve("share"));
        Path link = share.resolve("4C4C/44F2/5555/3144/A157/E368F8FB0F1A");
        Files.createDirectories(link.getParent());
        Files.createSymbolicLink(link, Fixtures.testdata("macho/App-arm64.dSYM").toAbsolutePath());
        FetchedFile f = fetcher(options("lldb=" + share.toUri())).fetch(APP_UUID).orElseThrow(() -> new AssertionError(warnings));
        assertSameBytes(APP_DSYM, f.file());
    }

    @Test
    void hangingServerTimesOutRetriesAndGivesNothing() throws IOException {
        TestSymbolServer s = server().put("4c/4c44f255553144a157e368f8fb0f1a/debuginfo", APP_DSYM);
        s.behaviour = TestSymbolServer.Behaviour.HANG_BEFORE_HEADERS;
        long start = System.nanoTime();
        Optional<FetchedFile> f = fetcher(impatient("unified=" + s.url())).fetch(APP_UUID);
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(f.isEmpty());
        assertEquals(2, s.requests.size(), "one attempt and one retry");
        assertTrue(ms < 10_000, ms + " ms");
        assertEquals(1, warnings.size(), warnings::toString);
        assertTrue(warnings.get(0).startsWith("symbol server unified=" + s.url() + ": " + APP_UUID + ": "), warnings.get(0));
        assertTrue(warnings.get(0).contains("no response within 700 ms (after 2 attempts)"), warnings.get(0));
        assertEquals(List.of(), cachedFiles());
    }

    @Test
    void serverThatStallsMidBodyIsAbandoned() throws IOException {
        TestSymbolServer s = server().put("4c/4c44f255553144a157e368f8fb0f1a/debuginfo", APP_DSYM);
        s.behaviour = TestSymbolServer.Behaviour.HANG_IN_BODY;
        assertTrue(fetcher(impatient("unified=" + s.url())).fetch(APP_UUID).isEmpty());
        assertTrue(warnings.get(0).contains("no data for 700 ms"), warnings::toString);
        assertEquals(List.of(), cachedFiles());
    }

    @Test
    void serverErrorIsRetriedThenTheNextServerAnswers() throws IOException {
        TestSymbolServer bad = server().put("4c/4c44f255553144a157e368f8fb0f1a/debuginfo", APP_DSYM);
        bad.behaviour = TestSymbolServer.Behaviour.ERROR_500;
        TestSymbolServer good = server().put("4C4C/44F2/5555/3144/A157/E368F8FB0F1A", APP_DSYM);
        DebugFileFetcher f = fetcher(options("unified=" + bad.url(), "lldb=" + good.url()).withRetries(2, Duration.ofMillis(5)));
        assertTrue(f.fetch(APP_UUID).isPresent(), warnings::toString);
        assertEquals(3, bad.requests.size(), "first attempt and two retries");
        assertEquals(List.of("symbol server unified=" + bad.url() + ": " + APP_UUID
                + ": 4c/4c44f255553144a157e368f8fb0f1a/debuginfo: HTTP 500 (after 3 attempts)"), warnings);
        // A failure is not a miss: nothing is remembered, the next run asks again.
        assertFalse(Files.exists(cache().resolve("symbols/.misses")));
    }

    @Test
    void wrongFileIsRejectedAndNotCached() throws IOException {
        TestSymbolServer s = server().put("4c/4c44f255553144a157e368f8fb0f1a/debuginfo", APP_DSYM);
        s.behaviour = TestSymbolServer.Behaviour.WRONG_FILE;
        s.wrongFile = X86_DSYM;
        assertTrue(fetcher(options("unified=" + s.url())).fetch(APP_UUID).isEmpty());
        assertEquals(List.of("symbol server unified=" + s.url() + ": " + APP_UUID
                + ": rejected 4c/4c44f255553144a157e368f8fb0f1a/debuginfo: wrong file: Mach-O with UUID " + X86_UUID),
                warnings);
        assertEquals(2, s.requests.size(), "a bad file at one path, so the next path is still asked");
        assertEquals(List.of(), cachedFiles());
    }

    @Test
    void errorPageWithStatus200IsRejected() throws IOException {
        TestSymbolServer s = server().put("61/372c34a6019eb2023a01e75d65249c5e528fb1/debuginfo", ELF_DEBUG);
        s.behaviour = TestSymbolServer.Behaviour.HTML_PAGE;
        assertTrue(fetcher(options("unified=" + s.url())).fetch(ELF_ID).isEmpty());
        assertTrue(warnings.get(0).endsWith("rejected 61/372c34a6019eb2023a01e75d65249c5e528fb1/debuginfo:"
                + " not a Mach-O or ELF file (starts with 3c68746d)"), warnings::toString);
        assertEquals(List.of(), cachedFiles());
    }

    @Test
    void cutConnectionLeavesNothingInTheCache() throws IOException {
        TestSymbolServer s = server().put("4c/4c44f255553144a157e368f8fb0f1a/debuginfo", APP_DSYM);
        s.behaviour = TestSymbolServer.Behaviour.CUT_CONNECTION;
        assertTrue(fetcher(options("unified=" + s.url())).fetch(APP_UUID).isEmpty());
        assertEquals(2, s.requests.size(), "retried once");
        assertEquals(1, warnings.size(), warnings::toString);
        assertTrue(warnings.get(0).contains(": download broke off ("), warnings.get(0));
        assertEquals(List.of(), cachedFiles());
    }

    @Test
    void truncatedFilesAreRejectedAndNotCached() throws IOException {
        for (DebugId id : List.of(APP_UUID, ELF_ID)) {
            TestSymbolServer s = server()
                    .put("4c/4c44f255553144a157e368f8fb0f1a/debuginfo", APP_DSYM)
                    .put("61/372c34a6019eb2023a01e75d65249c5e528fb1/debuginfo", ELF_DEBUG);
            s.behaviour = TestSymbolServer.Behaviour.TRUNCATED_FILE;
            warnings.clear();
            assertTrue(fetcher(options("unified=" + s.url())).fetch(id).isEmpty());
            assertEquals(1, warnings.size(), warnings::toString);
            assertTrue(warnings.get(0).contains(": " + id + ": rejected "), warnings.get(0));
            assertTrue(warnings.get(0).contains("truncated") || warnings.get(0).contains("past the end")
                    || warnings.get(0).contains("outside"), warnings.get(0));
            assertEquals(List.of(), cachedFiles());
        }
    }

    @Test
    void missesAreRememberedForTheTtl() throws IOException {
        TestSymbolServer s = server();
        MutableClock clock = new MutableClock(Instant.parse("2026-11-23T10:00:00Z"));
        SourceOptions o = options("unified=" + s.url()).withNegativeTtl(Duration.ofHours(1));
        assertTrue(DebugFileFetcher.create(o, warnings::add, ProgressListener.none(), clock).fetch(APP_UUID).isEmpty());
        assertEquals(2, s.requests.size(), "debuginfo and executable asked");
        // A new run (new fetcher) within the hour asks nothing.
        clock.now = clock.now.plus(Duration.ofMinutes(59));
        assertTrue(DebugFileFetcher.create(o, warnings::add, ProgressListener.none(), clock).fetch(APP_UUID).isEmpty());
        assertEquals(2, s.requests.size());
        // After the TTL the server is asked again, and now has the file.
        s.put("4c/4c44f255553144a157e368f8fb0f1a/debuginfo", APP_DSYM);
        clock.now = clock.now.plus(Duration.ofMinutes(2));
        assertTrue(DebugFileFetcher.create(o, warnings::add, ProgressListener.none(), clock).fetch(APP_UUID).isPresent());
        assertEquals(3, s.requests.size());
        // A TTL of 0 never believes a miss.
        TestSymbolServer t = server();
        SourceOptions zero = options("unified=" + t.url()).withNegativeTtl(Duration.ZERO);
        DebugFileFetcher.create(zero, warnings::add, ProgressListener.none(), clock).fetch(ELF_ID);
        DebugFileFetcher.create(zero, warnings::add, ProgressListener.none(), clock).fetch(ELF_ID);
        assertEquals(4, t.requests.size());
        assertEquals(List.of(), warnings);
    }

    @Test
    void oneFetcherAsksOncePerIdentity() throws Exception {
        TestSymbolServer s = server().put("4c/4c44f255553144a157e368f8fb0f1a/debuginfo", APP_DSYM);
        s.delayMillis = 200;
        DebugFileFetcher f = fetcher(options("unified=" + s.url()));
        List<Thread> threads = new ArrayList<>();
        List<Optional<FetchedFile>> results = new CopyOnWriteArrayList<>();
        for (int i = 0; i < 4; i++) {
            Thread t = new Thread(() -> results.add(f.fetch(APP_UUID)));
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join();
        }
        assertEquals(1, s.requests.size());
        assertTrue(results.stream().allMatch(Optional::isPresent));
    }

    @Test
    void offlineAsksNoServerButUsesTheCache() throws IOException {
        TestSymbolServer s = server().put("4c/4c44f255553144a157e368f8fb0f1a/debuginfo", APP_DSYM);
        SourceOptions o = options("unified=" + s.url());
        assertTrue(fetcher(o.withOffline(true)).fetch(APP_UUID).isEmpty());
        assertEquals(0, s.requests.size());
        assertTrue(fetcher(o).fetch(APP_UUID).isPresent());
        assertEquals(1, s.requests.size());
        s.close();
        FetchedFile again = fetcher(o.withOffline(true)).fetch(APP_UUID).orElseThrow();
        assertEquals("cache", again.origin());
        assertEquals(1, s.requests.size());
        // file:// sources still work offline.
        Path share = tmp.resolve("share");
        copy(ELF_DEBUG, share.resolve(".build-id/61/372c34a6019eb2023a01e75d65249c5e528fb1.debug"));
        assertTrue(fetcher(options("gdb=" + share.toUri()).withOffline(true)).fetch(ELF_ID).isPresent());
    }

    @Test
    void aCacheFolderServesOthersAsAUnifiedSource() throws IOException {
        TestSymbolServer s = server().put("4C4C/44F2/5555/3144/A157/E368F8FB0F1A", APP_DSYM);
        fetcher(options("lldb=" + s.url())).fetch(APP_UUID).orElseThrow();
        Path other = tmp.resolve("other-cache");
        FetchedFile f = DebugFileFetcher.create(SourceOptions.defaults(
                List.of(SymbolServer.parse("unified=" + cache().resolve("symbols").toUri())), Optional.of(other)),
                warnings::add, ProgressListener.none()).fetch(APP_UUID).orElseThrow(() -> new AssertionError(warnings));
        assertTrue(f.file().startsWith(other), f.file().toString());
        assertSameBytes(APP_DSYM, f.file());
    }

    @Test
    void damagedCacheFileIsRemovedAndFetchedAgain() throws IOException {
        TestSymbolServer s = server().put("4c/4c44f255553144a157e368f8fb0f1a/debuginfo", APP_DSYM);
        FetchedFile f = fetcher(options("unified=" + s.url())).fetch(APP_UUID).orElseThrow();
        Files.write(f.file(), new byte[] {1, 2, 3, 4});
        FetchedFile g = fetcher(options("unified=" + s.url())).fetch(APP_UUID).orElseThrow();
        assertSameBytes(APP_DSYM, g.file());
        assertEquals(2, s.requests.size());
        assertEquals(1, warnings.size(), warnings::toString);
        assertTrue(warnings.get(0).startsWith("symbol server download cache: " + APP_UUID), warnings.get(0));
    }

    @Test
    void sizeLimitRefusesLargeFiles() throws IOException {
        TestSymbolServer s = server().put("4c/4c44f255553144a157e368f8fb0f1a/debuginfo", APP_DSYM);
        assertTrue(fetcher(options("unified=" + s.url()).withLimits(4, 1000, 3)).fetch(APP_UUID).isEmpty());
        assertTrue(warnings.get(0).contains("over the limit of 1000"), warnings::toString);
        assertEquals(List.of(), cachedFiles());
    }

    @Test
    void sizeLimitAlsoHoldsWithoutContentLength() throws IOException {
        TestSymbolServer s = server().put("4c/4c44f255553144a157e368f8fb0f1a/debuginfo", APP_DSYM);
        s.behaviour = TestSymbolServer.Behaviour.CHUNKED;
        assertTrue(fetcher(options("unified=" + s.url()).withLimits(4, 5000, 3)).fetch(APP_UUID).isEmpty());
        assertTrue(warnings.get(0).contains("larger than the limit of 5000 bytes"), warnings::toString);
        assertEquals(List.of(), cachedFiles());
        warnings.clear();
        FetchedFile f = fetcher(options("unified=" + s.url())).fetch(APP_UUID).orElseThrow(() -> new AssertionError(warnings));
        assertSameBytes(APP_DSYM, f.file());
    }

    @Test
    void parallelDownloadsAreBounded() throws IOException {
        TestSymbolServer s = server();
        s.delayMillis = 150;
        List<DebugId> ids = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            ids.add(DebugId.parse(String.format("%032x", 0x1000 + i)).orElseThrow());
        }
        DebugFileFetcher f = fetcher(options("unified=" + s.url()).withLimits(2, 1L << 30, 3));
        assertEquals(0, f.fetchAll(ids).size());
        assertEquals(16, s.requests.size());
        assertTrue(s.maxInFlight.get() <= 2, "at most 2 at once, saw " + s.maxInFlight.get());
        assertEquals(2, s.maxInFlight.get(), "and they did overlap");
    }

    @Test
    void deadServerIsGivenUpAfterRepeatedFailures() throws IOException {
        TestSymbolServer s = server();
        s.behaviour = TestSymbolServer.Behaviour.ERROR_500;
        DebugFileFetcher f = fetcher(options("unified=" + s.url()).withRetries(0, Duration.ZERO).withLimits(1, 1L << 30, 2));
        for (int i = 0; i < 5; i++) {
            f.fetch(DebugId.parse(String.format("%032x", 0x2000 + i)).orElseThrow());
        }
        assertEquals(2, s.requests.size());
        assertEquals(3, warnings.size(), warnings::toString);
        assertTrue(warnings.get(2).endsWith("2 lookups in a row failed; not asked again in this run"), warnings.get(2));
    }

    private static void copy(Path from, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        Files.copy(from, to);
    }

    /** A clock the test moves by hand. */
    static final class MutableClock extends Clock {
        volatile Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
