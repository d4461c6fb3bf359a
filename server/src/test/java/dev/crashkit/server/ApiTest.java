package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.group.CrashSignature;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import dev.crashkit.symbolicate.symbolize.Symbolizer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HTTP API against a server on SQLite, in-process. */
class ApiTest {
    @TempDir
    Path data;
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

    @Test
    void aMetricKitPayloadIsStoredAsOneReportPerDiagnosticOnceEvenWhenRetried() throws Exception {
        byte[] payload = TestData.bytes("reports/metrickit/app-payload.json");
        Http.Response created = http.post("/api/reports", payload, "X-Crashkit-Report-Id", "payload-1.json");
        assertEquals(201, created.status(), created.body());
        JsonNode ids = created.json().get("ids");
        assertEquals(3, ids.size(), created.body());
        assertEquals(ids.get(0).asText(), created.json().get("id").asText());
        int hangs = 0;
        for (JsonNode id : ids) {
            JsonNode r = http.awaitSymbolicated(id.asText(), "partial");
            assertEquals("metrickit", r.get("format").asText(), r.toString());
            hangs += r.get("symbolicated").path("kind").asText("").equals("hang") ? 1 : 0;
        }
        assertEquals(1, hangs, "the hang diagnostic is a hang");
        Http.Response again = http.post("/api/reports", payload, "X-Crashkit-Report-Id", "payload-1.json");
        assertEquals(200, again.status(), again.body());
        assertEquals(ids, again.json().get("ids"), "a retry finds each part again");
        assertEquals(3, http.get("/api/reports").json().get("reports").size());
    }

    @Test
    void aReportIsStoredSymbolicatedWhenItsDebugFilesArriveAndGrouped() throws Exception {
        byte[] report = TestData.bytes("reports/sample-crash.json");
        Http.Response created = http.post("/api/reports", report, "X-Crashkit-Report-Id", "spool-1.json");
        assertEquals(201, created.status(), created.body());
        String id = created.json().get("id").asText();

        // Nothing to symbolicate with yet: partial, with the images to upload listed.
        JsonNode partial = http.awaitSymbolicated(id, "partial");
        List<String> missing = texts(partial.get("missing"));
        assertTrue(missing.contains("4C4C44F2-5555-3144-A157-E368F8FB0F1A"), missing.toString());
        JsonNode waiting = http.get("/api/missing-debug-files").json();
        assertTrue(waiting.toString().contains("\"image\":\"App\""), waiting.toString());

        // The same upload again (the capture retrying): same id, nothing stored twice.
        Http.Response again = http.post("/api/reports", report, "X-Crashkit-Report-Id", "spool-1.json");
        assertEquals(200, again.status());
        assertEquals(id, again.json().get("id").asText());
        assertEquals(1, http.get("/api/reports").json().get("reports").size());

        // The dSYMs arrive (a zip of the bundle, and a bare DWARF file): the report is symbolicated again.
        Http.Response dsym = http.post("/api/debug-files?name=App-arm64.dSYM.zip",
                TestData.zip(TestData.path("macho/App-arm64.dSYM")));
        assertEquals(201, dsym.status(), dsym.body());
        assertTrue(dsym.json().get("ids").toString().contains("4C4C44F2-5555-3144-A157-E368F8FB0F1A"), dsym.body());
        Http.Response lib = http.post("/api/debug-files?name=libCrashKitUtil.dylib",
                TestData.bytes("macho/libCrashKitUtil.dylib.dSYM/Contents/Resources/DWARF/libCrashKitUtil.dylib"));
        assertEquals(201, lib.status(), lib.body());
        // dyld and libsystem_kernel stay unnamed: Apple's, listed apart, they do not keep the report partial.
        JsonNode done = awaitMissingCount(id, 0);
        assertEquals("symbolicated", done.get("status").asText());
        List<String> system = new ArrayList<>();
        done.get("missing_system").forEach(m -> system.add(m.get("image").asText()));
        assertEquals(List.of("dyld", "libsystem_kernel.dylib"), system);
        JsonNode frame0 = done.get("symbolicated").get("threads").get(0).get("frames").get(0);
        assertEquals("ck_crash_null", frame0.get("symbol").asText());

        // Grouped with the shared rule, computed here with the symbolicator directly.
        Symbolizer sym = new Symbolizer(new ModuleCache(DebugFileIndex.scan(List.of(TestData.path("macho")), m -> { })),
                Optional.of(DemangleStyle.SIMPLIFIED));
        CrashSignature expected = CrashSignature.of(sym.symbolicate(
                ReportFormats.standard().read("r", report).model()));
        assertEquals(expected.id(), done.get("group").asText());
        JsonNode group = http.get("/api/groups/" + expected.id()).json();
        assertEquals("SIGSEGV in ck_crash_null", group.get("title").asText());
        assertEquals(1, group.get("count").asInt());
        assertEquals(30, group.get("per_day").size());
        assertEquals(1, http.get("/api/reports?group=" + expected.id()).json().get("reports").size());
        assertEquals(0, http.get("/api/reports?since=2999-01-01T00:00:00Z").json().get("reports").size());
    }

