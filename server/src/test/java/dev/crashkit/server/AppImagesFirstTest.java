package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 31 item 5, app images first: a report is complete when the app's own images are named; system
 * images without symbols (Apple's, the distribution's libc) are listed apart and do not keep it partial,
 * and their debug files arriving later still name their frames. Real reports: an .ips of an iOS app
 * (App-ios-arm64 built by testdata/macho/build.sh), CrashProbe's Sentry events from an iOS device
 * (getsentry/symbolic, with its two dSYMs), and a crash our capture took of a C program on Debian 12 with
 * Debian's libc6-dbg symbol table.
 */
class AppImagesFirstTest {
    private static final String APP_IOS = "4C4C4483-5555-3144-A1F2-BD8E95AD3DA5";
    private static final String LIBSYSTEM_KERNEL_IOS = "142C8364-7806-8577-13E7-83E7EB04B39B";

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
    void anIpsWithTheAppsDsymIsSymbolicatedWithApplesImagesListedApart() throws Exception {
        String id = post("reports/apple/ios-arm64.ips");
        // The app's dSYM is not here yet: partial, waiting for it; Apple's libsystem_kernel listed apart.
        JsonNode partial = http.awaitSymbolicated(id, "partial");
        assertEquals(List.of(APP_IOS), texts(partial.get("missing")), partial.toString());
        assertEquals(List.of(LIBSYSTEM_KERNEL_IOS), ids(partial.get("missing_system")), partial.toString());
        JsonNode kernel = partial.get("missing_system").get(0);
        assertEquals("libsystem_kernel.dylib", kernel.get("image").asText());
        assertTrue(kernel.get("how").asText().contains("iOS DeviceSupport"), kernel.toString());

        Http.Response dsym = http.post("/api/debug-files?name=App-ios-arm64.dSYM.zip",
                TestData.zip(TestData.path("macho/App-ios-arm64.dSYM")));
        assertEquals(201, dsym.status(), dsym.body());
        JsonNode done = http.awaitSymbolicated(id, "symbolicated");
        assertEquals(List.of(), texts(done.get("missing")), done.toString());
        assertEquals(List.of(LIBSYSTEM_KERNEL_IOS), ids(done.get("missing_system")), done.toString());

        // /api/missing-debug-files: nothing of the app's left; Apple's image apart, with where to get it.
        JsonNode waiting = http.get("/api/missing-debug-files").json();
        assertEquals(1, waiting.size(), waiting.toString());
        assertEquals("system", waiting.get(0).get("origin").asText());
        assertEquals(LIBSYSTEM_KERNEL_IOS, waiting.get(0).get("debug_id").asText());
        assertTrue(waiting.get(0).get("how").asText().contains("iOS DeviceSupport"), waiting.toString());
    }

    @Test
    void crashProbesEventsWaitOnlyForTheAppsOwnFrameworkWithoutADsym() throws Exception {
        String id = post("third-party/sentry-crashprobe/release-arm64/Call abort().json");
        JsonNode before = http.awaitSymbolicated(id, "partial");
        // Frames fell into three of the app's images (CrashProbeiOS, CrashLibiOS, KSCrash) and 12 of Apple's.
        assertEquals(3, before.get("missing").size(), before.toString());
        assertEquals(12, before.get("missing_system").size(), before.toString());
        for (JsonNode m : before.get("missing_system")) {
            assertTrue(m.get("how").asText().contains("iOS DeviceSupport"), m.toString());
        }
        for (String uuid : List.of("54039061-A983-3323-A49D-837A894D667F", "3CD3E3CC-281E-3AF3-84EB-CDE6D56F0559")) {
            Http.Response r = http.post("/api/debug-files?name=" + uuid + ".dSYM.zip",
                    TestData.zip(TestData.path("third-party/sentry-crashprobe/dSYMs/" + uuid + ".dSYM")));
            assertEquals(201, r.status(), r.body());
        }
        // Both dSYMs there: only KSCrash (inside the app's bundle, no dSYM shipped) keeps it partial.
        JsonNode after = awaitUntil(id, r -> r.get("missing").size() == 1);
        assertEquals("partial", after.get("status").asText());
        List<String> images = new ArrayList<>();
        for (JsonNode m : http.get("/api/missing-debug-files").json()) {
            if (m.get("origin").asText().equals("app")) {
                images.add(m.get("image").asText());
            }
        }
        assertEquals(List.of("KSCrash"), images);
        assertEquals(12, after.get("missing_system").size(), after.toString());
    }

    @Test
    void aSystemDebugFileArrivingLaterNamesItsFramesInASymbolicatedReport() throws Exception {
        String id = post("reports/signal-frame/report.json");
        JsonNode partial = http.awaitSymbolicated(id, "partial");
        assertEquals(List.of("9e42d27d7d4440584b3486377e2bedc3939f2fcc"), texts(partial.get("missing")), partial.toString());
        assertEquals(List.of("93ac61ec5a8eb1396f9fbd350e3169a558528a40"), ids(partial.get("missing_system")));
        assertTrue(partial.get("missing_system").get(0).get("how").asText().contains("debuginfod"));

        assertEquals(201, http.post("/api/debug-files?name=sigcrash",
                TestData.bytes("reports/signal-frame/sigcrash")).status());
        JsonNode done = http.awaitSymbolicated(id, "symbolicated");
        assertEquals(1, done.get("missing_system").size(), done.toString());
        assertTrue(!done.toString().contains("__restore_rt"), "libc's frames unnamed while its symbols are missing");

        // Debian's libc symbol table arrives: the report is symbolicated again, its libc frames named.
        assertEquals(201, http.post("/api/debug-files?name=libc.so.6.debug",
                TestData.bytes("third-party/debian-glibc/libc.so.6.debug")).status());
        JsonNode again = awaitUntil(id, r -> r.get("missing_system").isEmpty());
        assertEquals("symbolicated", again.get("status").asText());
        assertTrue(again.get("symbolicated").toString().contains("\"__restore_rt\""), again.toString());
        assertEquals(0, http.get("/api/missing-debug-files").json().size());
    }

    private String post(String report) throws Exception {
        Http.Response r = http.post("/api/reports", TestData.bytes(report));
        assertEquals(201, r.status(), r.body());
        return r.json().get("id").asText();
    }

    private JsonNode awaitUntil(String id, Predicate<JsonNode> done) throws Exception {
        JsonNode last = null;
        for (int i = 0; i < 1200; i++) {
            last = http.get("/api/reports/" + id).json();
            if (!last.get("status").asText().equals("pending") && done.test(last)) {
                return last;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("report " + id + " never reached the state wanted: " + last);
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static List<String> ids(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.get("debug_id").asText()));
        return out;
    }
}
