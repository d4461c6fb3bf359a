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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code --debug-file-retention-days} through the API (a period of 1 ms here, and a blob grace period of
 * 1 ms): an uploaded file no symbolication used is removed, its bytes deleted (the data folder's, or the
 * shared store's and its cached copy), and no report is symbolicated with it any more; uploaded again and
 * used by a report, it stays. SQLite without a blob store and with a folder store; PostgreSQL with S3Proxy.
 */
class DebugFileRetentionApiTest {
    private static final String LIB = "macho/libCrashKitUtil.dylib.dSYM/Contents/Resources/DWARF/libCrashKitUtil.dylib";
    /** The library's UUID (testdata/macho/golden/libCrashKitUtil.dylib.dSYM.uuid.txt, llvm-dwarfdump --uuid). */
    private static final String LIB_UUID = "4C4C44FB-5555-3144-A19E-C7C80A326962";
    private static LocalS3 s3;

    @TempDir
    Path data;

    @BeforeAll
    static void startS3() throws Exception {
        s3 = LocalS3.start("debug-files");
    }

    @AfterAll
    static void stopS3() throws Exception {
        s3.close();
    }

    @ParameterizedTest
    @CsvSource({"sqlite, none", "sqlite, dir", "postgresql, s3"})
    void anUnusedDebugFileGoesAndAUsedOneStays(String database, String store) throws Exception {
        ServerConfig base = ServerConfig.local(data.resolve("server"), 0);
        if (!database.equals("postgresql")) {
            run(base, store);
            return;
        }
        try (PostgresSchema schema = PostgresSchema.create("dfapi")) {
            run(base.withDb(schema.url()), store);
        }
    }

    private void run(ServerConfig base, String store) throws Exception {
        String prefix = "d-" + UUID.randomUUID();
        BlobStoreConfig blobConfig = switch (store) {
            case "s3" -> s3.config(prefix);
            case "dir" -> BlobStoreConfig.parse(data.resolve("blobs").toString());
            default -> BlobStoreConfig.parse("db");
        };
        ServerConfig config = base.withCleanup(new ServerConfig.Cleanup(Retention.Policy.keepAll(),
                ServerConfig.Cleanup.DEFAULT_INTERVAL).withBlobGrace(1).withDebugFileRetention(1));
        byte[] lib = TestData.bytes(LIB);
        String libSha = Sha256.of(lib);
        Path local = data.resolve("server").resolve(store.equals("none") ? "debug-files" : "blob-cache").resolve(libSha);
        try (CrashkitServer server = CrashkitServer.start(config, IngestConfig.defaults(), blobConfig, m -> { });
             BlobStore blobs = store.equals("s3") ? s3.open(prefix) : new DirectoryBlobStore(data.resolve("blobs"))) {
            Http http = new Http(server.port());
            awaitFirstRun(http); // the run at start, before anything is uploaded
            Http.Response up = http.post("/api/debug-files?name=libCrashKitUtil.dylib", lib);
            assertEquals(201, up.status(), up.body());
            assertTrue(Files.isDirectory(local), local.toString());
            Thread.sleep(5);
            JsonNode removed = RetentionFlows.cleanup(http);
            assertEquals(1, removed.get("debug_files_removed").asInt(), removed.toString());
            assertEquals(lib.length, removed.get("debug_file_bytes_freed").asLong());
            Thread.sleep(5);
            assertEquals(1, RetentionFlows.cleanup(http).get("blobs_deleted").asInt(), "its bytes, after the grace period");
            assertFalse(Files.exists(local), local.toString());
            if (!store.equals("none")) {
                assertFalse(blobs.exists(BlobKeys.debugFile(libSha)), blobs.describe());
            }

            // No report is symbolicated with it now: the library is missing.
            byte[] report = TestData.bytes("reports/sample-crash.json");
            String id = RetentionFlows.post(http, report);
            JsonNode partial = http.awaitSymbolicated(id, "partial");
            assertTrue(partial.get("missing").toString().contains(LIB_UUID), partial.get("missing").toString());

            // Uploaded again with the app's dSYM: the report is symbolicated with both, which counts as a use.
            assertEquals(201, http.post("/api/debug-files?name=libCrashKitUtil.dylib", lib).status());
            assertEquals(201, http.post("/api/debug-files?name=App-arm64.dSYM.zip",
                    TestData.zip(TestData.path("macho/App-arm64.dSYM"))).status());
            JsonNode done = http.awaitSymbolicated(id, "symbolicated");
            assertEquals(0, done.get("missing").size(), done.toString());
            Thread.sleep(5);
            JsonNode kept = RetentionFlows.cleanup(http);
            assertEquals(0, kept.get("debug_files_removed").asInt(), "used just now: " + kept);
            assertTrue(Files.isDirectory(local));
            if (!store.equals("none")) {
                assertTrue(blobs.exists(BlobKeys.debugFile(libSha)));
            }
            String metrics = http.get("/metrics").body();
            assertTrue(metrics.contains("\ncrashkit_cleanup_debug_files_removed_total 1\n"), metrics);
            assertTrue(metrics.contains("\ncrashkit_cleanup_debug_file_bytes_freed_total " + lib.length + "\n"), metrics);
            assertTrue(metrics.contains("\ncrashkit_cleanup_blobs_deleted_total 1\n"), metrics);
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
