package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same server on a real PostgreSQL (the one .ci/setup.d/server.sh starts on loopback; override with
 * CRASHKIT_TEST_POSTGRES=jdbc:postgresql://...). Without a reachable server this test fails.
 */
class PostgresTest {
    static final String URL = System.getenv().getOrDefault("CRASHKIT_TEST_POSTGRES",
            "jdbc:postgresql://127.0.0.1:5432/crashkit_test?user=crashkit&password=crashkit");

    @TempDir
    Path data;

    private PostgresSchema schema;

    @BeforeEach
    void createSchema() throws SQLException {
        schema = PostgresSchema.create("pgtest");
    }

    @AfterEach
    void dropSchema() throws SQLException {
        schema.close();
    }

    @Test
    void ingestSymbolicationGroupingAndReuploadsOnPostgres() throws Exception {
        ServerConfig config = ServerConfig.local(data, 0).withDb(schema.url()).withDsyms(java.util.List.of(TestData.path("macho")));
        String id;
        try (CrashkitServer server = CrashkitServer.start(config, m -> { })) {
            Http http = new Http(server.port());
            byte[] report = TestData.bytes("reports/sample-crash.json");
            Http.Response created = http.post("/api/reports", report, "X-Crashkit-Report-Id", "pg-1");
            assertEquals(201, created.status(), created.body());
            id = created.json().get("id").asText();
            assertEquals(200, http.post("/api/reports", report, "X-Crashkit-Report-Id", "pg-1").status());
            assertEquals(201, http.post("/api/reports", TestData.bytes("reports/apple/sample-crash.ips")).status());
            JsonNode done = http.awaitSymbolicated(id, "symbolicated");
            assertEquals("ck_crash_null", done.get("symbolicated").get("threads").get(0).get("frames").get(0)
                    .get("symbol").asText());
            // dyld and libsystem_kernel: Apple's, listed apart; they do not keep the report partial.
            assertEquals(0, done.get("missing").size(), done.toString());
            assertEquals(2, done.get("missing_system").size(), done.toString());
            JsonNode groups = http.get("/api/groups").json();
            // The .ips of the same crash joins the crashreport/1 group.
            for (int i = 0; i < 100 && http.get("/api/groups/" + done.get("group").asText()).json().path("count").asInt() < 2; i++) {
                Thread.sleep(50);
            }
            JsonNode group = http.get("/api/groups/" + done.get("group").asText()).json();
            assertEquals(2, group.get("count").asInt(), groups.toString());
            assertTrue(http.get("/api/missing-debug-files").body().contains("libsystem_kernel.dylib"));
            // A debug file posted whole is found by its SHA-1 (schema 3) when sentry-cli asks to assemble it.
            byte[] lib = TestData.bytes("macho/libCrashKitUtil.dylib.dSYM/Contents/Resources/DWARF/libCrashKitUtil.dylib");
            assertEquals(201, http.post("/api/debug-files?name=libCrashKitUtil.dylib", lib).status());
            String sha1 = ChunkUploadApiTest.sha1(lib);
            JsonNode assembled = http.post("/api/0/projects/o/default/files/difs/assemble/", ("{\"" + sha1
                    + "\": {\"name\": \"libCrashKitUtil.dylib\", \"chunks\": [\"" + sha1 + "\"]}}")
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8)).json().get(sha1);
            assertEquals("ok", assembled.get("state").asText(), assembled.toString());
        }
        // Restart on the same database: migrations are not applied twice, the data is there.
        try (CrashkitServer again = CrashkitServer.start(config, m -> { })) {
            Http http = new Http(again.port());
            assertEquals("symbolicated", http.get("/api/reports/" + id).json().get("status").asText());
            assertEquals(2, http.get("/api/reports").json().get("reports").size());
        }
        try (Connection c = DriverManager.getConnection(schema.url()); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT COUNT(*), MAX(version) FROM schema_migrations")) {
            r.next();
            assertEquals(r.getInt(2), r.getInt(1), "each migration once");
            assertEquals(14, r.getInt(1), "schema versions 1, 2 (projects), 3 (debug_files.sha1), 4 (triage), "
                    + "5 (upload tokens), 6 (alerts), 7 (claims per server), 8 (job attempts), 9 (retention), "
                    + "10 (missing_images.origin), 11 (users affected), 12 (blob deletions), 13 (debug files last used) "
                    + "and 14 (orphan blobs)");
        }
    }

    @Test
    void triageSearchAndPagingOnPostgres() throws Exception {
        ServerConfig config = ServerConfig.local(data, 0).withDb(schema.url());
        try (CrashkitServer server = CrashkitServer.start(config, m -> { })) {
            Http http = new Http(server.port());
            TriageFlows.resolveInVersionThenRegress(http);
            JsonNode ips = TriageFlows.post(http, TestData.bytes("reports/apple/ios-arm64.ips"));
            JsonNode ks = TriageFlows.post(http, TestData.bytes("third-party/kscrash/example-reports/Abort.json"));
            assertEquals(7, TriageFlows.allPages(http, "/api/reports", "reports", 2).size());
            assertEquals(3, TriageFlows.allPages(http, "/api/groups", "groups", 1).size());
            assertEquals(java.util.List.of(ips.get("group").asText()),
                    TriageFlows.allPages(http, "/api/groups?device=iPhone14%2C5", "groups", 10));
            TriageFlows.setStatus(http, ks.get("group").asText(), "{\"status\": \"ignored\"}");
            assertEquals(java.util.List.of(ks.get("group").asText()),
                    TriageFlows.allPages(http, "/api/groups?status=ignored", "groups", 10));
            // Reports joining two groups at once from several workers: every count exact, the group rows' locks
            // taken in one order (or the aborted transaction run again).
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
            java.util.List<java.util.concurrent.Future<JsonNode>> posted = new java.util.ArrayList<>();
            for (int i = 0; i < 16; i++) {
                byte[] body = i % 2 == 0 ? TriageFlows.sampleInVersion("4." + (i % 3))
                        : TestData.bytes("reports/apple/ios-arm64.ips");
                posted.add(pool.submit(() -> TriageFlows.post(http, body)));
            }
            for (java.util.concurrent.Future<JsonNode> f : posted) {
                f.get();
            }
            pool.shutdown();
            for (String g : TriageFlows.allPages(http, "/api/groups", "groups", 100)) {
                JsonNode group = http.get("/api/groups/" + g).json();
                int reports = TriageFlows.allPages(http, "/api/reports?group=" + g, "reports", 100).size();
                assertEquals(reports, group.get("count").asInt(), group.toString());
                int perVersion = 0;
                for (JsonNode v : group.get("version_counts")) {
                    perVersion += v.get("reports").asInt();
                }
                assertEquals(reports, perVersion, group.toString());
            }
            // q is case-insensitive on PostgreSQL too (LIKE is not there by itself).
            assertEquals(java.util.List.of(ks.get("id").asText()),
                    TriageFlows.allPages(http, "/api/reports?q=CRASHER%20DOABORT", "reports", 10));
        }
    }
}
