package dev.crashkit.symbolicate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.symbolicate.Fixtures;
import dev.crashkit.symbolicate.sources.SymbolServer;
import dev.crashkit.symbolicate.sources.TestSymbolServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * symbolicate, batch and atos with --symbol-server against a real HTTP server on loopback: the
 * answers equal those from the same debug files given with --dsym.
 */
class SymbolServerCliTest {
    static final String APP = "4C4C44F2-5555-3144-A157-E368F8FB0F1A";
    static final String APP_PATH = "4c/4c44f255553144a157e368f8fb0f1a/debuginfo";
    static final String LIB_PATH = "4c/4c44fb55553144a19ec7c80a326962/debuginfo";
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    final List<TestSymbolServer> servers = new ArrayList<>();

    @AfterEach
    void stop() {
        servers.forEach(TestSymbolServer::close);
    }

    TestSymbolServer server() throws IOException {
        TestSymbolServer s = new TestSymbolServer(Files.createTempDirectory(tmp, "served"));
        servers.add(s);
        return s;
    }

    TestSymbolServer appServer() throws IOException {
        return server()
                .put(APP_PATH, Fixtures.testdata("macho/App-arm64.dSYM/Contents/Resources/DWARF/App-arm64"))
                .put(LIB_PATH, Fixtures.testdata("macho/libCrashKitUtil.dylib.dSYM/Contents/Resources/DWARF/libCrashKitUtil.dylib"));
    }

    String cache() {
        return tmp.resolve("cache").toString();
    }

    /** The frames of a symbolicated/1 document. */
    static JsonNode threads(Path json) throws IOException {
        return JSON.readTree(json.toFile()).path("threads");
    }

    @Test
    void symbolicateWithAServerEqualsSymbolicateWithTheDsyms() throws IOException {
        TestSymbolServer s = appServer();
        Path viaServer = tmp.resolve("server.json");
        Path viaDsym = tmp.resolve("dsym.json");
        CliTest.Run a = CliTest.run("testdata/reports/sample-crash.json", "--symbol-server", "unified=" + s.url(),
                "--cache-dir", cache(), "--format", "json", "-o", viaServer.toString());
        CliTest.Run b = CliTest.run("testdata/reports/sample-crash.json", "--dsym", "testdata/macho", "--no-cache",
                "--format", "json", "-o", viaDsym.toString());
        assertEquals(b.code(), a.code(), a.err());
        assertEquals(threads(viaDsym), threads(viaServer));
        assertEquals("", a.err(), "a miss is not a warning");
        JsonNode app = JSON.readTree(viaServer.toFile()).path("images").get(0);
        assertEquals("ok", app.path("status").asText());
        assertTrue(app.path("debug_file").asText().endsWith("symbols/4c/4c44f255553144a157e368f8fb0f1a/debuginfo"), app.toString());
    }

    @Test
    void onlyImagesThatFramesPointIntoAreFetched() throws IOException {
        ObjectNode report = (ObjectNode) JSON.readTree(Fixtures.testdata("reports/sample-crash.json").toFile());
        ObjectNode unused = ((ArrayNode) report.get("images")).addObject();
        unused.put("name", "Unused.dylib").put("uuid", "11111111-2222-3333-4444-555555555555")
                .put("load_address", "0x200000000").put("size", "0x1000");
        Path input = tmp.resolve("report.json");
        JSON.writeValue(input.toFile(), report);
        TestSymbolServer s = appServer();
        CliTest.Run r = CliTest.run(input.toString(), "--symbol-server", "unified=" + s.url(), "--cache-dir", cache());
        assertEquals(ExitCodes.MISSING_DEBUG_FILES, r.code(), r.err());
        assertFalse(s.paths().stream().anyMatch(p -> p.contains("11111111")), s.paths().toString());
        assertTrue(s.paths().contains("/" + APP_PATH), s.paths().toString());
        assertTrue(r.out().contains("ck_crash_null + 0"), r.out());
    }

    @Test
    void secondRunIsServedOfflineFromTheCache() throws IOException {
        TestSymbolServer s = appServer();
        CliTest.Run first = CliTest.run("testdata/reports/sample-crash.json", "--symbol-server", "unified=" + s.url(),
                "--cache-dir", cache());
        int asked = s.requests.size();
        s.close();
        CliTest.Run offline = CliTest.run("testdata/reports/sample-crash.json", "--symbol-server", "unified=" + s.url(),
                "--cache-dir", cache(), "--offline");
        assertEquals(first.out(), offline.out());
        assertEquals(asked, s.requests.size());
        assertEquals("", offline.err());
    }

