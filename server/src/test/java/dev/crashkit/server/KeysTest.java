package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Per-project keys with least privilege, with {@code --token} set: the admin token opens everything, a
 * project's ingest key (its DSN public key) only posts reports into that project, its upload token only
 * uploads debug files (sentry-cli's chunk upload into its own project included). 401 without a known
 * credential, 403 for a known one outside its rights.
 */
class KeysTest {
    private static final String ADMIN = "admin-token-for-keys-test-5d1e";

    @TempDir
    Path data;
    @TempDir
    Path home;
    CrashkitServer server;
    StringBuilder log = new StringBuilder();
    Http admin;
    JsonNode ios;
    JsonNode other;

    @BeforeEach
    void start() throws Exception {
        server = CrashkitServer.start(ServerConfig.local(data, 0).withToken(ADMIN).withUploadChunkSize(4096),
                IngestConfig.defaults(), m -> {
                    synchronized (log) {
                        log.append(m).append('\n');
                    }
                });
        admin = new Http(server.port(), Optional.of(ADMIN));
        ios = create("ios-app");
        other = create("other-app");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private JsonNode create(String name) throws Exception {
        Http.Response r = admin.post("/api/projects", ("{\"name\": \"" + name + "\"}").getBytes(StandardCharsets.UTF_8));
        assertEquals(201, r.status(), r.body());
        JsonNode made = r.json();
        assertTrue(made.get("upload_token").asText().startsWith("cku_"), "the upload token is answered once");
        assertTrue(made.get("has_upload_token").asBoolean());
        return made;
    }

    private Http as(String bearer) {
        return new Http(server.port(), Optional.ofNullable(bearer));
    }

    /** One request of the matrix: a method, a path, a body (for POST) and its headers. */
    private record Call(String name, String method, String path, byte[] body, String... headers) {
        Http.Response send(Http h) throws Exception {
            return method.equals("GET") ? h.get(path) : h.post(path, body, headers);
        }
    }

    @Test
    void eachCredentialReachesOnlyWhatItMay() throws Exception {
        String ingestKey = ios.get("public_key").asText();
        String uploadToken = ios.get("upload_token").asText();
        byte[] report = TestData.bytes("reports/sample-crash.json");
        byte[] notADebugFile = "not a debug file".getBytes(StandardCharsets.UTF_8);
        KSCrashSinkTest.KSCrashBody kscrash = KSCrashSinkTest.KSCrashBody.of(
                ("[" + Files.readString(TestData.path("third-party/kscrash/example-reports/Abort.json")) + "]")
                        .getBytes(StandardCharsets.UTF_8));
        byte[] emptyAssemble = "{}".getBytes(StandardCharsets.UTF_8);
        Map<String, Http> who = new LinkedHashMap<>();
        who.put("admin", admin);
        who.put("ingest", as(ingestKey));
        who.put("upload", as(uploadToken));
        who.put("none", as(null));
        who.put("wrong", as("not-" + ADMIN));
        who.put("other-upload", as(other.get("upload_token").asText()));

        // Expected status per credential, in the order of `who`. Where the credential passes, the handler's
        // own answer shows (400 for a body that is no debug file or no project, 404 for no such project).
        List<Object[]> matrix = List.of(
                row(new Call("post report", "POST", "/api/reports", report), 201, 201, 403, 401, 401, 403),
                row(new Call("post kscrash", "POST", "/api/kscrash", kscrash.bytes(), "Content-Type",
                        kscrash.contentType()), 201, 200, 403, 401, 401, 403),
                row(new Call("list reports", "GET", "/api/reports", null), 200, 403, 403, 401, 401, 403),
                row(new Call("list groups", "GET", "/api/groups", null), 200, 403, 403, 401, 401, 403),
                row(new Call("missing files", "GET", "/api/missing-debug-files", null), 200, 403, 403, 401, 401, 403),
                row(new Call("projects", "GET", "/api/projects", null), 200, 403, 403, 401, 401, 403),
                row(new Call("new project", "POST", "/api/projects", "{}".getBytes(StandardCharsets.UTF_8)),
                        400, 403, 403, 401, 401, 403),
                row(new Call("new upload token", "POST", "/api/projects/999/upload-token", new byte[0]),
                        404, 403, 403, 401, 401, 403),
                row(new Call("metrics", "GET", "/metrics", null), 200, 403, 403, 401, 401, 403),
                row(new Call("post debug file", "POST", "/api/debug-files", notADebugFile), 400, 403, 400, 401, 401, 400),
                row(new Call("chunk options", "GET", "/api/0/organizations/o/chunk-upload/", null),
                        200, 403, 200, 401, 401, 200),
                row(new Call("assemble own", "POST", "/api/0/projects/o/ios-app/files/difs/assemble/", emptyAssemble),
                        200, 403, 200, 401, 401, 403),
                row(new Call("assemble own by id", "POST", "/api/0/projects/o/" + ios.get("id").asInt()
                        + "/files/difs/assemble/", emptyAssemble), 200, 403, 200, 401, 401, 403),
                row(new Call("assemble other", "POST", "/api/0/projects/o/other-app/files/difs/assemble/",
                        emptyAssemble), 200, 403, 403, 401, 401, 200),
                // Sentry's store endpoint takes the DSN key (X-Sentry-Auth, ?sentry_key=), not a bearer credential.
                row(new Call("sentry store", "POST", "/api/" + ios.get("id").asInt() + "/store/",
                        "{}".getBytes(StandardCharsets.UTF_8)), 401, 401, 403, 401, 401, 403));
        List<String> wrong = new ArrayList<>();
        for (Object[] r : matrix) {
            Call call = (Call) r[0];
            int i = 1;
            for (Map.Entry<String, Http> w : who.entrySet()) {
                Http.Response got = call.send(w.getValue());
                int expected = (int) r[i++];
                if (got.status() != expected) {
                    wrong.add(call.name() + " as " + w.getKey() + ": " + got.status() + " (expected " + expected + ") "
                            + got.body());
                }
                if (got.status() == 401 || got.status() == 403) {
                    assertTrue(got.json().get("error").isTextual(), got.body());
                }
                for (String secret : new String[] {ADMIN, ingestKey, uploadToken}) {
                    assertFalse(got.body().contains(secret) && !call.name().equals("projects"),
                            call.name() + " as " + w.getKey() + " echoes a secret: " + got.body());
                }
            }
        }
        assertEquals(List.of(), wrong);
        assertEquals(403, as(ingestKey).get("/api/reports/" + "0".repeat(32)).status());
        // The upload tokens' values appear nowhere but in the answers that made them; nothing secret is logged.
        assertFalse(admin.get("/api/projects").body().contains(uploadToken));
        String logged = log.toString();
        for (String secret : new String[] {ADMIN, ingestKey, uploadToken}) {
            assertFalse(logged.contains(secret), "a secret in the log");
        }
    }

    private static Object[] row(Call call, int... statuses) {
        Object[] r = new Object[statuses.length + 1];
        r[0] = call;
        for (int i = 0; i < statuses.length; i++) {
            r[i + 1] = statuses[i];
        }
        return r;
    }

    @Test
    void reportsPostedWithAnIngestKeyBelongToItsProject() throws Exception {
        Http device = as(other.get("public_key").asText());
        Http.Response posted = device.post("/api/reports", TestData.bytes("reports/sample-crash.json"));
        assertEquals(201, posted.status(), posted.body());
        JsonNode report = admin.get("/api/reports/" + posted.json().get("id").asText()).json();
        assertEquals(other.get("id").asText(), report.get("project").asText(), report.toString());
        KSCrashSinkTest.KSCrashBody kscrash = KSCrashSinkTest.KSCrashBody.of(
                ("[" + Files.readString(TestData.path("third-party/kscrash/example-reports/Abort.json")) + "]")
                        .getBytes(StandardCharsets.UTF_8));
        Http.Response ks = as(ios.get("public_key").asText()).post("/api/kscrash", kscrash.bytes(),
                "Content-Type", kscrash.contentType());
        assertEquals(201, ks.status(), ks.body());
        JsonNode ksReport = admin.get("/api/reports/" + ks.json().get("ids").get(0).asText()).json();
        assertEquals(ios.get("id").asText(), ksReport.get("project").asText(), ksReport.toString());
        Http.Response byAdmin = admin.post("/api/reports", TestData.bytes("reports/apple/ios-arm64.ips"));
        assertEquals("1", admin.get("/api/reports/" + byAdmin.json().get("id").asText()).json()
                .get("project").asText(), "the admin token posts into the default project (id 1)");
    }

    @Test
    void aNewUploadTokenReplacesTheOldAndTheDefaultProjectHasNoneUntilAsked() throws Exception {
        JsonNode projects = admin.get("/api/projects").json();
        JsonNode defaultProject = projects.get(0);
        assertEquals("default", defaultProject.get("name").asText());
        assertFalse(defaultProject.get("has_upload_token").asBoolean(), projects.toString());
        for (JsonNode p : projects) {
            assertFalse(p.has("upload_token"), "never listed: " + p);
        }
        byte[] lib = TestData.bytes("macho/libCrashKitUtil.dylib.dSYM/Contents/Resources/DWARF/libCrashKitUtil.dylib");
        String old = ios.get("upload_token").asText();
        Http.Response rotated = admin.post("/api/projects/" + ios.get("id").asInt() + "/upload-token", new byte[0]);
        assertEquals(201, rotated.status(), rotated.body());
        String fresh = rotated.json().get("upload_token").asText();
        assertFalse(fresh.equals(old));
        assertEquals(401, as(old).post("/api/debug-files?name=libCrashKitUtil.dylib", lib).status(),
                "the old token stops working");
        assertEquals(201, as(fresh).post("/api/debug-files?name=libCrashKitUtil.dylib", lib).status());

        Http.Response forDefault = admin.post("/api/projects/1/upload-token", new byte[0]);
        assertEquals(201, forDefault.status(), forDefault.body());
        assertTrue(admin.get("/api/projects").json().get(0).get("has_upload_token").asBoolean());
        Http.Response assembled = as(forDefault.json().get("upload_token").asText())
                .post("/api/0/projects/o/default/files/difs/assemble/", "{}".getBytes(StandardCharsets.UTF_8));
        assertEquals(200, assembled.status(), assembled.body());
        assertFalse(log.toString().contains(fresh) || log.toString().contains(old), "tokens are never logged");
        String page = admin.get("/projects").body();
        assertTrue(page.contains("<td class=\"upload-token\">set</td>"), "the page says a token exists: " + page);
        assertFalse(page.contains(fresh) || page.contains(forDefault.json().get("upload_token").asText()),
                "never its value");
    }

    private SentryCli.Run sentryCliUpload(String project, String token) throws Exception {
        return SentryCli.run(home, "--url", "http://127.0.0.1:" + server.port(), "--auth-token", token,
                "debug-files", "upload", "--org", "any-org", "--project", project,
                TestData.path("macho/App-arm64.dSYM").toString());
    }

    private long storedDebugFiles() throws Exception {
        try (Stream<Path> stored = Files.list(data.resolve("debug-files"))) {
            return stored.count();
        }
    }

    @Test
    void sentryCliUploadsWithItsProjectsUploadTokenOnly() throws Exception {
        SentryCli.Run withIngestKey = sentryCliUpload("ios-app", ios.get("public_key").asText());
        assertFalse(withIngestKey.exit() == 0, withIngestKey.output());
        SentryCli.Run intoAnotherProject = sentryCliUpload("ios-app", other.get("upload_token").asText());
        assertFalse(intoAnotherProject.exit() == 0, intoAnotherProject.output());
        assertEquals(0, storedDebugFiles(), "nothing stored by a refused upload");

        SentryCli.Run ok = sentryCliUpload("ios-app", ios.get("upload_token").asText());
        assertEquals(0, ok.exit(), ok.output());
        assertTrue(ok.output().contains("Uploaded 1 missing debug information file"), ok.output());
        assertEquals(1, storedDebugFiles());
        for (String out : new String[] {withIngestKey.output(), intoAnotherProject.output(), ok.output()}) {
            assertFalse(out.contains(ios.get("upload_token").asText()), "the server echoes no token: " + out);
        }
    }

    @Test
    void withoutAdminTokenEverythingStaysOpenAndAnIngestKeyStillPicksTheProject() throws Exception {
        server.close();
        server = CrashkitServer.start(ServerConfig.local(data, 0), IngestConfig.defaults(), m -> { });
        Http open = new Http(server.port());
        JsonNode ios = open.get("/api/projects").json().get(1);
        assertEquals("ios-app", ios.get("name").asText());
        Http device = as(ios.get("public_key").asText());
        Http.Response posted = device.post("/api/reports", TestData.bytes("reports/sample-crash.json"));
        assertEquals(201, posted.status(), posted.body());
        assertEquals(ios.get("id").asText(), open.get("/api/reports/" + posted.json().get("id").asText()).json()
                .get("project").asText());
        assertEquals(200, device.get("/api/reports").status(), "open without --token, as before");
        assertEquals(200, as("anything").get("/api/groups").status());
    }
}
