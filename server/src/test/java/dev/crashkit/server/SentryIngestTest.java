package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.symbolicator.Demangling;
import dev.crashkit.symbolicator.OutputFormat;
import dev.crashkit.symbolicator.Symbolication;
import dev.crashkit.symbolicator.Symbolicator;
import dev.crashkit.symbolicator.SymbolicatorConfig;
import java.io.ByteArrayOutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sentry's ingest protocol: projects and DSNs, native events symbolicated frame for frame as the
 * Symbolicator library (the command line's engine) does for the same bytes, a minidump attachment as a
 * minidump report, and bad envelopes refused with nothing stored.
 */
class SentryIngestTest {
    static final List<String> DEBUG_FILES = List.of("macho", "minidump/sym");
    static final long REPORT_LIMIT = 2 * 1024 * 1024;

    @TempDir
    Path data;
    CrashkitServer server;
    Http http;
    JsonNode project;

    @BeforeEach
    void start() throws Exception {
        List<Path> files = DEBUG_FILES.stream().map(TestData::path).toList();
        server = CrashkitServer.start(ServerConfig.local(data, 0).withLimits(REPORT_LIMIT, 8 * 1024 * 1024)
                .withDsyms(files), IngestConfig.defaults().withProjects(List.of("ios-app")).withRateLimit(5), m -> { });
        http = new Http(server.port());
        JsonNode projects = http.get("/api/projects").json();
        project = projects.get(1);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void projectsListTheirDsnAndMoreCanBeMade() throws Exception {
        JsonNode projects = http.get("/api/projects").json();
        assertEquals(2, projects.size(), projects.toString());
        assertEquals("default", projects.get(0).get("name").asText());
        assertEquals(1, projects.get(0).get("id").asLong());
        assertEquals("ios-app", project.get("name").asText());
        String key = project.get("public_key").asText();
        assertTrue(key.matches("[0-9a-f]{32}"), key);
        assertEquals("http://" + key + "@127.0.0.1:" + server.port() + "/" + project.get("id").asLong(),
                project.get("dsn").asText());
        assertEquals("http://127.0.0.1:" + server.port() + "/api/" + project.get("id").asLong() + "/minidump/?sentry_key="
                + key, project.get("minidump_url").asText());
        String page = http.get("/projects").body();
        assertTrue(page.contains(project.get("dsn").asText()), "the UI shows the DSN");
        Http.Response made = http.post("/api/projects", "{\"name\":\"backend\"}".getBytes(StandardCharsets.UTF_8));
        assertEquals(201, made.status(), made.body());
        assertEquals(3, made.json().get("id").asLong());
        assertEquals(409, http.post("/api/projects", "{\"name\":\"backend\"}".getBytes(StandardCharsets.UTF_8)).status());
        assertEquals(400, http.post("/api/projects", "{\"name\":\"../x\"}".getBytes(StandardCharsets.UTF_8)).status());
        assertEquals(3, http.get("/api/projects").json().size());
    }

    @Test
    void theCommandLineTakesProjectsAPublicUrlAndARateLimit() throws Exception {
        IngestConfig c = ServerMain.parse("--project", "ios-app", "--project=backend", "--public-url",
                "https://crash.example.com", "--sentry-rate-limit", "120").ingestConfig();
        assertEquals(List.of("ios-app", "backend"), c.projects());
        assertEquals(java.util.Optional.of("https://crash.example.com"), c.publicUrl());
        assertEquals(120, c.sentryRatePerMinute());
        for (String[] bad : List.of(new String[] {"--project", "a b"}, new String[] {"--public-url", "ftp://x"},
                new String[] {"--public-url", "https://k@x/"}, new String[] {"--sentry-rate-limit", "-1"})) {
            org.junit.jupiter.api.Assertions.assertThrows(ServerMain.UsageException.class, () -> ServerMain.parse(bad),
                    String.join(" ", bad));
        }
    }

    @Test
    void aPublicUrlMakesTheDsns() throws Exception {
        server.close();
        server = CrashkitServer.start(ServerConfig.local(data, 0), IngestConfig.defaults()
                .withPublicUrl("https://crash.example.com/ck/"), m -> { });
        http = new Http(server.port());
        JsonNode p = http.get("/api/projects").json();
        String key = p.get(1).get("public_key").asText();
        assertEquals("https://" + key + "@crash.example.com/ck/2", p.get(1).get("dsn").asText(), "ios-app kept");
        assertEquals("https://crash.example.com/ck/api/2/minidump/?sentry_key=" + key,
                p.get(1).get("minidump_url").asText());
    }

    @Test
    void aSentryCocoaShapedEventIsSymbolicatedAsTheLibraryDoes() throws Exception {
        assertSymbolicatedAsLibrary("reports/sentry/sample-crash.cocoa.json", "5b1f5e8a7c9d4e2fa1b3c5d7e9f1a3b5");
    }

    @Test
    void aSentryNativeShapedEventWhoseStackIsOnTheExceptionIsSymbolicatedAsTheLibraryDoes() throws Exception {
        JsonNode stored = assertSymbolicatedAsLibrary("reports/sentry/sample-crash.native.json",
                "0c2e4a6b8d0f4a1c9e3b5d7f1a3c5e7f");
        JsonNode threads = stored.get("symbolicated").get("threads");
        assertEquals(1, threads.size(), "the exception's stack is the one thread");
        assertTrue(threads.get(0).get("frames").toString().contains("ck_crash_null"), threads.toString());
    }

    /** Posts an event in an envelope and compares the stored symbolication with the library's for the same bytes. */
    private JsonNode assertSymbolicatedAsLibrary(String event, String eventId) throws Exception {
        // dyld has no debug file here: Apple's, listed apart; it does not keep the report partial.
        JsonNode stored = assertSymbolicatedAsLibrary(event, eventId, "symbolicated");
        assertEquals("dyld", stored.get("missing_system").get(0).get("image").asText(), stored.toString());
        return stored;
    }

    private JsonNode assertSymbolicatedAsLibrary(String event, String eventId, String status) throws Exception {
        byte[] bytes = TestData.bytes(event);
        Http.Response r = http.post(envelopePath(), envelope("{\"event_id\":\"" + eventId + "\"}", item("event", bytes)),
                "X-Sentry-Auth", auth(), "Content-Type", "application/x-sentry-envelope");
        assertEquals(200, r.status(), r.body());
        assertEquals(eventId, r.json().get("id").asText());
        JsonNode stored = http.awaitSymbolicated(eventId, status);
        assertEquals("sentry", stored.get("format").asText());
        List<String> expected = frames(libraryJson(bytes));
        assertTrue(expected.size() > 3, expected.toString());
        assertEquals(expected, frames(stored.get("symbolicated")));
        return stored;
    }

    @Test
    void aLinuxSentryNativeEventFindsItsElfImageByCodeIdAndNamesFramesAsBreakpadDoes() throws Exception {
        // Frames placed from minidump_stackwalk's walk of crashy.dmp; its names and lines are the oracle.
        JsonNode stored = assertSymbolicatedAsLibrary("reports/sentry/crashy.native.json",
                "7a1c3e5f7b9d4f1a8c2e4a6c8e0a2c4e", "symbolicated");
        List<String> breakpad = new ArrayList<>();
        for (String line : java.nio.file.Files.readAllLines(TestData.path("minidump/golden/crashy.stackwalk-m.txt"))) {
            String[] f = line.split("\\|", -1);
            if (f.length == 7 && f[0].equals("0") && f[2].equals("crashy") && !f[3].isEmpty()) {
                breakpad.add(f[3] + " " + f[5]);
            }
        }
        // As MinidumpOracleTest compares with the same golden: per input frame, the concrete function (its
        // last entry, after the inlined calls) and the innermost entry's line (the line table's row).
        List<String> ours = new ArrayList<>();
        JsonNode innermost = null;
        int lastIndex = -1;
        for (JsonNode f : stored.get("symbolicated").get("threads").get(0).get("frames")) {
            if (f.get("index").asInt() != lastIndex) {
                innermost = f;
                lastIndex = f.get("index").asInt();
                ours.add("");
            }
            ours.set(ours.size() - 1, f.get("symbol").asText() + " "
                    + (innermost.path("line").isNull() ? "" : innermost.path("line").asText()));
        }
        assertEquals(breakpad, ours, stored.get("symbolicated").get("threads").get(0).toString());
    }

    @Test
    void aMinidumpAttachmentIsProcessedAsTheLibraryProcessesTheMinidump() throws Exception {
        byte[] dump = TestData.bytes("minidump/crashy.dmp");
        String eventId = "3f1e5d7c9b0a4e6c8d2f4a6b8c0e2a4c";
        byte[] event = ("{\"event_id\":\"" + eventId + "\",\"platform\":\"native\",\"level\":\"fatal\"}")
                .getBytes(StandardCharsets.UTF_8);
        byte[] body = envelope("{\"event_id\":\"" + eventId + "\",\"dsn\":\"" + project.get("dsn").asText() + "\"}",
                item("event", event),
                item("attachment\",\"attachment_type\":\"event.minidump\",\"filename\":\"crashy.dmp", dump));
        // The key in the envelope header alone (as sentry-native's crashpad backend sends it).
        Http.Response r = http.post(envelopePath(), gzip(body), "Content-Encoding", "gzip");
        assertEquals(200, r.status(), r.body());
        JsonNode stored = http.awaitSymbolicated(eventId, "symbolicated");
        assertEquals("minidump", stored.get("format").asText());
        assertEquals(frames(libraryJson(dump)), frames(stored.get("symbolicated")));
        assertTrue(frames(stored.get("symbolicated")).toString().contains("crash"), stored.toString());
    }

    @Test
    void theMinidumpEndpointTakesCrashpadsMultipartUpload() throws Exception {
        byte[] dump = TestData.bytes("minidump/crashy.dmp");
        String boundary = "crashpad-boundary-1234";
        ByteArrayOutputStream form = new ByteArrayOutputStream();
        form.write(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"sentry[release]\"\r\n\r\n1.0\r\n"
                + "--" + boundary + "\r\nContent-Disposition: form-data; name=\"upload_file_minidump\"; "
                + "filename=\"crashy.dmp\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        form.write(dump);
        form.write(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        Http.Response r = http.post("/api/" + project.get("id").asLong() + "/minidump/?sentry_key="
                + project.get("public_key").asText(), form.toByteArray(), "Content-Type",
                "multipart/form-data; boundary=" + boundary);
        assertEquals(200, r.status(), r.body());
        String id = r.body().strip().replace("-", "");
        assertEquals(32, id.length(), r.body());
        JsonNode stored = http.awaitSymbolicated(id, "symbolicated");
        assertEquals(frames(libraryJson(dump)), frames(stored.get("symbolicated")));
        assertEquals(403, http.post("/api/" + project.get("id").asLong() + "/minidump/?sentry_key=0123",
                form.toByteArray(), "Content-Type", "multipart/form-data; boundary=" + boundary).status());
    }

    @Test
    void storeDeflateDuplicatesDashedIdsAndDroppedItems() throws Exception {
        byte[] event = TestData.bytes("reports/sentry/sample-crash.cocoa.json");
        String dashedId = "5b1f5e8a-7c9d-4e2f-a1b3-c5d7e9f1a3b5";
        String withDash = new String(event, StandardCharsets.UTF_8)
                .replace("5b1f5e8a7c9d4e2fa1b3c5d7e9f1a3b5", dashedId);
        Http.Response r = http.post("/api/" + project.get("id").asLong() + "/store/?sentry_key="
                + project.get("public_key").asText(), deflate(withDash.getBytes(StandardCharsets.UTF_8)),
                "Content-Encoding", "deflate");
        assertEquals(200, r.status(), r.body());
        assertEquals("5b1f5e8a7c9d4e2fa1b3c5d7e9f1a3b5", r.json().get("id").asText());
        // The same event again through the envelope endpoint: stored once.
        Http.Response again = http.post(envelopePath(), envelope("{}", item("event", event)), "X-Sentry-Auth", auth());
        assertEquals(200, again.status(), again.body());
        assertEquals(1, http.get("/api/reports").json().get("reports").size());
        assertEquals(200, http.get("/api/reports/5b1f5e8a7c9d4e2fa1b3c5d7e9f1a3b5").status());
        // Sessions, client reports, transactions, unknown items and a message event: accepted, nothing stored.
        byte[] others = envelope("{\"event_id\":\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"}",
                item("session", "{\"sid\":\"x\",\"status\":\"ok\"}".getBytes(StandardCharsets.UTF_8)),
                item("client_report", "{\"discarded_events\":[]}".getBytes(StandardCharsets.UTF_8)),
                item("transaction", "{\"type\":\"transaction\"}".getBytes(StandardCharsets.UTF_8)),
                item("something_new", new byte[] {1, 2, 3}),
                item("event", "{\"event_id\":\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\",\"message\":\"hi\"}"
                        .getBytes(StandardCharsets.UTF_8)));
        Http.Response dropped = http.post(envelopePath(), others, "X-Sentry-Auth", auth());
        assertEquals(200, dropped.status(), dropped.body());
        assertEquals("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", dropped.json().get("id").asText());
        assertEquals(1, http.get("/api/reports").json().get("reports").size());
    }

    @Test
    void badKeysBadEnvelopesAndBombsAreRefusedWithNothingStored() throws Exception {
        byte[] event = TestData.bytes("reports/sentry/sample-crash.cocoa.json");
        byte[] good = envelope("{}", item("event", event));
        assertEquals(401, http.post(envelopePath(), good).status(), "no key");
        Http.Response wrong = http.post(envelopePath(), good, "X-Sentry-Auth",
                "Sentry sentry_key=00000000000000000000000000000000, sentry_version=7");
        assertEquals(403, wrong.status());
        assertNotNull(wrong.json().get("error"));
        assertEquals(404, http.post("/api/99/envelope/", good, "X-Sentry-Auth", auth()).status());
        // The default project's key does not open another project.
        JsonNode other = http.get("/api/projects").json().get(0);
        assertEquals(403, http.post(envelopePath() + "?sentry_key=" + other.get("public_key").asText(), good).status());

        List<byte[]> bad = new ArrayList<>();
        bad.add("not json\n".getBytes(StandardCharsets.UTF_8));
        bad.add("{}\n{\"type\":\"event\",\"length\":99999}\n{}".getBytes(StandardCharsets.UTF_8));
        bad.add("{}\n{\"type\":\"event\",\"length\":-1}\n{}".getBytes(StandardCharsets.UTF_8));
        bad.add("{}\n{\"type\":\"event\",\"length\":2}\n{}}\n".getBytes(StandardCharsets.UTF_8));
        bad.add(envelope("{}", item("event", "{\"exception\":{\"values\":[{\"type\":\"X\",\"stacktrace\":{\"frames\":[1]}}]}}"
                .getBytes(StandardCharsets.UTF_8))));
        bad.add(envelope("{}", item("event", "[1,2]".getBytes(StandardCharsets.UTF_8))));
        bad.add(envelope("{\"event_id\":\"not-hex\"}", item("event", event)));
        bad.add(envelope("{}", item("event", event), item("event", event)));
        bad.add(envelope("{}", item("attachment\",\"attachment_type\":\"event.minidump",
                "MDMP but not really".getBytes(StandardCharsets.UTF_8))));
        StringBuilder many = new StringBuilder("{}\n");
        for (int i = 0; i < 10_000; i++) {
            many.append("{\"type\":\"session\",\"length\":2}\n{}\n");
        }
        bad.add(many.toString().getBytes(StandardCharsets.UTF_8));
        for (byte[] b : bad) {
            Http.Response r = http.post(envelopePath(), b, "X-Sentry-Auth", auth());
            assertEquals(400, r.status(), new String(b, 0, Math.min(b.length, 80), StandardCharsets.UTF_8) + " -> " + r.body());
            assertFalse(r.json().get("error").asText().isEmpty());
        }
        // A report over the limit, and a gzip bomb: 413 before anything is held whole.
        byte[] big = envelope("{}", item("attachment\",\"attachment_type\":\"event.minidump",
                new byte[(int) REPORT_LIMIT + 10]));
        assertEquals(413, http.post(envelopePath(), gzip(big), "X-Sentry-Auth", auth(), "Content-Encoding", "gzip")
                .status());
        byte[] bomb = gzip(new byte[64 * 1024 * 1024]);
        assertTrue(bomb.length < REPORT_LIMIT, "the bomb passes the compressed limit");
        Http.Response b = http.post(envelopePath(), bomb, "X-Sentry-Auth", auth(), "Content-Encoding", "gzip");
        assertEquals(413, b.status(), b.body());
        assertEquals(400, http.post(envelopePath(), "garbage".getBytes(StandardCharsets.UTF_8), "X-Sentry-Auth", auth(),
                "Content-Encoding", "gzip").status());
        assertEquals(0, http.get("/api/reports").json().get("reports").size());
        assertEquals("ok\n", http.get("/healthz").body(), "the server keeps running");
    }

    @Test
    void pastTheRateLimitA429TellsTheSdkWhenToComeBack() throws Exception {
        String template = new String(TestData.bytes("reports/sentry/sample-crash.cocoa.json"), StandardCharsets.UTF_8);
        int ok = 0;
        Http.Response limited = null;
        for (int i = 0; i < 6; i++) {
            String id = String.format("%032x", i + 1);
            byte[] event = template.replace("5b1f5e8a7c9d4e2fa1b3c5d7e9f1a3b5", id).getBytes(StandardCharsets.UTF_8);
            Http.Response r = http.post(envelopePath(), envelope("{}", item("event", event)), "X-Sentry-Auth", auth());
            if (r.status() == 200) {
                ok++;
            } else {
                limited = r;
            }
        }
        // The test started within a minute window: five pass, unless the window turned between them.
        assertNotNull(limited, "the sixth event in a minute is refused (5 per minute)");
        assertEquals(429, limited.status());
        assertEquals(5, ok);
        assertEquals(5, http.get("/api/reports").json().get("reports").size());
    }

    // --- helpers ---------------------------------------------------------------------------------

    private String envelopePath() {
        return "/api/" + project.get("id").asLong() + "/envelope/";
    }

    private String auth() {
        return "Sentry sentry_key=" + project.get("public_key").asText() + ", sentry_version=7, sentry_client=test/1";
    }

    /** An item: its header (type, and attachment fields spliced into the type text) with length, and payload. */
    static byte[] item(String type, byte[] payload) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(("{\"type\":\"" + type + "\",\"length\":" + payload.length + "}\n").getBytes(StandardCharsets.UTF_8));
        out.writeBytes(payload);
        out.write('\n');
        return out.toByteArray();
    }

    static byte[] envelope(String header, byte[]... items) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes((header + "\n").getBytes(StandardCharsets.UTF_8));
        for (byte[] i : items) {
            out.writeBytes(i);
        }
        return out.toByteArray();
    }

    static byte[] gzip(byte[] data) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(data);
        }
        return out.toByteArray();
    }

    static byte[] deflate(byte[] data) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DeflaterOutputStream z = new DeflaterOutputStream(out, new Deflater())) {
            z.write(data);
        }
        return out.toByteArray();
    }

    /** The symbolicated/1 JSON the library (the command line's engine) writes for these bytes. */
    static JsonNode libraryJson(byte[] report) throws Exception {
        SymbolicatorConfig config = SymbolicatorConfig.defaults()
                .withDebugFiles(DEBUG_FILES.stream().map(TestData::path).toList())
                .withDemangling(Demangling.SIMPLIFIED);
        try (Symbolicator s = Symbolicator.open(config)) {
            Symbolication result = s.symbolicate("report", report);
            StringWriter out = new StringWriter();
            result.write(OutputFormat.JSON, out);
            return Http.JSON.readTree(out.toString());
        }
    }

    /** Each frame of each thread as "thread/index address image symbol file:line status". */
    static List<String> frames(JsonNode symbolicated) {
        List<String> out = new ArrayList<>();
        for (JsonNode t : symbolicated.get("threads")) {
            for (JsonNode f : t.get("frames")) {
                out.add(t.path("id").asText() + "/" + f.path("index").asText() + " " + f.path("address").asText() + " "
                        + f.path("image").asText() + " " + f.path("symbol").asText() + " " + f.path("file").asText()
                        + ":" + f.path("line").asText() + " " + f.path("status").asText());
            }
        }
        return out;
    }
}
