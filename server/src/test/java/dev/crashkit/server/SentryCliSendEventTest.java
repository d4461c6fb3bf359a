package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sentry-cli send-event} (the released binary) against a running server, given only the
 * project's DSN as {@code GET /api/projects} lists it: a saved native event file is stored under its
 * {@code event_id} and symbolicated; a message-only event is accepted (exit 0) and, having no stack,
 * stored as nothing.
 */
class SentryCliSendEventTest {
    private static final String TOKEN = "admin-token-for-send-event";

    @TempDir
    Path data;
    @TempDir
    Path home;
    CrashkitServer server;
    Http http;

    @BeforeEach
    void start() throws Exception {
        server = CrashkitServer.start(ServerConfig.local(data, 0).withToken(TOKEN).withDsyms(
                java.util.List.of(TestData.path("macho"))), m -> { });
        http = new Http(server.port(), Optional.of(TOKEN));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private String dsn() throws Exception {
        JsonNode projects = http.get("/api/projects").json();
        for (JsonNode p : projects.has("projects") ? projects.get("projects") : projects) {
            if (p.get("name").asText().equals("default")) {
                return p.get("dsn").asText();
            }
        }
        throw new AssertionError("no default project in " + projects);
    }

    @Test
    void aSavedEventSentBySentryCliIsStoredUnderItsIdAndSymbolicated() throws Exception {
        Path event = TestData.path("reports/sentry/sample-crash.cocoa.json");
        String eventId = new com.fasterxml.jackson.databind.ObjectMapper().readTree(event.toFile()).get("event_id").asText();
        SentryCli.Run sent = SentryCli.run(home, Map.of("SENTRY_DSN", dsn()), "send-event", "--raw", event.toString());
        assertEquals(0, sent.exit(), sent.output());
        JsonNode report = http.awaitSymbolicated(eventId, "symbolicated"); // Apple's dyld listed apart
        assertEquals("sentry", report.get("format").asText(), report.toString());
        assertTrue(report.get("symbolicated").toString().contains("ck_crash_null"), report.toString());
    }

    @Test
    void aMessageOnlyEventIsAcceptedAndStoresNothing() throws Exception {
        SentryCli.Run sent = SentryCli.run(home, Map.of("SENTRY_DSN", dsn()), "send-event", "-m", "deploy finished");
        assertEquals(0, sent.exit(), sent.output());
        assertTrue(sent.output().contains("Event dispatched") || sent.output().contains("event"), sent.output());
        assertEquals(0, http.get("/api/reports").json().get("reports").size());
    }
}
