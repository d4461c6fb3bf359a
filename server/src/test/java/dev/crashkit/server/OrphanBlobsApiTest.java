package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.server.blob.BlobKeys;
import dev.crashkit.server.blob.BlobStore;
import dev.crashkit.server.blob.BlobStoreConfig;
import dev.crashkit.server.blob.DirectoryBlobStore;
import dev.crashkit.server.blob.LocalS3;
import dev.crashkit.server.blob.Sha256;
import dev.crashkit.server.store.Retention;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Through the API: blobs a crash left in the shared blob store (put, no row: a report's and a debug file's)
 * are found by a cleanup run and deleted by a later one, while the blobs of stored reports and debug files
 * stay and serve their pages; on a folder store and S3Proxy, SQLite and PostgreSQL. Retention is off: a blob
 * store alone makes the cleanup run, and so does the debug files folder without one.
 */
class OrphanBlobsApiTest {
    private static LocalS3 s3;

    @TempDir
    Path data;

    @BeforeAll
    static void startS3() throws Exception {
        s3 = LocalS3.start("orphanapi");
    }

    @AfterAll
    static void stopS3() throws Exception {
        s3.close();
    }

    @ParameterizedTest
    @CsvSource({"sqlite, dir", "sqlite, s3", "postgresql, dir", "postgresql, s3"})
    void blobsACrashLeftAreFoundThenDeletedStoredOnesStay(String database, String store) throws Exception {
        ServerConfig base = ServerConfig.local(data.resolve("server"), 0);
        if (!database.equals("postgresql")) {
            run(base, store);
            return;
        }
        try (PostgresSchema schema = PostgresSchema.create("orphanapi")) {
            run(base.withDb(schema.url()), store);
        }
    }

    private void run(ServerConfig base, String store) throws Exception {
        String prefix = "o-" + UUID.randomUUID();
        BlobStoreConfig blobConfig = store.equals("s3") ? s3.config(prefix)
                : BlobStoreConfig.parse(data.resolve("blobs").toString());
        // A grace period of 1 ms (the real one is 15 minutes) and a scan at every run (the real one: hourly).
        ServerConfig config = base.withCleanup(new ServerConfig.Cleanup(Retention.Policy.keepAll(),
                ServerConfig.Cleanup.DEFAULT_INTERVAL).withBlobGrace(1).withOrphanScanInterval(0));
        try (CrashkitServer server = CrashkitServer.start(config, IngestConfig.defaults(), blobConfig, m -> { });
             BlobStore blobs = store.equals("s3") ? s3.open(prefix) : new DirectoryBlobStore(data.resolve("blobs"))) {
            Http http = new Http(server.port());
            awaitFirstRun(http);
            byte[] report = TestData.bytes("reports/sample-crash.json");
            String id = RetentionFlows.post(http, report);
            RetentionFlows.awaitDone(http, id);
            byte[] lib = TestData.bytes("macho/libCrashKitUtil.dylib.dSYM/Contents/Resources/DWARF/libCrashKitUtil.dylib");
            assertEquals(201, http.post("/api/debug-files?name=libCrashKitUtil.dylib", lib).status());

            // What a server that died between its put and its commit leaves.
            byte[] lostReport = "{\"crash\": \"its server died before the row\"}".getBytes(StandardCharsets.UTF_8);
            byte[] lostUpload = "an upload whose server died before the row".getBytes(StandardCharsets.UTF_8);
            String lostReportKey = BlobKeys.report(Sha256.of(lostReport));
            String lostUploadKey = BlobKeys.debugFile(Sha256.of(lostUpload));
            blobs.put(lostReportKey, lostReport, Sha256.of(lostReport));
            blobs.put(lostUploadKey, lostUpload, Sha256.of(lostUpload));
            // And what a folder store's put a crash interrupted leaves: its temporary file, untouched for a day.
            Path partial = data.resolve("blobs").resolve("reports").resolve("00").resolve("." + UUID.randomUUID() + ".part");
            if (store.equals("dir")) {
                Files.createDirectories(partial.getParent());
                Files.writeString(partial, "half a report");
                Files.setLastModifiedTime(partial, java.nio.file.attribute.FileTime.fromMillis(
                        System.currentTimeMillis() - DirectoryBlobStore.STALE_PART_MILLIS - 60_000));
            }
            // S3 stamps objects to the second: wait until every blob is past the grace period by the clock.
            Thread.sleep(store.equals("s3") ? 1100 : 5);

            JsonNode found = RetentionFlows.cleanup(http);
            assertEquals(2, found.get("orphan_blobs_found").asInt(), found.toString());
            assertEquals(0, found.get("blobs_deleted").asInt(), "a grace period after they were found: " + found);
            assertTrue(blobs.exists(lostReportKey));
            assertEquals(store.equals("dir") ? 1 : 0, found.get("partial_blobs_deleted").asInt(), found.toString());
            assertFalse(Files.exists(partial));
            Thread.sleep(5);
            JsonNode deleted = RetentionFlows.cleanup(http);
            assertEquals(2, deleted.get("orphan_blobs_deleted").asInt(), deleted.toString());
            assertEquals(2, deleted.get("blobs_deleted").asInt(), deleted.toString());
            assertEquals(0, deleted.get("orphan_blobs_found").asInt(), deleted.toString());
            assertFalse(blobs.exists(lostReportKey), blobs.describe());
            assertFalse(blobs.exists(lostUploadKey), blobs.describe());

            assertTrue(blobs.exists(BlobKeys.report(Sha256.of(report))), "the stored report's bytes stay");
            assertTrue(blobs.exists(BlobKeys.debugFile(Sha256.of(lib))), "the stored debug file's bytes stay");
            assertEquals(200, http.get("/reports/" + id).status(), "its page reads the raw bytes from the store");
            String metrics = http.get("/metrics").body();
            assertTrue(metrics.contains("\ncrashkit_cleanup_orphan_blobs_found_total 2\n"), metrics);
            assertTrue(metrics.contains("\ncrashkit_cleanup_orphan_blobs_removed_total 2\n"), metrics);
            assertTrue(metrics.contains("\ncrashkit_cleanup_blobs_deleted_total 2\n"), metrics);
            assertTrue(metrics.contains("\ncrashkit_cleanup_partial_blobs_deleted_total " + (store.equals("dir") ? 1 : 0)
                    + "\n"), metrics);
        }
    }

