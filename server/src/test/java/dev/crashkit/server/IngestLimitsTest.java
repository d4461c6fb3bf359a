package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import dev.crashkit.server.bench.ServerProcess;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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
    void reportsOverTheServersLimitsAreRefusedBeforeAnythingIsStored() throws Exception {
        try (CrashkitServer server = CrashkitServer.start(ServerConfig.local(data, 0)
                .withLimits(16L << 20, 8L << 20), m -> { })) {
            Http http = new Http(server.port());
            // 2,001 threads: over the server's default --max-threads (2,000; the command line's is 10,000).
            Http.Response threads = http.post("/api/reports", report(2_001, 0));
            assertEquals(400, threads.status(), threads.body());
            assertTrue(threads.json().get("error").asText().contains("2001 threads, over the limit of 2000 (see --max-threads)"),
                    threads.body());
            // 250,001 frames: over the server's default --max-frames (250,000; the command line's is 1,000,000).
            Http.Response frames = http.post("/api/reports", report(1, 250_001));
            assertEquals(400, frames.status(), frames.body());
            assertTrue(frames.json().get("error").asText().contains("250001 frames, over the limit of 250000 (see --max-frames)"),
                    frames.body());
            // Over the size limit: 413, with the limit named.
            Http.Response big = http.post("/api/reports", new byte[(16 << 20) + 1]);
            assertEquals(413, big.status(), big.body());
            assertTrue(big.json().get("error").asText().contains("limit"), big.body());
            assertEquals(0, http.get("/api/reports").json().get("reports").size(), "nothing stored");
        }
    }

    @Test
    void threadAndFrameLimitsAreOptions() throws Exception {
        try (CrashkitServer server = CrashkitServer.start(ServerConfig.local(data, 0).withShapeLimits(3, 10), m -> { })) {
            Http http = new Http(server.port());
            Http.Response threads = http.post("/api/reports", report(4, 1));
            assertEquals(400, threads.status(), threads.body());
            assertTrue(threads.json().get("error").asText().contains("4 threads, over the limit of 3 (see --max-threads)"),
                    threads.body());
            Http.Response frames = http.post("/api/reports", report(3, 4));
            assertEquals(400, frames.status(), frames.body());
            assertTrue(frames.json().get("error").asText().contains("12 frames, over the limit of 10 (see --max-frames)"),
                    frames.body());
            assertEquals(201, http.post("/api/reports", report(2, 5)).status());
            assertEquals(1, http.get("/api/reports").json().get("reports").size());
        }
    }

    /**
     * Issue 32: a report at the limits (250,000 frames in one thread; 2,000 threads of 125 frames) in a
     * server of 256 MB of heap: it stays alive and answers, stores each report's top frames (512 a thread,
     * 20,000 in all) with what it left out counted, serves pages under a megabyte saying so, and
     * symbolicates the small report sent after them.
     */
    @Test
    void reportsAtTheLimitsStayBoundedInASmallHeap() throws Exception {
        byte[] deep = report(1, 250_000);
        byte[] wide = report(2_000, 125);
        try (ServerProcess server = ServerProcess.start(data, List.of("-Xmx256m"), List.of("--workers", "1"))) {
            Http http = new Http(server.port());
            Http.Response d = http.post("/api/reports", deep);
            assertEquals(201, d.status(), d.body());
            Http.Response w = http.post("/api/reports", wide);
            assertEquals(201, w.status(), w.body());
            Http.Response s = http.post("/api/reports", TestData.bytes("reports/sample-crash.json"));
            assertEquals(201, s.status(), s.body());
            http.awaitSymbolicated(s.json().get("id").asText(), "partial");

            JsonNode deepDone = http.awaitSymbolicated(d.json().get("id").asText(), "symbolicated");
            JsonNode doc = deepDone.get("symbolicated");
            assertEquals(512, doc.get("threads").get(0).get("frames").size());
            assertEquals(250_000 - 512, doc.get("omitted").get("frames").asLong());
            assertEquals(250_000, doc.get("omitted").get("threads").get(0).get("of").asLong());

            JsonNode wideDone = http.awaitSymbolicated(w.json().get("id").asText(), "symbolicated");
            JsonNode wdoc = wideDone.get("symbolicated");
            long kept = 0;
            for (JsonNode t : wdoc.get("threads")) {
                kept += t.get("frames").size();
            }
            assertEquals(20_000, kept, "the report's frame budget");
            assertEquals(2_000 * 125 - 20_000, wdoc.get("omitted").get("frames").asLong());

            for (Http.Response page : List.of(http.get("/reports/" + d.json().get("id").asText()),
                    http.get("/reports/" + w.json().get("id").asText()))) {
                assertEquals(200, page.status());
                assertTrue(page.body().length() < 1_000_000, "page of " + page.body().length() + " characters");
                assertTrue(page.body().contains("were not symbolicated or stored: past the frame budget of the server"),
                        "the note");
            }
            assertTrue(http.get("/reports/" + w.json().get("id").asText()).body().contains("1900 more thread(s) not shown "
                    + "on this page; GET /api/reports/{id} gives all that is stored; 230000 frames of this report were not "
                    + "symbolicated or stored: past the frame budget of the server"));
            assertEquals("ok\n", http.get("/healthz").body());
        }
    }

    /**
     * Issue 32: a 156 MB debug-file upload took the server to 4.7 GB. A 150 MB upload (a real ELF followed by
     * zeros) into a server of 96 MB of heap: streamed to disk, identified by its build-id, stored; the server answers.
     */
    @Test
    void aLargeDebugFileUploadFitsASmallHeap() throws Exception {
        Path upload = data.resolve("upload.bin");
        Files.copy(TestData.path("elf/bin/app-clang"), upload);
        try (var out = Files.newOutputStream(upload, java.nio.file.StandardOpenOption.APPEND)) {
            byte[] zeros = new byte[1 << 20];
            for (int i = 0; i < 150; i++) {
                out.write(zeros);
            }
        }
        Path serverData = Files.createDirectories(data.resolve("server"));
        try (ServerProcess server = ServerProcess.start(serverData, List.of("-Xmx96m"), List.of("--workers", "1"))) {
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + server.port() + "/api/debug-files?name=app-clang"))
                    .timeout(Duration.ofSeconds(120)).POST(HttpRequest.BodyPublishers.ofFile(upload)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(201, r.statusCode(), r.body());
            JsonNode body = Http.JSON.readTree(r.body());
            assertEquals(Files.size(upload), body.get("size").asLong());
            assertEquals(1, body.get("ids").size(), r.body());
            // The build-id llvm-readelf gives (testdata/elf/golden/identity.tsv).
            String golden = Files.readAllLines(TestData.path("elf/golden/identity.tsv")).stream()
                    .filter(l -> l.startsWith("app-clang\t")).findFirst().orElseThrow().split("\t")[1];
            assertEquals(golden, body.get("ids").get(0).get("id").asText());
            assertEquals("ok\n", new Http(server.port()).get("/healthz").body());
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
