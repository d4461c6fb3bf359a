package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32: the server took reports the command line refuses, and one report whose result the
 * database refused (SQLITE_TOOBIG) stayed pending forever with the reports claimed in its batch.
 * Through the real HTTP server, on SQLite.
 */
class IngestLimitsTest {
    @TempDir
    Path data;

    /** A crashreport/1 with {@code threads} threads of {@code frames} frames each (unknown addresses). */
    static byte[] report(int threads, int frames) {
        StringBuilder sb = new StringBuilder("{\"schema\":\"crashreport/1\",\"process\":{\"name\":\"Big\",\"arch\":\"arm64\"},"
                + "\"crash\":{\"signal\":\"SIGSEGV\",\"thread\":0},\"images\":[],\"threads\":[");
        for (int t = 0; t < threads; t++) {
            sb.append(t == 0 ? "" : ",").append("{\"id\":").append(t).append(",\"frames\":[");
            for (int f = 0; f < frames; f++) {
                sb.append(f == 0 ? "" : ",").append("\"0x").append(Integer.toHexString(0x10000 + f)).append('"');
            }
            sb.append("]}");
        }
        return sb.append("]}").toString().getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void reportsOverTheCommandLineLimitsAreRefusedBeforeAnythingIsStored() throws Exception {
        try (CrashkitServer server = CrashkitServer.start(ServerConfig.local(data, 0)
                .withLimits(16L << 20, 8L << 20), m -> { })) {
            Http http = new Http(server.port());
            // 10,001 threads: over the command line's --max-threads (10,000).
            Http.Response threads = http.post("/api/reports", report(10_001, 0));
            assertEquals(400, threads.status(), threads.body());
            assertTrue(threads.json().get("error").asText().contains("10001 threads, over the limit of 10000"),
                    threads.body());
            // 1,000,001 frames (7 MB): over --max-frames (1,000,000).
            Http.Response frames = http.post("/api/reports", report(1, 1_000_001));
            assertEquals(400, frames.status(), frames.body());
            assertTrue(frames.json().get("error").asText().contains("1000001 frames, over the limit of 1000000"),
                    frames.body());
            // Over the size limit: 413, with the limit named.
            Http.Response big = http.post("/api/reports", new byte[(16 << 20) + 1]);
            assertEquals(413, big.status(), big.body());
            assertTrue(big.json().get("error").asText().contains("limit"), big.body());
            assertEquals(0, http.get("/api/reports").json().get("reports").size(), "nothing stored");
        }
    }

    /**
     * A report whose result the database refuses (here SQLite's length limit lowered to 150 KB; in
     * the campaign a 51 MB report's result over SQLite's 1 GB) is marked failed with the reason, and
     * the small report claimed in the same batch is symbolicated.
     */
    @Test
    void aResultTheDatabaseRefusesFailsOnlyItsReport() throws Exception {
        ServerConfig config = ServerConfig.local(data, 0)
                .withDb("jdbc:sqlite:" + data.resolve("crashkit.db").toAbsolutePath() + "?limit_length=150000");
        String big;
        String small;
        // No workers: both reports wait in the queue, to be claimed in one batch by the next server.
        try (CrashkitServer server = CrashkitServer.start(config.withWorkers(0), m -> { })) {
            Http http = new Http(server.port());
            Http.Response b = http.post("/api/reports", report(4, 1000)); // 40 KB, its result some 300 KB
            assertEquals(201, b.status(), b.body());
            big = b.json().get("id").asText();
            Http.Response s = http.post("/api/reports", TestData.bytes("reports/sample-crash.json"));
            assertEquals(201, s.status(), s.body());
            small = s.json().get("id").asText();
        }
        try (CrashkitServer server = CrashkitServer.start(config.withWorkers(1), m -> { })) {
            Http http = new Http(server.port());
            http.awaitSymbolicated(small, "partial");
            JsonNode failed = http.awaitSymbolicated(big, "failed");
            assertTrue(failed.get("error").asText().startsWith("cannot store the result: "), failed.toString());
        }
    }
}