    /**
     * Without a blob store (the default, {@code --blob-store db}): the folder an upload wrote under
     * {@code DATA/debug-files} before its server died is found and deleted the same way; the uploaded file stays.
     */
    @ParameterizedTest
    @CsvSource({"sqlite", "postgresql"})
    void withoutABlobStoreAnUploadsFileACrashLeftIsFoundThenDeleted(String database) throws Exception {
        ServerConfig base = ServerConfig.local(data.resolve("server"), 0);
        if (!database.equals("postgresql")) {
            runLocal(base);
            return;
        }
        try (PostgresSchema schema = PostgresSchema.create("orphanapi")) {
            runLocal(base.withDb(schema.url()));
        }
    }

    private void runLocal(ServerConfig base) throws Exception {
        ServerConfig config = base.withCleanup(new ServerConfig.Cleanup(Retention.Policy.keepAll(),
                ServerConfig.Cleanup.DEFAULT_INTERVAL).withBlobGrace(1).withOrphanScanInterval(0));
        try (CrashkitServer server = CrashkitServer.start(config, IngestConfig.defaults(), BlobStoreConfig.database(),
                m -> { })) {
            Http http = new Http(server.port());
            awaitFirstRun(http);
            byte[] lib = TestData.bytes("macho/libCrashKitUtil.dylib.dSYM/Contents/Resources/DWARF/libCrashKitUtil.dylib");
            assertEquals(201, http.post("/api/debug-files?name=libCrashKitUtil.dylib", lib).status());
            Path folder = config.data().resolve("debug-files");
            Path uploaded = folder.resolve(Sha256.of(lib)).resolve("libCrashKitUtil.dylib");
            assertTrue(Files.isRegularFile(uploaded), uploaded.toString());

            // What an upload whose server died between writing the file and committing its row leaves.
            byte[] lost = TestData.bytes("macho/App-arm64.dSYM/Contents/Resources/DWARF/App-arm64");
            Path lostFile = Files.write(Files.createDirectories(folder.resolve(Sha256.of(lost))).resolve("App-arm64"), lost);
            Thread.sleep(5);

            JsonNode found = RetentionFlows.cleanup(http);
            assertEquals(1, found.get("orphan_blobs_found").asInt(), found.toString());
            assertEquals(0, found.get("blobs_deleted").asInt(), "a grace period after it was found: " + found);
            assertTrue(Files.exists(lostFile));
            Thread.sleep(5);
            JsonNode deleted = RetentionFlows.cleanup(http);
            assertEquals(1, deleted.get("orphan_blobs_deleted").asInt(), deleted.toString());
            assertEquals(1, deleted.get("blobs_deleted").asInt(), deleted.toString());
            assertFalse(Files.exists(lostFile.getParent()), lostFile.toString());
            assertTrue(Files.isRegularFile(uploaded), "a row names the uploaded file");
            String metrics = http.get("/metrics").body();
            assertTrue(metrics.contains("\ncrashkit_cleanup_orphan_blobs_found_total 1\n"), metrics);
            assertTrue(metrics.contains("\ncrashkit_cleanup_orphan_blobs_removed_total 1\n"), metrics);

            // Its bytes uploaded again later are stored and kept.
            assertEquals(201, http.post("/api/debug-files?name=App-arm64", lost).status());
            assertEquals(0, RetentionFlows.cleanup(http).get("orphan_blobs_found").asInt());
            assertTrue(Files.isRegularFile(lostFile));
        }
    }

    private static void awaitFirstRun(Http http) throws Exception {
        for (int i = 0; i < 600; i++) {
            if (!http.get("/metrics").body().contains("\ncrashkit_cleanup_runs_total 0\n")) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the cleanup did not run at start");
    }
}
