package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.server.bench.IngestBench;
import dev.crashkit.server.bench.ServerProcess;
import dev.crashkit.server.blob.BlobKeys;
import dev.crashkit.server.blob.BlobStore;
import dev.crashkit.server.blob.DirectoryBlobStore;
import dev.crashkit.server.blob.LocalS3;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * crashkit-server processes with {@code --blob-store s3://...} (S3Proxy, a real S3-compatible server) and
 * {@code --blob-store DIR}: reports and debug files stored there, not in the database; a second server with
 * an empty cache reading the same store and database symbolicates from it; kill -9 loses no acknowledged
 * report; the store down at ingest answers 503 and acknowledges nothing.
 */
class BlobStoreServerTest {
    private static final String APP_ID = "4C4C44F2-5555-3144-A157-E368F8FB0F1A";
    private static LocalS3 s3;

    @TempDir
    Path tmp;

    @BeforeAll
    static void startS3() throws Exception {
        s3 = LocalS3.start("crashkit");
    }

    @AfterAll
    static void stopS3() throws Exception {
        s3.close();
    }

    private List<String> storeArgs(String kind, String prefix) {
        return kind.equals("s3") ? s3.serverArgs(prefix) : List.of("--blob-store", tmp.resolve("shared").toString());
    }

    private BlobStore openStore(String kind, String prefix) throws Exception {
        return kind.equals("s3") ? s3.open(prefix) : new DirectoryBlobStore(tmp.resolve("shared"));
    }

    private static List<String> concat(List<String> a, String... b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(List.of(b));
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"s3", "dir"})
    void reportsAndDebugFilesLiveInTheStoreAndASecondServerWithAnEmptyCacheSymbolicatesFromIt(String kind)
            throws Exception {
        String prefix = "two-instances";
        byte[] report = TestData.bytes("reports/sample-crash.json");
        Path dataA = tmp.resolve("a");
        String id;
        JsonNode symbolicatedOnA;
        try (ServerProcess a = ServerProcess.start(dataA, storeArgs(kind, prefix))) {
            Http http = new Http(a.port());
            Http.Response created = http.post("/api/reports", report, "X-Crashkit-Report-Id", "spool-1.json");
            assertEquals(201, created.status(), created.body());
            id = created.json().get("id").asText();
            JsonNode partial = http.awaitSymbolicated(id, "partial");
            assertTrue(partial.get("missing").toString().contains(APP_ID), partial.toString());
            Http.Response dsym = http.post("/api/debug-files?name=App-arm64.dSYM.zip",
                    TestData.zip(TestData.path("macho/App-arm64.dSYM")));
            assertEquals(201, dsym.status(), dsym.body());
            Http.Response lib = http.post("/api/debug-files?name=libCrashKitUtil.dylib",
                    TestData.bytes("macho/libCrashKitUtil.dylib.dSYM/Contents/Resources/DWARF/libCrashKitUtil.dylib"));
            assertEquals(201, lib.status(), lib.body());
            symbolicatedOnA = awaitMissingCount(http, id, 2);
            assertEquals("ck_crash_null", frame0(symbolicatedOnA), symbolicatedOnA.toString());
        }
        // The bytes are in the store, keyed by content, and not in the database.
        try (BlobStore store = openStore(kind, prefix)) {
            assertTrue(store.exists(BlobKeys.report(sha256(report))), store.describe());
            assertEquals(2, store.list(BlobKeys.DEBUG_FILES, Optional.empty(), 100).size(), store.describe());
        }
        Path db = dataA.resolve("crashkit.db");
        assertEquals(0, count(db, "SELECT COUNT(*) FROM report_bodies"));
        assertEquals(1, count(db, "SELECT COUNT(*) FROM reports"));

        // Another instance: same database and store, its own empty data folder and cache.
        Path dataB = tmp.resolve("b");
        try (ServerProcess b = ServerProcess.start(dataB, concat(storeArgs(kind, prefix), "--db", "jdbc:sqlite:" + db))) {
            Http http = new Http(b.port());
            assertEquals(symbolicatedOnA.get("symbolicated"), http.get("/api/reports/" + id).json().get("symbolicated"));
            // Its raw bytes too: the report page reads them (the Java exception block) from the store.
            assertEquals(200, http.get("/reports/" + id).status());
            assertFalse(Files.exists(dataB.resolve("blob-cache").resolve(sha256(
                    TestData.bytes("macho/libCrashKitUtil.dylib.dSYM/Contents/Resources/DWARF/libCrashKitUtil.dylib")))));
            // A new report this instance symbolicates: the debug files come from the store into its cache.
            Http.Response created = http.post("/api/reports", report, "X-Crashkit-Report-Id", "spool-2.json");
            assertEquals(201, created.status(), created.body());
            String second = created.json().get("id").asText();
            JsonNode done = awaitMissingCount(http, second, 2);
            assertEquals(symbolicatedOnA.get("symbolicated").get("threads"), done.get("symbolicated").get("threads"));
            assertEquals(symbolicatedOnA.get("group"), done.get("group"));
            // Read from this instance's own cache (the same files A had in its own).
            JsonNode images = done.get("symbolicated").get("images");
            int fromCache = 0;
            for (int i = 0; i < images.size(); i++) {
                JsonNode onA = symbolicatedOnA.get("symbolicated").get("images").get(i);
                assertEquals(onA.get("uuid"), images.get(i).get("uuid"));
                assertEquals(onA.get("status"), images.get(i).get("status"));
                if (images.get(i).get("status").asText().equals("ok")) {
                    assertTrue(images.get(i).get("debug_file").asText().startsWith(dataB.resolve("blob-cache").toString()),
                            images.get(i).toString());
                    assertEquals(onA.get("debug_file").asText().replace(dataA.toString(), dataB.toString()),
                            images.get(i).get("debug_file").asText());
                    fromCache++;
                }
            }
            assertEquals(2, fromCache, images.toString());
            try (Stream<Path> cached = Files.list(dataB.resolve("blob-cache"))) {
                assertEquals(2, cached.filter(p -> p.getFileName().toString().matches("[0-9a-f]{64}")).count());
            }
        }
    }

    @Test
    void everyAcknowledgedReportSurvivesKill9WithTheS3Store() throws Exception {
        byte[] body = TestData.bytes("server/bench-crash.json");
        IngestBench.KillResult r = IngestBench.killTest(tmp.resolve("data"),
                concat(s3.serverArgs("kill"), "--dsym", TestData.path("macho").toString()), body, 400, 4, 100);
        System.out.println(r.summary());
        assertTrue(r.acknowledged() >= 100 && r.acknowledged() < 400, "killed mid-burst: " + r.summary());
        assertEquals(List.of(), r.lost(), r.summary());
        assertEquals(List.of(), r.notSymbolicated(), r.summary());
        assertEquals(0, count(tmp.resolve("data").resolve("crashkit.db"), "SELECT COUNT(*) FROM report_bodies"));
    }

    @Test
    void theS3StoreDownAtIngestIs503AndNothingIsAcknowledged() throws Exception {
        byte[] report = TestData.bytes("reports/sample-crash.json");
        try (ServerProcess server = ServerProcess.start(tmp.resolve("data"), s3.serverArgs("down"))) {
            Http http = new Http(server.port());
            assertEquals(201, http.post("/api/reports", report, "X-Crashkit-Report-Id", "before").status());
            s3.stop();
            try {
                Http.Response refused = http.post("/api/reports", report, "X-Crashkit-Report-Id", "during");
                assertEquals(503, refused.status(), refused.body());
                String error = refused.json().get("error").asText();
                assertTrue(error.startsWith("the report was not stored: blob store s3://crashkit/down at "
                        + s3.endpoint() + ": cannot store reports/"), error);
                assertFalse(refused.body().contains(LocalS3.SECRET_ACCESS_KEY), refused.body());
                Http.Response upload = http.post("/api/debug-files?name=libCrashKitUtil.dylib",
                        TestData.bytes("macho/libCrashKitUtil.dylib.dSYM/Contents/Resources/DWARF/libCrashKitUtil.dylib"));
                assertEquals(503, upload.status(), upload.body());
                assertTrue(upload.json().get("error").asText().startsWith("the debug file was not stored: "), upload.body());
                assertEquals(1, http.get("/api/reports").json().get("reports").size(), "nothing acknowledged");
            } finally {
                s3.restart();
            }
            // Back: the client's retry is stored.
            Http.Response retried = http.post("/api/reports", report, "X-Crashkit-Report-Id", "during");
            assertEquals(201, retried.status(), retried.body());
            assertEquals(2, http.get("/api/reports").json().get("reports").size());
        }
    }

    private static String frame0(JsonNode report) {
        return report.get("symbolicated").get("threads").get(0).get("frames").get(0).get("symbol").asText();
    }

    private static JsonNode awaitMissingCount(Http http, String id, int count) throws Exception {
        JsonNode last = null;
        for (int i = 0; i < 1200; i++) {
            last = http.get("/api/reports/" + id).json();
            // The app's images all found; only the system's (Apple's dyld, libsystem_kernel) left, listed apart.
            if (last.get("missing").size() == 0 && last.get("missing_system").size() == count
                    && !last.get("status").asText().equals("pending")) {
                return last;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("missing list never shrank to " + count + " system images: " + last);
    }

    private static long count(Path sqlite, String sql) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + sqlite);
             ResultSet r = c.createStatement().executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    private static String sha256(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }
}