    @Test
    void everyFormatTheSymbolicatorReadsIsAcceptedAndProcessed() throws Exception {
        String[][] cases = {
            {"reports/ips/synthetic-macos-arm64.ips", "ips"},
            {"reports/crash/synthetic-macos12-tabs.crash", "apple_crash"},
            {"third-party/kscrash/example-reports/Abort.json", "kscrash"},
            {"third-party/plcrashreporter/appcenter/live_report_exception.plcrash", "plcrash"},
            {"third-party/sentry-crashprobe/release-arm64/Call abort().json", "sentry"},
        };
        for (String[] c : cases) {
            Http.Response r = http.post("/api/reports", TestData.bytes(c[0]));
            assertEquals(201, r.status(), c[0] + ": " + r.body());
            String id = r.json().get("id").asText();
            JsonNode done = null;
            for (int i = 0; i < 600; i++) {
                done = http.get("/api/reports/" + id).json();
                if (!done.get("status").asText().equals("pending")) {
                    break;
                }
                Thread.sleep(50);
            }
            assertEquals(c[1], done.get("format").asText(), c[0]);
            assertTrue(List.of("symbolicated", "partial").contains(done.get("status").asText()), c[0] + ": " + done);
            assertTrue(done.get("symbolicated").get("threads").size() > 0, c[0]);
            assertTrue(done.get("group").isTextual(), c[0]);
        }
    }

    @Test
    void badBodiesAreRefusedAndNothingIsStored() throws Exception {
        Http.Response notReport = http.post("/api/reports", "{\"hello\": 1}".getBytes(StandardCharsets.UTF_8));
        assertEquals(400, notReport.status());
        assertTrue(notReport.json().get("error").asText().contains("not a crash report"), notReport.body());
        assertEquals(400, http.post("/api/reports", new byte[0]).status());
        Http.Response big = http.post("/api/reports", new byte[3 * 1024 * 1024]);
        assertEquals(413, big.status(), big.body());
        assertEquals(0, http.get("/api/reports").json().get("reports").size());
        Http.Response notDebug = http.post("/api/debug-files?name=x.bin", new byte[4096]);
        assertEquals(400, notDebug.status(), notDebug.body());
        assertEquals(413, http.post("/api/debug-files", new byte[9 * 1024 * 1024]).status());
        assertEquals(404, http.get("/api/reports/nope").status());
        assertEquals("not found", http.get("/api/nothing-here").json().get("error").asText());
        assertEquals(400, http.get("/api/reports?limit=abc").status());
        try (Stream<Path> files = Files.list(data.resolve("debug-files"))) {
            assertEquals(0, files.count(), "refused uploads leave no file");
        }
        try (Stream<Path> files = Files.list(data.resolve("tmp"))) {
            assertEquals(0, files.count(), "nor temporary files");
        }
    }

    @Test
    void anArchiveMemberNamedToEscapeStaysInsideTheStore() throws Exception {
        Path dwarf = TestData.path("macho/libCrashKitUtil.dylib.dSYM/Contents/Resources/DWARF/libCrashKitUtil.dylib");
        Http.Response r = http.post("/api/debug-files?name=../../evil.zip", TestData.zipOf("../../../evil-member", dwarf));
        // The traversal member is refused by the index (as in the CLI): no identity found, 400, nothing kept.
        assertEquals(400, r.status(), r.body());
        try (Stream<Path> walk = Files.walk(data.getParent(), 1)) {
            assertFalse(walk.anyMatch(p -> p.getFileName().toString().startsWith("evil")));
        }
        try (Stream<Path> walk = Files.walk(data)) {
            assertFalse(walk.anyMatch(p -> p.getFileName().toString().contains("evil")));
        }
    }

    @Test
    void healthAndMetrics() throws Exception {
        assertEquals(200, http.get("/healthz").status());
        http.post("/api/reports", TestData.bytes("reports/sample-crash.json"));
        String metrics = http.get("/metrics").body();
        assertTrue(metrics.contains("crashkit_reports_received_total 1"), metrics);
        assertTrue(metrics.contains("crashkit_symbolication_queue_depth"), metrics);
        assertTrue(metrics.contains("crashkit_symbolication_latency_seconds_bucket{le=\"+Inf\"}"), metrics);
    }

    private JsonNode awaitMissingCount(String id, int count) throws Exception {
        JsonNode last = null;
        for (int i = 0; i < 600; i++) {
            last = http.get("/api/reports/" + id).json();
            if (last.get("missing").size() == count && !last.get("status").asText().equals("pending")) {
                return last;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("missing list never shrank to " + count + ": " + last);
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
