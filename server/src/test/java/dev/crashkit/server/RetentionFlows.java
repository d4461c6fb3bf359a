package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.server.store.Retention;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/** Retention through the API, run on SQLite (RetentionTest) and PostgreSQL (RetentionPostgresTest). */
final class RetentionFlows {
    private static final String SAMPLE = "reports/sample-crash.json";
    private static final String ABORT = "third-party/kscrash/example-reports/Abort.json";
    private static final String IOS = "reports/ios-arm64.json";

    private RetentionFlows() {
    }

    static ServerConfig withPolicy(ServerConfig config, Retention.Policy policy) {
        return config.withCleanup(new ServerConfig.Cleanup(policy, ServerConfig.Cleanup.DEFAULT_INTERVAL));
    }

    /** Posts a report; its id (201). */
    static String post(Http http, byte[] body) throws Exception {
        Http.Response r = http.post("/api/reports", body);
        assertEquals(201, r.status(), r.body());
        return r.json().get("id").asText();
    }

    /** Waits until a report's first pass ended; the report. */
    static JsonNode awaitDone(Http http, String id) throws Exception {
        JsonNode last = null;
        for (int i = 0; i < 1200; i++) {
            last = http.get("/api/reports/" + id).json();
            if (!last.path("status").asText().equals("pending")) {
                return last;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("report " + id + " still pending: " + last);
    }

    static JsonNode cleanup(Http http) throws Exception {
        Http.Response r = http.post("/api/admin/cleanup", new byte[0]);
        assertEquals(200, r.status(), r.body());
        return r.json();
    }

    /** Five reports of one group; with at most 2 kept, the 3 oldest are removed and the group keeps counting 5. */
    static void perGroupLimitRemovesOldestAndCountsKeepCounting(Path data, ServerConfig base) throws Exception {
        ServerConfig config = withPolicy(base, new Retention.Policy(0, 2, 0));
        try (CrashkitServer server = CrashkitServer.start(config, m -> { })) {
            Http http = new Http(server.port());
            byte[] body = TestData.bytes(SAMPLE);
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                String id = post(http, body);
                awaitDone(http, id);
                ids.add(id);
                Thread.sleep(3); // received times strictly ordered
            }
            String group = http.get("/api/reports/" + ids.get(0)).json().get("group").asText();
            JsonNode before = http.get("/api/groups/" + group).json();
            assertEquals(5, before.get("count").asInt(), before.toString());
            assertEquals(0, before.get("removed_reports").asInt());

            JsonNode removed = cleanup(http);
            assertEquals(3, removed.get("reports_removed").asInt(), removed.toString());
            assertEquals(3, removed.get("results_removed").asInt(), removed.toString());
            assertTrue(removed.get("bytes_freed").asLong() > 3L * body.length, removed.toString());
            for (int i = 0; i < 3; i++) {
                Http.Response gone = http.get("/api/reports/" + ids.get(i));
                assertEquals(404, gone.status(), "oldest report " + i + ": " + gone.body());
                assertEquals("no such report", gone.json().get("error").asText());
            }
            for (int i = 3; i < 5; i++) {
                assertEquals(200, http.get("/api/reports/" + ids.get(i)).status(), "newest reports stay");
            }
            JsonNode after = http.get("/api/groups/" + group).json();
            assertEquals(5, after.get("count").asInt(), "the group keeps counting removed reports: " + after);
            assertEquals(3, after.get("removed_reports").asInt());
            for (String field : List.of("first_seen", "last_seen", "version_counts", "os_counts", "device_counts",
                    "versions", "first_version", "last_version")) {
                assertEquals(before.get(field), after.get(field), field);
            }
            JsonNode listed = http.get("/api/reports?group=" + group).json().get("reports");
            assertEquals(2, listed.size(), listed.toString());
            String metrics = http.get("/metrics").body();
            assertTrue(metrics.contains("\ncrashkit_cleanup_reports_removed_total 3\n"), metrics);
            assertTrue(metrics.contains("\ncrashkit_cleanup_results_removed_total 3\n"), metrics);
            assertTrue(metrics.contains("\ncrashkit_cleanup_freed_bytes_total " + removed.get("bytes_freed").asLong()
                    + "\n"), metrics);
            assertEquals(0, cleanup(http).get("reports_removed").asInt(), "nothing more to remove");
            // A new report of the group: counted on top, and the oldest stored one goes at the next run.
            String sixth = post(http, body);
            awaitDone(http, sixth);
            assertEquals(1, cleanup(http).get("reports_removed").asInt());
            assertEquals(404, http.get("/api/reports/" + ids.get(3)).status());
            JsonNode last = http.get("/api/groups/" + group).json();
            assertEquals(6, last.get("count").asInt(), last.toString());
            assertEquals(4, last.get("removed_reports").asInt());
            assertEquals(before.get("first_seen"), last.get("first_seen"));
        }
    }

    /** A byte budget removes the oldest reports first, whatever their group. */
    static void byteBudgetRemovesOldestFirstAcrossGroups(ServerConfig base) throws Exception {
        byte[] a = TestData.bytes(ABORT);
        byte[] b = TestData.bytes(SAMPLE);
        byte[] c = TestData.bytes(IOS);
        ServerConfig config = withPolicy(base, new Retention.Policy(0, 0, (long) b.length + c.length));
        try (CrashkitServer server = CrashkitServer.start(config, m -> { })) {
            Http http = new Http(server.port());
            List<String> ids = new ArrayList<>();
            for (byte[] body : List.of(a, b, c)) {
                String id = post(http, body);
                awaitDone(http, id);
                ids.add(id);
                Thread.sleep(3);
            }
            JsonNode removed = cleanup(http);
            assertEquals(1, removed.get("reports_removed").asInt(), removed.toString());
            assertEquals(404, http.get("/api/reports/" + ids.get(0)).status(), "the oldest goes");
            assertEquals(200, http.get("/api/reports/" + ids.get(1)).status());
            assertEquals(200, http.get("/api/reports/" + ids.get(2)).status());
            assertTrue(removed.get("bytes_freed").asLong() >= a.length, removed.toString());
        }
    }

    /**
     * Reports acknowledged while cleanups run with limits that remove everything else are never removed: a
     * server without workers (so each stays queued) takes uploads from one thread while another asks for
     * cleanups; the reports symbolicated before (by an earlier server on the same database) all go.
     */
    static void reportsAcknowledgedDuringCleanupAreNeverRemoved(ServerConfig base) throws Exception {
        List<String> old = new ArrayList<>();
        try (CrashkitServer server = CrashkitServer.start(base, m -> { })) {
            Http http = new Http(server.port());
            for (String name : List.of(SAMPLE, ABORT, IOS, SAMPLE)) {
                old.add(post(http, TestData.bytes(name)));
            }
            for (String id : old) {
                awaitDone(http, id);
            }
        }
        ServerConfig tiny = withPolicy(base.withWorkers(0), new Retention.Policy(1, 1, 1));
        List<String> acknowledged = Collections.synchronizedList(new ArrayList<>());
        try (CrashkitServer server = CrashkitServer.start(tiny, m -> { })) {
            Http http = new Http(server.port());
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread uploads = new Thread(() -> {
                try {
                    byte[][] bodies = {TestData.bytes(SAMPLE), TestData.bytes(ABORT), TestData.bytes(IOS)};
                    for (int i = 0; i < 60; i++) {
                        acknowledged.add(post(http, bodies[i % 3]));
                    }
                } catch (Throwable e) {
                    failure.set(e);
                }
            });
            uploads.start();
            long removed = 0;
            int runs = 0;
            while (uploads.isAlive() || runs == 0) {
                removed += cleanup(http).get("reports_removed").asLong();
                runs++;
            }
            uploads.join();
            if (failure.get() != null) {
                throw new AssertionError("upload failed", failure.get());
            }
            removed += cleanup(http).get("reports_removed").asLong();
            assertTrue(runs > 1, "cleanups ran during the uploads: " + runs);
            for (String id : old) {
                assertEquals(404, http.get("/api/reports/" + id).status(), "a symbolicated report older than 1 ms goes");
            }
            assertTrue(removed <= old.size(), "only the old reports were removed (the start-up run may have had some): "
                    + removed);
            assertEquals(60, acknowledged.size());
            for (String id : acknowledged) {
                Http.Response r = http.get("/api/reports/" + id);
                assertEquals(200, r.status(), "acknowledged report " + id + " removed");
                assertEquals("pending", r.json().get("status").asText());
            }
        }
    }
}
