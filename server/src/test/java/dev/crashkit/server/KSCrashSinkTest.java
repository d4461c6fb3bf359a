package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * KSCrash's uploader: bodies built as {@code KSCrashReportSinkStandard} builds them (kstenerud/KSCrash
 * 62039fc, Sources/KSCrashSinks/KSCrashReportSinkStandard.m and
 * Sources/KSCrashReportingCore/KSHTTPMultipartPostBody.m), with KSCrash's own example reports.
 */
class KSCrashSinkTest {
    private static final String[] REPORTS = {"Abort", "NSException", "BadPointer"};

    @TempDir
    java.nio.file.Path data;
    CrashkitServer server;
    Http http;

    @BeforeEach
    void start() throws Exception {
        server = CrashkitServer.start(ServerConfig.local(data, 0).withLimits(2 * 1024 * 1024, 8 * 1024 * 1024),
                m -> { });
        http = new Http(server.port());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /**
     * KSHTTPMultipartPostBody.data with the one field the sink appends: boundary a lower-case UUID without
     * dashes; {@code --B\r\n}, Content-Disposition with name and filename, Content-Type, blank line, the
     * data; then {@code \r\n--B--\r\n}.
     */
    record KSCrashBody(String contentType, byte[] bytes) {
        static KSCrashBody of(byte[] jsonArray) {
            String boundary = UUID.randomUUID().toString().toLowerCase().replace("-", "");
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.writeBytes(("--" + boundary + "\r\n").getBytes(StandardCharsets.UTF_8));
            out.writeBytes("Content-Disposition: form-data; name=\"reports\"; filename=\"reports.json\"\r\n"
                    .getBytes(StandardCharsets.UTF_8));
            out.writeBytes("Content-Type: application/json\r\n".getBytes(StandardCharsets.UTF_8));
            out.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
            out.writeBytes(jsonArray);
            out.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
            return new KSCrashBody("multipart/form-data; boundary=" + boundary, out.toByteArray());
        }
    }

    /** KSJSONCodec encode with KSJSONEncodeOptionSorted: keys sorted, no whitespace. */
    static JsonNode sorted(JsonNode n) {
        if (n.isObject()) {
            TreeMap<String, JsonNode> fields = new TreeMap<>();
            n.fields().forEachRemaining(e -> fields.put(e.getKey(), sorted(e.getValue())));
            ObjectNode o = JsonNodeFactory.instance.objectNode();
            fields.forEach(o::set);
            return o;
        }
        if (n.isArray()) {
            ArrayNode a = JsonNodeFactory.instance.arrayNode();
            n.forEach(c -> a.add(sorted(c)));
            return a;
        }
        return n;
    }

    /** The sink's array: dictionaries as objects, the last report as a string (a KSCrashReportString). */
    static byte[] reportsArray(String... names) throws Exception {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        for (int i = 0; i < names.length; i++) {
            byte[] report = TestData.bytes("third-party/kscrash/example-reports/" + names[i] + ".json");
            if (i == names.length - 1 && names.length > 1) {
                array.add(new String(report, StandardCharsets.UTF_8));
            } else {
                array.add(sorted(Http.JSON.readTree(report)));
            }
        }
        return Http.JSON.writeValueAsBytes(array);
    }

    private Http.Response send(String path, KSCrashBody body, String... headers) throws Exception {
        List<String> h = new ArrayList<>(List.of("Content-Type", body.contentType(), "User-Agent", "KSCrashReporter"));
        h.addAll(List.of(headers));
        return http.post(path, body.bytes(), h.toArray(String[]::new));
    }

    /**
     * With {@code --token} set, KSCrash (which sends no header of its own) posts to a project's URL with its
     * DSN key: {@code /api/ID/kscrash/?sentry_key=KEY}; the reports belong to that project. No key is 401,
     * another project's key 403, and {@code /api/kscrash} without the token 401.
     */
    @Test
    void withATokenKSCrashPostsToItsProjectsUrlWithTheProjectsKey(@TempDir java.nio.file.Path other) throws Exception {
        String token = "kscrash-admin-token";
        try (CrashkitServer guarded = CrashkitServer.start(ServerConfig.local(other, 0).withToken(token),
                IngestConfig.defaults().withProjects(List.of("ios-app")), m -> { })) {
            Http admin = new Http(guarded.port(), java.util.Optional.of(token));
            Http device = new Http(guarded.port());
            String iosKey = null;
            String defaultKey = null;
            long iosId = -1;
            JsonNode projects = admin.get("/api/projects").json();
            for (JsonNode p : projects.has("projects") ? projects.get("projects") : projects) {
                if (p.get("name").asText().equals("ios-app")) {
                    iosKey = p.get("public_key").asText();
                    iosId = p.get("id").asLong();
                } else {
                    defaultKey = p.get("public_key").asText();
                }
            }
            KSCrashBody body = KSCrashBody.of(reportsArray("Abort"));
            String path = "/api/" + iosId + "/kscrash/";
            assertEquals(401, device.post("/api/kscrash", body.bytes(), "Content-Type", body.contentType()).status());
            assertEquals(401, device.post(path, body.bytes(), "Content-Type", body.contentType()).status());
            assertEquals(403, device.post(path + "?sentry_key=" + defaultKey, body.bytes(),
                    "Content-Type", body.contentType()).status());
            Http.Response r = device.post(path + "?sentry_key=" + iosKey, body.bytes(), "Content-Type", body.contentType());
            assertEquals(201, r.status(), r.body());
            String id = r.json().get("ids").get(0).asText();
            JsonNode stored = admin.get("/api/reports/" + id).json();
            assertEquals(String.valueOf(iosId), stored.get("project").asText(), stored.toString());
            assertEquals(List.of(id), TriageFlows.allPages(admin, "/api/reports?project=" + iosId, "reports", 10));
            assertEquals(1, admin.get("/api/reports").json().get("reports").size(), "the refused posts stored nothing");
        }
    }

    @Test
    void aBatchIsStoredAsOneReportEachAndAResentBatchStoresNothingTwice() throws Exception {
        KSCrashBody body = KSCrashBody.of(reportsArray(REPORTS));
        Http.Response r = send("/api/kscrash", body);
        assertEquals(201, r.status(), r.body());
        JsonNode ids = r.json().get("ids");
        assertEquals(REPORTS.length, ids.size(), r.body());
        assertEquals(0, r.json().get("errors").size());
        for (JsonNode id : ids) {
            JsonNode done = awaitDone(id.asText());
            assertEquals("kscrash", done.get("format").asText(), done.toString());
            assertTrue(done.get("symbolicated").get("threads").size() > 0, done.toString());
        }
        Http.Response again = send("/api/kscrash", body);
        assertEquals(200, again.status(), again.body());
        assertEquals(ids, again.json().get("ids"));
        // The same batch at the generic endpoint (a sink configured with /api/reports) finds them too.
        Http.Response generic = send("/api/reports", KSCrashBody.of(reportsArray(REPORTS)));
        assertEquals(200, generic.status(), generic.body());
        assertEquals(ids, generic.json().get("ids"));
        assertEquals(REPORTS.length, http.get("/api/reports").json().get("reports").size());
    }

    @Test
    void gzipBodiesAndGzipPartsAreAccepted() throws Exception {
        KSCrashBody plain = KSCrashBody.of(reportsArray("Abort"));
        Http.Response whole = http.post("/api/reports", ChunkUploadApiTest.gzip(plain.bytes()),
                "Content-Type", plain.contentType(), "Content-Encoding", "gzip");
        assertEquals(201, whole.status(), whole.body());
        Http.Response part = send("/api/kscrash", KSCrashBody.of(ChunkUploadApiTest.gzip(reportsArray("Zombie"))));
        assertEquals(201, part.status(), part.body());
        assertEquals(2, http.get("/api/reports").json().get("reports").size());
    }

    @Test
    void anUnreadableReportIsListedAndTheOthersAreStored() throws Exception {
        byte[] abort = TestData.bytes("third-party/kscrash/example-reports/Abort.json");
        byte[] array = ("[{\"hello\": 1}, " + new String(abort, StandardCharsets.UTF_8) + ", 7]")
                .getBytes(StandardCharsets.UTF_8);
        Http.Response r = send("/api/kscrash", KSCrashBody.of(array));
        assertEquals(201, r.status(), r.body());
        assertEquals(1, r.json().get("ids").size());
        assertEquals("[1]", r.json().get("index").toString());
        assertEquals(2, r.json().get("errors").size(), r.body());
        assertEquals(0, r.json().get("errors").get(0).get("index").asInt());
        assertEquals(2, r.json().get("errors").get(1).get("index").asInt());
        assertEquals(1, http.get("/api/reports").json().get("reports").size());
    }

    @Test
    void badUploadsAreRefusedWholeAndStoreNothing() throws Exception {
        byte[] abort = TestData.bytes("third-party/kscrash/example-reports/Abort.json");
        refused(http.post("/api/kscrash", abort, "Content-Type", "application/json"), 400, "multipart");
        refused(send("/api/kscrash", KSCrashBody.of("nope".getBytes(StandardCharsets.UTF_8))), 400, "not JSON");
        refused(send("/api/kscrash", KSCrashBody.of("{\"a\": 1}".getBytes(StandardCharsets.UTF_8))), 400, "not a JSON array");
        refused(send("/api/kscrash", KSCrashBody.of("[]".getBytes(StandardCharsets.UTF_8))), 400, "empty");
        refused(send("/api/kscrash", KSCrashBody.of("[{\"a\": 1}".getBytes(StandardCharsets.UTF_8))), 400, "not JSON");
        refused(send("/api/kscrash", KSCrashBody.of("[{\"a\": 1}] x".getBytes(StandardCharsets.UTF_8))), 400, "not JSON");
        refused(send("/api/kscrash", KSCrashBody.of("[{\"hello\": 1}]".getBytes(StandardCharsets.UTF_8))), 400,
                "no report in the upload could be read: reports[0]");
        refused(http.post("/api/kscrash", new Multipart("m").part("other", null, null, abort).body(),
                "Content-Type", "multipart/form-data; boundary=m"), 400, "without a 'reports' part");
        // A body cut off before the closing boundary, and one whose boundary is not the header's.
        Multipart cut = new Multipart("cut").part("reports", "reports.json", "application/json", abort);
        refused(http.post("/api/kscrash", cut.truncated(), "Content-Type", cut.contentType()), 400, "malformed multipart");
        refused(http.post("/api/kscrash", cut.body(), "Content-Type", "multipart/form-data; boundary=zzz"), 400, "");
        // 10,000 parts.
        Multipart many = new Multipart("many");
        for (int i = 0; i < 10_000; i++) {
            many.part("x" + i, null, null, new byte[] {'1'});
        }
        Http.Response r = http.post("/api/kscrash", many.body(), "Content-Type", many.contentType());
        assertTrue(r.status() == 400 || r.status() == 413, r.status() + " " + r.body());
        // More reports than a batch holds.
        StringBuilder big = new StringBuilder("[");
        for (int i = 0; i <= 1000; i++) {
            big.append(i == 0 ? "" : ",").append("{}");
        }
        refused(send("/api/kscrash", KSCrashBody.of(big.append(']').toString().getBytes(StandardCharsets.UTF_8))),
                413, "more than 1000");
        // Decompression bombs: the whole body, and the part (64 MiB of zeros; the limit is 2 MiB).
        byte[] zeros = new byte[64 * 1024 * 1024];
        KSCrashBody bombPart = KSCrashBody.of(ChunkUploadApiTest.gzip(zeros));
        refused(send("/api/kscrash", bombPart), 413, "once decompressed");
        KSCrashBody plain = KSCrashBody.of(zeros);
        refused(http.post("/api/kscrash", ChunkUploadApiTest.gzip(plain.bytes()), "Content-Type", plain.contentType(),
                "Content-Encoding", "gzip"), 413, "once decompressed");
        refused(http.post("/api/kscrash", new byte[] {1, 2, 3}, "Content-Type", plain.contentType(),
                "Content-Encoding", "gzip"), 400, "not valid gzip");
        KSCrashBody small = KSCrashBody.of(reportsArray("Abort"));
        refused(http.post("/api/kscrash", small.bytes(), "Content-Type", small.contentType(), "Content-Encoding", "br"),
                415, "Content-Encoding");
        assertEquals(0, http.get("/api/reports").json().get("reports").size());
        try (var tmp = java.nio.file.Files.list(data.resolve("tmp"))) {
            assertEquals(0, tmp.count(), "no temporary file left");
        }
    }

    @Test
    void aRawPlcrashBodyIsOneReport() throws Exception {
        byte[] plcrash = TestData.bytes("third-party/plcrashreporter/appcenter/live_report_exception.plcrash");
        Http.Response r = http.post("/api/reports", plcrash, "Content-Type", "application/octet-stream");
        assertEquals(201, r.status(), r.body());
        assertFalse(r.json().has("ids"), r.body());
        JsonNode done = awaitDone(r.json().get("id").asText());
        assertEquals("plcrash", done.get("format").asText());
        assertEquals(1, http.get("/api/reports").json().get("reports").size());
    }

    private void refused(Http.Response r, int status, String message) throws Exception {
        assertEquals(status, r.status(), r.body());
        assertTrue(r.json().get("error").asText().contains(message), r.body());
    }

    private JsonNode awaitDone(String id) throws Exception {
        JsonNode last = null;
        for (int i = 0; i < 600; i++) {
            last = http.get("/api/reports/" + id).json();
            if (!last.get("status").asText().equals("pending")) {
                return last;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("report " + id + " still pending: " + last);
    }
}
