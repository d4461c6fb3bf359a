package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code sentry-cli debug-files upload} (3.8.0, npm {@code @sentry/cli-linux-x64}) against a running
 * server: Sentry's chunked upload as the client speaks it, in chunks far smaller than the file.
 */
class SentryCliUploadTest {
    private static final String TOKEN = "sntrys-test-token-0123456789";
    private static final String APP_UUID = "4C4C44F2-5555-3144-A157-E368F8FB0F1A";
    private static final int CHUNK = 4096;

    @TempDir
    Path data;
    @TempDir
    Path home;
    CrashkitServer server;
    Http http;

    @BeforeEach
    void start() throws Exception {
        server = CrashkitServer.start(ServerConfig.local(data, 0).withToken(TOKEN).withUploadChunkSize(CHUNK),
                IngestConfig.defaults().withProjects(java.util.List.of("ios-app")), m -> { });
        http = new Http(server.port(), Optional.of(TOKEN));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private SentryCli.Run upload(Path path, String token) throws Exception {
        return SentryCli.run(home, "--url", "http://127.0.0.1:" + server.port(), "--auth-token", token,
                "debug-files", "upload", "--org", "any-org", "--project", "ios-app", path.toString());
    }

    @Test
    void aDsymUploadedBySentryCliSymbolicatesTheReportThatWaitedAndARepeatUploadsNothing() throws Exception {
        Http.Response created = http.post("/api/reports", TestData.bytes("reports/sample-crash.json"));
        assertEquals(201, created.status(), created.body());
        String id = created.json().get("id").asText();
        JsonNode before = http.awaitSymbolicated(id, "partial");
        assertTrue(before.get("missing").toString().contains(APP_UUID), before.toString());

        Path dsym = TestData.path("macho/App-arm64.dSYM");
        Path dwarf = dsym.resolve("Contents/Resources/DWARF/App-arm64");
        assertTrue(Files.size(dwarf) > 3 * CHUNK, "the file spans several chunks");
        SentryCli.Run first = upload(dsym, TOKEN);
        assertEquals(0, first.exit(), first.output());
        assertTrue(first.output().contains("Uploaded 1 missing debug information file"), first.output());
        assertTrue(first.output().contains("OK") && first.output().toLowerCase().contains(APP_UUID.toLowerCase()),
                first.output());

        // The file the chunks made is the file sentry-cli read, byte for byte.
        try (Stream<Path> stored = Files.list(data.resolve("debug-files"))) {
            assertEquals(List.of(sha256(dwarf)), stored.map(p -> p.getFileName().toString()).toList());
        }
        try (Stream<Path> left = Files.list(data.resolve("chunks"))) {
            assertEquals(0, left.filter(p -> !p.getFileName().toString().startsWith(".")).count(),
                    "chunks are deleted once assembled");
        }

        JsonNode after = awaitNotMissing(id, APP_UUID);
        JsonNode frame0 = after.get("symbolicated").get("threads").get(0).get("frames").get(0);
        assertEquals("ck_crash_null", frame0.get("symbol").asText(), after.toString());

        SentryCli.Run again = upload(dsym, TOKEN);
        assertEquals(0, again.exit(), again.output());
        assertTrue(again.output().contains("Nothing to upload, all files are on the server"), again.output());
        try (Stream<Path> stored = Files.list(data.resolve("debug-files"))) {
            assertEquals(1, stored.count());
        }
    }

    @Test
    void anElfDebugFileIsUploadedWhole() throws Exception {
        Path debug = TestData.path("elf/debug/app-gcc.debug");
        // sentry-cli's own reading of the file: the debug id it prints for it.
        SentryCli.Run check = SentryCli.run(home, "debug-files", "check", debug.toString());
        java.util.regex.Matcher id = java.util.regex.Pattern.compile("Debug ID: ([0-9a-f-]{36})").matcher(check.output());
        assertTrue(id.find(), check.output());
        SentryCli.Run r = upload(debug, TOKEN);
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("OK " + id.group(1) + " (app-gcc.debug; x86_64)"), r.output());
        try (Stream<Path> stored = Files.list(data.resolve("debug-files"))) {
            assertEquals(List.of(sha256(debug)), stored.map(p -> p.getFileName().toString()).toList());
        }
    }

    @Test
    void aWrongTokenIsRefused() throws Exception {
        SentryCli.Run r = upload(TestData.path("macho/App-arm64.dSYM"), "not-the-token");
        assertFalse(r.exit() == 0, r.output());
        try (Stream<Path> stored = Files.list(data.resolve("debug-files"))) {
            assertEquals(0, stored.count());
        }
    }

    private JsonNode awaitNotMissing(String id, String debugId) throws Exception {
        JsonNode last = null;
        for (int i = 0; i < 600; i++) {
            last = http.get("/api/reports/" + id).json();
            if (!last.get("missing").toString().contains(debugId) && !last.get("status").asText().equals("pending")) {
                return last;
            }
            Thread.sleep(50);
        }
        throw new AssertionError(debugId + " never left the missing list: " + last);
    }

    static String sha256(Path p) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
    }
}