    @Test
    void offlineWithoutACacheAsksNothing() throws IOException {
        TestSymbolServer s = appServer();
        CliTest.Run r = CliTest.run("testdata/reports/sample-crash.json", "--symbol-server", "unified=" + s.url(),
                "--cache-dir", cache(), "--offline");
        assertEquals(ExitCodes.MISSING_DEBUG_FILES, r.code());
        assertEquals(List.of(), s.paths());
        assertFalse(r.out().contains("ck_crash_null + 0"), r.out());
    }

    @Test
    void hostileAnswerIsOneWarningAndTheFramesStayAsTheyWere() throws IOException {
        TestSymbolServer s = appServer();
        s.behaviour = TestSymbolServer.Behaviour.WRONG_FILE;
        s.wrongFile = Fixtures.testdata("macho/App-x86_64.dSYM/Contents/Resources/DWARF/App-x86_64");
        CliTest.Run r = CliTest.run("testdata/reports/sample-crash.json", "--symbol-server", "unified=" + s.url(),
                "--cache-dir", cache());
        CliTest.Run none = CliTest.run("testdata/reports/sample-crash.json", "--no-cache");
        assertEquals(ExitCodes.MISSING_DEBUG_FILES, r.code());
        assertEquals(none.out(), r.out());
        List<String> lines = r.err().lines().toList();
        assertEquals(2, lines.size(), r.err()); // App and libCrashKitUtil, one line each
        assertTrue(lines.contains("warning: symbol server unified=" + s.url() + ": " + APP + ": rejected " + APP_PATH
                + ": wrong file: Mach-O with UUID 4C4C44A1-5555-3144-A19D-1E9DE7153F76"), r.err());
    }

    @Test
    void tokenIsSentButNeverPrinted() throws IOException {
        TestSymbolServer s = appServer();
        s.requiredAuthorization = "Bearer right-token";
        CliTest.Run wrong = CliTest.run("testdata/reports/sample-crash.json", "--symbol-server", "unified=" + s.url(),
                "--symbol-server-header", "unified=" + s.url(), "Authorization: Bearer wrong-token-4567",
                "--cache-dir", cache());
        assertFalse(wrong.err().contains("wrong-token-4567"), wrong.err());
        assertTrue(wrong.err().contains("HTTP 401"), wrong.err());
        CliTest.Run right = CliTest.run("testdata/reports/sample-crash.json", "--symbol-server", "unified=" + s.url(),
                "--symbol-server-header", "unified=" + s.url().replaceAll("/$", ""), "Authorization: Bearer right-token",
                "--cache-dir", cache());
        assertTrue(right.out().contains("ck_crash_null + 0"), right.err());
        assertEquals("Bearer right-token", s.requests.get(s.requests.size() - 1).header("Authorization"));
    }

    @Test
    void batchUsesTheServers() throws IOException {
        TestSymbolServer s = appServer();
        Path out = tmp.resolve("out");
        CliTest.Run r = CliTest.run("batch", "testdata/reports/sample-crash.json", "--out", out.toString(),
                "--format", "text", "--symbol-server", "unified=" + s.url(), "--cache-dir", cache());
        assertEquals(ExitCodes.OK, r.code(), r.err());
        String text = Files.readString(out.resolve("sample-crash.json.txt"));
        assertTrue(text.contains("ck_crash_null + 0"), text);
        JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
        assertFalse(summary.toString().contains(APP), summary.toString());
    }

    @Test
    void batchAsksOncePerIdentityNotOncePerReport() throws IOException {
        TestSymbolServer s = server(); // has nothing
        Path in = Files.createDirectories(tmp.resolve("in"));
        for (int i = 0; i < 6; i++) {
            Files.copy(Fixtures.testdata("reports/sample-crash.json"), in.resolve("r" + i + ".json"));
        }
        CliTest.Run r = CliTest.run("batch", in.toString(), "--out", tmp.resolve("out").toString(), "--jobs", "3",
                "--symbol-server", "unified=" + s.url(), "--cache-dir", cache());
        assertEquals(ExitCodes.OK, r.code(), r.err());
        // Four images with frames, two paths each (debuginfo, executable), whatever the number of reports.
        assertEquals(8, s.requests.size(), s.paths().toString());
        assertEquals(8, new java.util.HashSet<>(s.paths()).size());
        // And the next run believes the misses (negative cache, 1 h by default).
        CliTest.run("batch", in.toString(), "--out", tmp.resolve("out2").toString(),
                "--symbol-server", "unified=" + s.url(), "--cache-dir", cache());
        assertEquals(8, s.requests.size());
    }

