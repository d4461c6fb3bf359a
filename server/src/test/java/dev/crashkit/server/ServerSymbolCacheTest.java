package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server symbolicates through symbol caches in {@code DATA/cache/symcache}: a debug file's cache is
 * built on its first use, opened (not rebuilt) by a later server on the same data folder, rebuilt when
 * damaged, and built for a dSYM that arrives late; the symbolicated/1 text stored is byte for byte the one
 * a server with {@code --no-symcache} stores. Counts are read from {@code /metrics}.
 */
class ServerSymbolCacheTest {
    private static final String APP_ID = "4C4C44F2-5555-3144-A157-E368F8FB0F1A";

    @TempDir
    Path root;

    @Test
    void aDebugFilesCacheIsBuiltOnceThenOpenedAndAnswersAsTheDebugFileDoes() throws Exception {
        Path data = root.resolve("cached");
        String first = symbolicateOnce(config(data, true), new long[] {0, -1, 0});
        List<Path> caches = cacheFiles(data);
        assertFalse(caches.isEmpty(), "no symbol cache under " + data);
        assertTrue(caches.stream().anyMatch(p -> p.getFileName().toString().startsWith(APP_ID)), caches.toString());
        assertEquals(first, symbolicateOnce(config(data, true), new long[] {caches.size(), 0, 0}));
        assertEquals(caches, cacheFiles(data));

        Path plain = root.resolve("plain");
        assertEquals(first, symbolicateOnce(config(plain, false), new long[] {0, 0, 0}));
        assertFalse(Files.exists(plain.resolve("cache/symcache")), "--no-symcache wrote a symbol cache");
    }

    @Test
    void aDamagedCacheFileIsRebuiltNotTrusted() throws Exception {
        Path data = root.resolve("cached");
        String first = symbolicateOnce(config(data, true), new long[] {0, -1, 0});
        List<Path> caches = cacheFiles(data);
        Path app = caches.stream().filter(p -> p.getFileName().toString().startsWith(APP_ID)).findFirst().orElseThrow();
        byte[] bytes = Files.readAllBytes(app);
        bytes[bytes.length / 2] ^= 0x10;
        Files.write(app, bytes);

        List<String> log = new java.util.ArrayList<>();
        assertEquals(first, symbolicateOnce(config(data, true), new long[] {caches.size() - 1, 1, 1}, log));
        assertEquals(1, log.stream().filter(l -> l.contains("symbol cache " + app) && l.contains("rebuilding")).count(),
                log.toString());
        assertEquals(first, symbolicateOnce(config(data, true), new long[] {caches.size(), 0, 0}));
    }

    @Test
    void aLateDsymIsCachedWhenItsReportsAreSymbolicatedAgain() throws Exception {
        Path data = root.resolve("late");
        try (CrashkitServer server = CrashkitServer.start(ServerConfig.local(data, 0), m -> { })) {
            Http http = new Http(server.port());
            String id = http.post("/api/reports", TestData.bytes("reports/sample-crash.json")).json().get("id").asText();
            http.awaitSymbolicated(id, "partial");
            assertEquals(List.of(0L, 0L, 0L), counts(http));

            Http.Response dsym = http.post("/api/debug-files?name=App-arm64.dSYM.zip",
                    TestData.zip(TestData.path("macho/App-arm64.dSYM")));
            assertEquals(201, dsym.status(), dsym.body());
            JsonNode done = awaitNotMissing(http, id, APP_ID);
            assertEquals("ck_crash_null",
                    done.get("symbolicated").get("threads").get(0).get("frames").get(0).get("symbol").asText());
            assertEquals(List.of(0L, 1L, 0L), counts(http));
            List<Path> caches = cacheFiles(data);
            assertEquals(1, caches.size(), caches.toString());
            assertTrue(caches.get(0).getFileName().toString().startsWith(APP_ID), caches.toString());
        }
    }

    @Test
    void noSymcacheTurnsTheCacheOff() throws Exception {
        ServerMain on = ServerMain.parse("--data", root.toString());
        assertTrue(on.config(java.util.Optional.empty()).symbolCache());
        ServerMain off = ServerMain.parse("--data", root.toString(), "--no-symcache");
        assertFalse(off.config(java.util.Optional.empty()).symbolCache());
    }

    private static ServerConfig config(Path data, boolean symbolCache) {
        return ServerConfig.local(data, 0).withDsyms(List.of(TestData.path("macho"))).withSymbolCache(symbolCache);
    }

    /**
     * Starts a server, ingests the sample report, waits for its pass, checks the symbol cache counters
     * (opened, built, rebuilt; -1: at least one) and returns the stored symbolicated/1 text.
     */
    private static String symbolicateOnce(ServerConfig config, long[] expected) throws Exception {
        return symbolicateOnce(config, expected, new java.util.ArrayList<>());
    }

    private static String symbolicateOnce(ServerConfig config, long[] expected, List<String> log) throws Exception {
        String id;
        try (CrashkitServer server = CrashkitServer.start(config, log::add)) {
            Http http = new Http(server.port());
            Http.Response created = http.post("/api/reports", TestData.bytes("reports/sample-crash.json"));
            assertEquals(201, created.status(), created.body());
            id = created.json().get("id").asText();
            // dyld and libsystem_kernel have no debug file here: Apple's, they do not keep it partial.
            http.awaitSymbolicated(id, "symbolicated");
            List<Long> counts = counts(http);
            for (int i = 0; i < expected.length; i++) {
                if (expected[i] < 0) {
                    assertTrue(counts.get(i) > 0, "opened, built, rebuilt: " + counts);
                } else {
                    assertEquals(expected[i], counts.get(i), "opened, built, rebuilt: " + counts);
                }
            }
        }
        return storedResult(config.data(), id);
    }

    /** The symbol cache counters of /metrics: opened, built, rebuilt. */
    private static List<Long> counts(Http http) throws Exception {
        String metrics = http.get("/metrics").body();
        return Stream.of("opened", "built", "rebuilt").map(c -> metric(metrics, "crashkit_symcache_" + c + "_total"))
                .toList();
    }

    private static long metric(String text, String name) {
        return text.lines().filter(l -> l.startsWith(name + " ")).map(l -> Long.parseLong(l.substring(name.length() + 1)))
                .findFirst().orElseThrow(() -> new AssertionError(name + " not in /metrics:\n" + text));
    }

    /** The symbolicated/1 text as stored, byte for byte. */
    private static String storedResult(Path data, String id) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + data.resolve("crashkit.db"));
             PreparedStatement q = c.prepareStatement("SELECT symbolicated FROM report_results WHERE report_id = ?")) {
            q.setString(1, id);
            try (ResultSet r = q.executeQuery()) {
                assertTrue(r.next(), "no result stored for " + id);
                return r.getString(1);
            }
        }
    }

    private static List<Path> cacheFiles(Path data) throws IOException {
        Path folder = data.resolve("cache/symcache");
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(p -> !p.getFileName().toString().startsWith(".")).sorted().toList();
        }
    }

    private static JsonNode awaitNotMissing(Http http, String id, String debugId) throws Exception {
        long deadline = System.nanoTime() + 60_000_000_000L;
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            last = http.get("/api/reports/" + id).json();
            if (!last.get("status").asText().equals("pending") && !last.get("missing").toString().contains(debugId)) {
                return last;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("report " + id + " still misses " + debugId + ": " + last);
    }
}
