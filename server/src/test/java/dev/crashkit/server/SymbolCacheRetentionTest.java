package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.server.blob.BlobStoreConfig;
import dev.crashkit.server.blob.LocalS3;
import dev.crashkit.server.store.Retention;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Through the API: the symbol cache a report's symbolication built from an uploaded dSYM (an archive, so its
 * DWARF member is extracted under {@code DATA/cache/members} too) is deleted with the dSYM when
 * {@code --debug-file-retention-days} removes it, and the same dSYM uploaded again gets a fresh cache on its
 * next use; without a blob store, with a folder store and with S3Proxy, on SQLite and PostgreSQL.
 */
class SymbolCacheRetentionTest {
    private static final String APP_ID = "4C4C44F2-5555-3144-A157-E368F8FB0F1A";
    private static final long DAY = 86_400_000L;
    private static LocalS3 s3;

    @TempDir
    Path root;

    @BeforeAll
    static void startS3() throws Exception {
        s3 = LocalS3.start("symcacheret");
    }

    @AfterAll
    static void stopS3() throws Exception {
        s3.close();
    }

    @ParameterizedTest
    @CsvSource({"sqlite, none", "sqlite, dir", "postgresql, s3"})
    void aRemovedDebugFilesSymbolCacheGoesWithItAndAReuploadBuildsAFreshOne(String database, String store)
            throws Exception {
        ServerConfig base = ServerConfig.local(root.resolve("server"), 0);
        if (!database.equals("postgresql")) {
            run(base, store);
            return;
        }
        try (PostgresSchema schema = PostgresSchema.create("symcret")) {
            run(base.withDb(schema.url()), store);
        }
    }

    private void run(ServerConfig base, String store) throws Exception {
        BlobStoreConfig blobConfig = switch (store) {
            case "s3" -> s3.config("c-" + UUID.randomUUID());
            case "dir" -> BlobStoreConfig.parse(root.resolve("blobs").toString());
            default -> BlobStoreConfig.parse("db");
        };
        ServerConfig config = base.withCleanup(new ServerConfig.Cleanup(Retention.Policy.keepAll(),
                ServerConfig.Cleanup.DEFAULT_INTERVAL).withBlobGrace(1).withDebugFileRetention(DAY));
        Path data = config.data();
        byte[] dsym = TestData.zip(TestData.path("macho/App-arm64.dSYM"));
        byte[] report = TestData.bytes("reports/sample-crash.json");
        try (CrashkitServer server = CrashkitServer.start(config, IngestConfig.defaults(), blobConfig, m -> { })) {
            Http http = new Http(server.port());
            assertEquals(201, http.post("/api/debug-files?name=App-arm64.dSYM.zip", dsym).status());
            symbolicate(http, report);
            List<Path> built = appCaches(data);
            assertEquals(1, built.size(), built.toString());
            assertEquals(1, files(data.resolve("cache/members")).size(), "the dSYM's DWARF, extracted for the cache");

            // A day and more later, unused since: the retention removes it, its bytes go after the grace period.
            backdateDebugFiles(config);
            JsonNode removed = RetentionFlows.cleanup(http);
            assertEquals(1, removed.get("debug_files_removed").asInt(), removed.toString());
            Thread.sleep(5);
            assertEquals(1, RetentionFlows.cleanup(http).get("blobs_deleted").asInt());
            assertEquals(List.of(), appCaches(data), "the symbol cache went with its debug file");
            assertEquals(List.of(), files(data.resolve("cache/members")), "and the member extracted for it");
            assertTrue(http.get("/metrics").body().contains("\ncrashkit_cleanup_symcaches_dropped_total 1\n"));

            // Uploaded again: the next report builds a cache of its own (the file is new: another size-and-time key).
            assertEquals(201, http.post("/api/debug-files?name=App-arm64.dSYM.zip", dsym).status());
            symbolicate(http, report);
            List<Path> rebuilt = appCaches(data);
            assertEquals(1, rebuilt.size(), rebuilt.toString());
            assertNotEquals(built, rebuilt);
            String metrics = http.get("/metrics").body();
            assertTrue(metrics.contains("\ncrashkit_symcache_built_total 2\n"), metrics);
            assertTrue(metrics.contains("\ncrashkit_symcache_rebuilt_total 0\n"), metrics);
        }
    }

