package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.server.bench.ServerProcess;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two crashkit-server processes on one PostgreSQL database and one data folder work as one (issue 31):
 * reports posted to both in turn; the debug file the reports wait for uploaded to one mid-burst (the other
 * learns of it from the database); the second killed with SIGKILL mid-burst and restarted; the first hung
 * with SIGSTOP past the claim lease (the other takes its claims over) and resumed. Afterwards every
 * acknowledged report is stored once and symbolicated with the uploaded file, and PostgreSQL itself (a
 * trigger logging each result write with the queue entry it completes) shows no queue entry completed twice.
 *
 * <p>Runs in a schema of its own ({@code currentSchema}), created and dropped here: the database is shared
 * with other test runs, and the test user may not create databases.
 */
class InstancesPostgresTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int LEASE_SECONDS = 3;
    private static final int TOTAL = 240;

    @TempDir
    Path data;

    private PostgresSchema schema;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private String url() {
        return schema.url();
    }

    @BeforeEach
    void createSchema() throws SQLException {
        schema = PostgresSchema.create("instances");
    }

    @AfterEach
    void dropSchema() throws SQLException {
        schema.close();
    }

    @Test
    void twoServersOnOneDatabaseLoseNothingAndCompleteNothingTwice() throws Exception {
        List<String> args = List.of("--db", url(), "--dsym", TestData.path("macho/App-arm64.dSYM").toString());
        List<String> jvm = List.of("-Xmx512m", "-Dcrashkit.claimLeaseSeconds=" + LEASE_SECONDS);
        // Both start at once on the empty schema: one migrates, the other waits for it.
        CompletableFuture<ServerProcess> startingA = CompletableFuture.supplyAsync(() -> start(jvm, args));
        CompletableFuture<ServerProcess> startingB = CompletableFuture.supplyAsync(() -> start(jvm, args));
        AtomicReferenceArray<ServerProcess> servers = new AtomicReferenceArray<>(2);
        servers.set(0, startingA.join());
        servers.set(1, startingB.join());
        try {
            logResultWrites();
            byte[] body = TestData.bytes("server/bench-crash.json");
            byte[] lib = TestData.bytes("macho/libCrashKitUtil.dylib.dSYM/Contents/Resources/DWARF/libCrashKitUtil.dylib");
            Map<String, String> acknowledged = new ConcurrentHashMap<>();
            AtomicInteger next = new AtomicInteger();
            List<Thread> clients = new ArrayList<>();
            for (int c = 0; c < 4; c++) {
                int server = c % 2; // reports to both servers in turn
                Thread t = new Thread(() -> {
                    int i;
                    while ((i = next.getAndIncrement()) < TOTAL) {
                        String clientId = "r-" + i;
                        // As an SDK does: the same report id again until the server answers (201, or 200 when
                        // it had stored the report but died before answering).
                        for (long deadline = System.nanoTime() + 120_000_000_000L; System.nanoTime() < deadline; ) {
                            try {
                                HttpResponse<String> r = post(servers.get(server).port(), "/api/reports", body, clientId);
                                if (r.statusCode() == 201 || r.statusCode() == 200) {
                                    acknowledged.put(clientId, JSON.readTree(r.body()).get("id").asText());
                                    break;
                                }
                            } catch (IOException e) {
                                // the server is down (killed) or restarting: retry
                            } catch (InterruptedException e) {
                                return;
                            }
                            sleep(100);
                        }
                    }
                }, "client-" + c);
                t.start();
                clients.add(t);
            }
            awaitAcks(acknowledged, TOTAL / 4);
            servers.get(1).kill9();
            servers.set(1, start(jvm, args)); // the same data folder: the same slot, its own old claims freed
            awaitAcks(acknowledged, TOTAL / 2);
            HttpResponse<String> uploaded = post(servers.get(0).port(), "/api/debug-files?name=libCrashKitUtil.dylib", lib, null);
            assertEquals(201, uploaded.statusCode(), uploaded.body());
            awaitAcks(acknowledged, 3 * TOTAL / 4);
            // The first hangs with its claims past the lease: the second takes them over; when the first
            // resumes, what it finishes of those jobs must not be written.
            servers.get(0).pause();
            Thread.sleep((LEASE_SECONDS * 2 + 1) * 1000L);
            servers.get(0).resume();
            for (Thread t : clients) {
                t.join(300_000);
            }
            assertEquals(TOTAL, acknowledged.size(), "every report acknowledged in the end");
            awaitEmptyQueue();

            try (Connection c = DriverManager.getConnection(url()); Statement s = c.createStatement()) {
                assertEquals(TOTAL, count(s, "SELECT COUNT(*) FROM reports"), "each report stored once");
                assertEquals(TOTAL, count(s, "SELECT COUNT(DISTINCT id) FROM reports"));
                assertEquals(0, count(s, "SELECT COUNT(*) FROM (SELECT report_id, queued_at FROM result_log "
                        + "GROUP BY report_id, queued_at HAVING COUNT(*) > 1) twice"), "no queue entry completed twice: "
                        + rows(s, "SELECT report_id, queued_at, status, claimed_by FROM result_log WHERE (report_id, queued_at) IN "
                        + "(SELECT report_id, queued_at FROM result_log GROUP BY report_id, queued_at HAVING COUNT(*) > 1) "
                        + "ORDER BY report_id, logged_at"));
                assertEquals(0, count(s, "SELECT COUNT(*) FROM result_log WHERE claimed_by IS NULL"),
                        "every result written under its claim");
                assertEquals(TOTAL, count(s, "SELECT COUNT(*) FROM result_log WHERE status = 'symbolicated'"),
                        "each report symbolicated with the debug file exactly once: "
                                + rows(s, "SELECT status, COUNT(*) FROM reports GROUP BY status"));
                assertEquals(2, count(s, "SELECT COUNT(DISTINCT substring(claimed_by from '#([0-9]+)/')) FROM result_log"),
                        "both servers symbolicated: " + rows(s, "SELECT DISTINCT substring(claimed_by from '#([0-9]+)/') FROM result_log"));
            }
            // Both servers show the same reports, symbolicated with the file uploaded to the first (0x330 in
            // libCrashKitUtil is ck_lib_mix: testdata/macho/golden/libCrashKitUtil.dylib.disasm.txt, llvm-objdump).
            for (int server = 0; server < 2; server++) {
                for (String id : List.of(acknowledged.get("r-0"), acknowledged.get("r-" + (TOTAL - 1)))) {
                    JsonNode report = JSON.readTree(get(servers.get(server).port(), "/api/reports/" + id));
                    assertEquals("symbolicated", report.get("status").asText(), report.toString());
                    assertTrue(report.get("symbolicated").toString().contains("ck_lib_mix"), report.get("symbolicated").toString());
                }
            }
        } finally {
            for (int i = 0; i < 2; i++) {
                if (servers.get(i) != null) {
                    servers.get(i).kill9();
                }
            }
        }
    }

    private ServerProcess start(List<String> jvm, List<String> args) {
        try {
            return ServerProcess.start(data, jvm, args);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** PostgreSQL logs each result write with the queue entry (and claim) it completes, in its transaction. */
    private void logResultWrites() throws SQLException {
        try (Connection c = DriverManager.getConnection(url()); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE result_log (report_id TEXT, status TEXT, queued_at BIGINT, claimed_by TEXT, "
                    + "logged_at TIMESTAMP DEFAULT clock_timestamp())");
            s.execute("CREATE FUNCTION log_result() RETURNS trigger AS $$ BEGIN "
                    + "INSERT INTO result_log (report_id, status, queued_at, claimed_by) "
                    + "SELECT NEW.id, NEW.status, j.queued_at, j.claimed_by FROM (SELECT 1) one "
                    + "LEFT JOIN jobs j ON j.report_id = NEW.id; RETURN NEW; END $$ LANGUAGE plpgsql");
            s.execute("CREATE TRIGGER log_result AFTER UPDATE OF status ON reports FOR EACH ROW EXECUTE FUNCTION log_result()");
        }
    }

    private void awaitEmptyQueue() throws Exception {
        try (Connection c = DriverManager.getConnection(url()); Statement s = c.createStatement()) {
            for (long deadline = System.nanoTime() + 300_000_000_000L; System.nanoTime() < deadline; ) {
                if (count(s, "SELECT COUNT(*) FROM jobs") == 0) {
                    return;
                }
                Thread.sleep(200);
            }
            fail("the queue did not drain: " + rows(s, "SELECT report_id, queued_at, claimed_at, claimed_by FROM jobs"));
        }
    }

    private static void awaitAcks(Map<String, String> acknowledged, int n) throws InterruptedException {
        for (long deadline = System.nanoTime() + 300_000_000_000L; acknowledged.size() < n; ) {
            if (System.nanoTime() > deadline) {
                fail("only " + acknowledged.size() + " reports acknowledged");
            }
            Thread.sleep(20);
        }
    }

    private HttpResponse<String> post(int port, String path, byte[] body, String clientId)
            throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(60)).POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (clientId != null) {
            b.header("X-Crashkit-Report-Id", clientId).header("Content-Type", "application/json");
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private String get(int port, String path) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), path + ": " + r.body());
        return r.body();
    }

    private static long count(Statement s, String sql) throws SQLException {
        try (ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    private static String rows(Statement s, String sql) throws SQLException {
        StringBuilder out = new StringBuilder();
        try (ResultSet r = s.executeQuery(sql)) {
            int n = r.getMetaData().getColumnCount();
            for (int row = 0; r.next() && row < 40; row++) {
                out.append('\n');
                for (int i = 1; i <= n; i++) {
                    out.append(i > 1 ? " | " : "").append(r.getString(i));
                }
            }
        }
        return out.toString();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