    @Test
    void atosByUuidFromAServer() throws IOException {
        TestSymbolServer s = appServer();
        CliTest.Run local = CliTest.run("atos", "-o", "testdata/macho/App-arm64.dSYM", "0x100000880");
        CliTest.Run remote = CliTest.run("atos", "--uuid", APP, "--symbol-server", "unified=" + s.url(),
                "--cache-dir", cache(), "0x100000880");
        assertEquals(0, remote.code(), remote.err());
        assertEquals(local.out().replace("(in App-arm64)", "(in " + APP + ")"), remote.out());
        assertTrue(remote.out().startsWith("ck_crash_null (in " + APP + ")"), remote.out());

        TestSymbolServer elf = server().put("buildid/61372c34a6019eb2023a01e75d65249c5e528fb1/debuginfo",
                Fixtures.testdata("elf/debug/app-gcc.debug"));
        // -o names the image after the binary: app-gcc.debug is app-gcc (issue 11).
        CliTest.Run e1 = CliTest.run("atos", "-o", "testdata/elf/debug/app-gcc.debug", "0x1139");
        CliTest.Run e2 = CliTest.run("atos", "--uuid", "61372c34a6019eb2023a01e75d65249c5e528fb1",
                "--symbol-server", "debuginfod=" + elf.url(), "--cache-dir", cache(), "0x1139");
        assertEquals(e1.out().replace("(in app-gcc)", "(in 61372c34a6019eb2023a01e75d65249c5e528fb1)"), e2.out());

        CliTest.Run missing = CliTest.run("atos", "--uuid", "00112233445566778899aabbccddeeff",
                "--symbol-server", "unified=" + s.url(), "--cache-dir", cache(), "0x1");
        assertEquals(ExitCodes.INVALID_INPUT, missing.code());
        assertEquals("error: no debug file with UUID 00112233-4455-6677-8899-AABBCCDDEEFF in --dsym paths,"
                + " the download cache or symbol servers", missing.err().strip());
    }

    @Test
    void badServerOptionsAreUsageErrors() {
        CliTest.Run r = CliTest.run("testdata/reports/sample-crash.json", "--symbol-server", "symstore=http://x/");
        assertEquals(ExitCodes.USAGE, r.code());
        assertEquals("error: --symbol-server: unknown symbol server layout \"symstore\" (layouts: debuginfod, lldb, gdb, unified, breakpad)",
                r.err().lines().findFirst().orElse(""));
        CliTest.Run h = CliTest.run("testdata/reports/sample-crash.json", "--symbol-server", "gdb=http://x/",
                "--symbol-server-header", "gdb=http://y/", "Authorization: Bearer zzz-secret");
        assertEquals(ExitCodes.USAGE, h.code());
        assertFalse(h.err().contains("zzz-secret"), h.err());
        CliTest.Run ttl = CliTest.run("testdata/reports/sample-crash.json", "--symbol-server", "gdb=http://x/",
                "--negative-cache-ttl", "soon");
        assertEquals(ExitCodes.USAGE, ttl.code());
        assertTrue(ttl.err().startsWith("error: bad duration \"soon\""), ttl.err());
        CliTest.Run atos = CliTest.run("atos", "0x1");
        assertEquals(ExitCodes.USAGE, atos.code());
        assertTrue(atos.err().contains("give either -o PATH or --uuid ID"), atos.err());
    }

    @Test
    void durationsAndSizes() {
        assertEquals(java.time.Duration.ofHours(1), SymbolServerOptions.duration("1h"));
        assertEquals(java.time.Duration.ofSeconds(90), SymbolServerOptions.duration("90"));
        assertEquals(java.time.Duration.ZERO, SymbolServerOptions.duration("0"));
        assertEquals(java.time.Duration.ofMinutes(10), SymbolServerOptions.duration("PT10M"));
        assertEquals(4L << 30, SymbolServerOptions.size("4G"));
        assertEquals(512L << 10, SymbolServerOptions.size("512k"));
    }
}