    /**
     * The archive member a symbolication extracted goes with its dSYM also when no symbol cache names it
     * ({@code --no-symcache}) and when the data folder's path goes through a symlink (the member's record holds
     * the archive's real path); without a blob store and with a folder store.
     */
    @ParameterizedTest
    @CsvSource({"no-symcache, none", "no-symcache, dir", "symlink, none", "symlink, dir"})
    void theExtractedMemberGoesWithItsFileWithoutSymbolCachesAndThroughASymlink(String variant, String store)
            throws Exception {
        Path real = Files.createDirectories(root.resolve("real"));
        Path dataPath = variant.equals("symlink") ? Files.createSymbolicLink(root.resolve("link"), real).resolve("server")
                : real.resolve("server");
        BlobStoreConfig blobConfig = store.equals("dir") ? BlobStoreConfig.parse(root.resolve("blobs").toString())
                : BlobStoreConfig.parse("db");
        ServerConfig config = ServerConfig.local(dataPath, 0).withSymbolCache(!variant.equals("no-symcache"))
                .withCleanup(new ServerConfig.Cleanup(Retention.Policy.keepAll(), ServerConfig.Cleanup.DEFAULT_INTERVAL)
                        .withBlobGrace(1).withDebugFileRetention(DAY));
        Path data = config.data();
        try (CrashkitServer server = CrashkitServer.start(config, IngestConfig.defaults(), blobConfig, m -> { })) {
            Http http = new Http(server.port());
            assertEquals(201, http.post("/api/debug-files?name=App-arm64.dSYM.zip",
                    TestData.zip(TestData.path("macho/App-arm64.dSYM"))).status());
            symbolicate(http, TestData.bytes("reports/sample-crash.json"));
            assertEquals(variant.equals("no-symcache") ? 0 : 1, appCaches(data).size());
            assertEquals(1, files(data.resolve("cache/members")).size(), "the dSYM's DWARF, extracted to read it");

            backdateDebugFiles(config);
            assertEquals(1, RetentionFlows.cleanup(http).get("debug_files_removed").asInt());
            Thread.sleep(5);
            assertEquals(1, RetentionFlows.cleanup(http).get("blobs_deleted").asInt());
            assertEquals(List.of(), files(data.resolve("cache/members")), "the member went with its debug file");
            assertEquals(List.of(), files(data.resolve("cache/members/sources")), "and its record");
            assertEquals(List.of(), appCaches(data));
        }
    }

    /**
     * Two servers on one database and blob store: the one without workers stores and removes the dSYM, the
     * other symbolicates with its own copy (fetched from the store) and cache, and drops both at its next run
     * once the file is no longer recorded.
     */
    @ParameterizedTest
    @CsvSource({"postgresql, s3", "postgresql, dir"})
    void anotherServersRemovalDropsThisServersCopyAndItsSymbolCache(String database, String store) throws Exception {
        try (PostgresSchema schema = PostgresSchema.create("symcret2")) {
            BlobStoreConfig blobConfig = store.equals("s3") ? s3.config("c-" + UUID.randomUUID())
                    : BlobStoreConfig.parse(root.resolve("blobs").toString());
            ServerConfig.Cleanup cleanup = new ServerConfig.Cleanup(Retention.Policy.keepAll(),
                    ServerConfig.Cleanup.DEFAULT_INTERVAL).withBlobGrace(1).withDebugFileRetention(DAY);
            ServerConfig remover = ServerConfig.local(root.resolve("remover"), 0).withDb(schema.url()).withWorkers(0)
                    .withCleanup(cleanup);
            ServerConfig symbolicator = ServerConfig.local(root.resolve("symbolicator"), 0).withDb(schema.url())
                    .withCleanup(cleanup);
            try (CrashkitServer a = CrashkitServer.start(remover, IngestConfig.defaults(), blobConfig, m -> { });
                 CrashkitServer b = CrashkitServer.start(symbolicator, IngestConfig.defaults(), blobConfig, m -> { })) {
                Http httpA = new Http(a.port());
                Http httpB = new Http(b.port());
                assertEquals(201, httpA.post("/api/debug-files?name=App-arm64.dSYM.zip",
                        TestData.zip(TestData.path("macho/App-arm64.dSYM"))).status());
                symbolicate(httpB, TestData.bytes("reports/sample-crash.json"));
                Path data = symbolicator.data();
                assertEquals(1, appCaches(data).size());
                assertEquals(1, files(data.resolve("cache/members")).size());

                backdateDebugFiles(remover);
                assertEquals(1, RetentionFlows.cleanup(httpA).get("debug_files_removed").asInt());
                Thread.sleep(5);
                assertEquals(1, RetentionFlows.cleanup(httpA).get("blobs_deleted").asInt());
                assertEquals(1, appCaches(data).size(), "the other server's copy and cache stay until its own run");
                RetentionFlows.cleanup(httpB);
                assertEquals(List.of(), appCaches(data));
                assertEquals(List.of(), files(data.resolve("cache/members")));
                try (Stream<Path> copies = Files.list(data.resolve("blob-cache"))) {
                    assertEquals(List.of(), copies.toList(), "its copy of the removed file");
                }
                assertTrue(httpB.get("/metrics").body().contains("\ncrashkit_cleanup_symcaches_dropped_total 1\n"));
            }
        }
    }

    /** Posts the sample report and waits until its app frames are symbolicated (the system ones stay missing). */
    private static void symbolicate(Http http, byte[] report) throws Exception {
        String id = RetentionFlows.post(http, report);
        JsonNode done = RetentionFlows.awaitDone(http, id);
        assertFalse(done.get("missing").toString().contains(APP_ID), done.toString());
    }

    /** Sets every debug file's upload and use back by two days, as if that long had passed. */
    private static void backdateDebugFiles(ServerConfig config) throws Exception {
        try (Connection c = DriverManager.getConnection(config.jdbcUrl()); Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE debug_files SET uploaded_at = uploaded_at - " + 2 * DAY
                    + ", last_used_at = CASE WHEN last_used_at IS NULL THEN NULL ELSE last_used_at - " + 2 * DAY + " END");
        }
    }

    private static List<Path> appCaches(Path data) throws Exception {
        return files(data.resolve("cache/symcache")).stream()
                .filter(p -> p.getFileName().toString().startsWith(APP_ID)).toList();
    }

    private static List<Path> files(Path folder) throws Exception {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        }
    }
}
