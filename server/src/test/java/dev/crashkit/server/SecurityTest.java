package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Token checks, the loopback rule, and that the token never reaches the logs. */
class SecurityTest {
    private static final String TOKEN = "s3cret-token-for-tests-91c2";

    @TempDir
    Path data;

    @Test
    void withATokenEveryApiCallAndPageNeedsIt() throws Exception {
        StringBuilder log = new StringBuilder();
        try (CrashkitServer server = CrashkitServer.start(ServerConfig.local(data, 0).withToken(TOKEN),
                m -> log.append(m).append('\n'))) {
            Http anonymous = new Http(server.port());
            Http wrong = new Http(server.port(), Optional.of("not-" + TOKEN));
            Http right = new Http(server.port(), Optional.of(TOKEN));
            byte[] report = TestData.bytes("reports/sample-crash.json");
            for (Http h : new Http[] {anonymous, wrong}) {
                Http.Response r = h.post("/api/reports", report);
                assertEquals(401, r.status());
                assertEquals("missing or wrong bearer token", r.json().get("error").asText());
                assertEquals(401, h.get("/api/groups").status());
                assertEquals(401, h.get("/metrics").status());
                assertEquals(401, h.post("/api/debug-files", report).status());
                Http.Response page = h.get("/");
                assertEquals(401, page.status());
                assertTrue(page.body().contains("name=\"token\""), "the sign-in form answers");
                assertFalse(page.body().contains(TOKEN));
            }
            assertEquals(200, anonymous.get("/healthz").status());
            assertEquals(201, right.post("/api/reports", report).status());
            assertEquals(1, right.get("/api/reports").json().get("reports").size());
            assertEquals(200, right.get("/").status(), "the bearer header also works for pages");

            // The sign-in form sets a cookie holding a hash of the token, not the token.
            HttpClient client = HttpClient.newHttpClient();
            HttpResponse<String> login = client.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + server.port() + "/login"))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString("token=" + TOKEN)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(302, login.statusCode());
            String cookie = login.headers().firstValue("Set-Cookie").orElseThrow();
            assertFalse(cookie.contains(TOKEN));
            assertTrue(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"));
            HttpResponse<String> withCookie = client.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + server.port() + "/")).header("Cookie", cookie.split(";")[0])
                    .GET().build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, withCookie.statusCode());
            assertTrue(withCookie.body().contains("Crash groups"));
            // The cookie is for pages only: the API wants the bearer header.
            HttpResponse<String> apiWithCookie = client.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + server.port() + "/api/groups")).header("Cookie", cookie.split(";")[0])
                    .GET().build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(401, apiWithCookie.statusCode());
        }
        assertFalse(log.toString().contains(TOKEN), "the token is never logged");
    }

    @Test
    void withoutATokenOnlyLoopbackIsAllowed() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CrashkitServer.start(ServerConfig.local(data, 0).withBind("0.0.0.0"), m -> { }));
        assertTrue(e.getMessage().contains("without --token"), e.getMessage());
        assertTrue(CrashkitServer.isLoopback("127.0.0.1"));
        assertTrue(CrashkitServer.isLoopback("::1"));
        assertTrue(CrashkitServer.isLoopback("localhost"));
        assertFalse(CrashkitServer.isLoopback("0.0.0.0"));
        assertFalse(Files.exists(data.resolve("crashkit.db")), "refused before creating anything");
    }

    @Test
    void theCommandRefusesAPublicBindWithoutTokenWithExitCode2() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                ServerMain.class.getName(), "--bind", "0.0.0.0", "--port", "0", "--data", data.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(2, p.waitFor());
        assertEquals(1, out.strip().lines().count(), "one line: " + out);
        assertTrue(out.contains("refusing to listen on 0.0.0.0 without --token"), out);
        Process bad = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                ServerMain.class.getName(), "--db", "jdbc:mysql://x/y?password=hunter2", "--port", "0",
                "--data", data.toString()).redirectErrorStream(true).start();
        String badOut = new String(bad.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(3, bad.waitFor(), badOut);
        assertFalse(badOut.contains("hunter2"), "URL parameters (passwords) are not echoed: " + badOut);
        assertTrue(badOut.contains("unsupported database URL"), badOut);
    }

}
