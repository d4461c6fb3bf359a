package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Projects (schema 2) and Sentry ingest on the PostgreSQL of {@link PostgresTest}, across a restart. */
class SentryPostgresTest {
    @TempDir
    Path data;

    private PostgresSchema schema;

    @BeforeEach
    void createSchema() throws SQLException {
        schema = PostgresSchema.create("sentrypg");
    }

    @AfterEach
    void dropSchema() throws SQLException {
        schema.close();
    }

    @Test
    void projectsKeepTheirKeysAcrossARestartAndEventsAreStoredOnce() throws Exception {
        ServerConfig config = ServerConfig.local(data, 0).withDb(schema.url())
                .withDsyms(List.of(TestData.path("macho")));
        IngestConfig ingest = IngestConfig.defaults().withProjects(List.of("ios-app"));
        JsonNode before;
        try (CrashkitServer server = CrashkitServer.start(config, ingest, m -> { })) {
            Http http = new Http(server.port());
            before = http.get("/api/projects").json();
            assertEquals(2, before.size());
            assertEquals(201, http.post("/api/projects", "{\"name\":\"backend\"}".getBytes()).status());
            assertEquals(201, http.post("/api/reports", TestData.bytes("reports/sample-crash.json")).status());
        }
        try (CrashkitServer server = CrashkitServer.start(config, ingest, m -> { })) {
            Http http = new Http(server.port());
            JsonNode after = http.get("/api/projects").json();
            assertEquals(3, after.size());
            assertEquals(before.get(1).get("public_key"), after.get(1).get("public_key"), "keys are kept");
            byte[] event = TestData.bytes("reports/sentry/sample-crash.cocoa.json");
            byte[] envelope = SentryIngestTest.envelope("{}", SentryIngestTest.item("event", event));
            String path = "/api/" + after.get(1).get("id").asLong() + "/envelope/?sentry_key="
                    + after.get(1).get("public_key").asText();
            Http.Response r = http.post(path, envelope);
            assertEquals(200, r.status(), r.body());
            assertEquals(200, http.post(path, envelope).status());
            JsonNode stored = http.awaitSymbolicated("5b1f5e8a7c9d4e2fa1b3c5d7e9f1a3b5", "symbolicated"); // but Apple's dyld
            assertEquals("ck_crash_null", stored.get("symbolicated").get("threads").get(0).get("frames").get(0)
                    .get("symbol").asText());
            assertEquals(2, http.get("/api/reports").json().get("reports").size());
        }
    }
}
