package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --symbol-server}: images no local or uploaded file has are fetched from a symbol server. */
class SymbolServersTest {
    @TempDir
    Path dir;

    @Test
    void anImageMissingLocallyIsFetchedFromAUnifiedLayoutServer() throws Exception {
        // A file:// share in the unified layout holding the App's dSYM DWARF file.
        Path share = dir.resolve("share");
        Path target = share.resolve("4c/4c44f255553144a157e368f8fb0f1a/debuginfo");
        Files.createDirectories(target.getParent());
        Files.copy(TestData.path("macho/App-arm64.dSYM/Contents/Resources/DWARF/App-arm64"), target);
        ServerConfig config = ServerConfig.local(dir.resolve("data"), 0)
                .withSymbolServers(List.of("unified=" + share.toUri()));
        try (CrashkitServer server = CrashkitServer.start(config, m -> { })) {
            Http http = new Http(server.port());
            Http.Response r = http.post("/api/reports", TestData.bytes("reports/sample-crash.json"));
            assertEquals(201, r.status(), r.body());
            JsonNode done = http.awaitSymbolicated(r.json().get("id").asText(), "partial");
            assertEquals("ck_crash_null", done.get("symbolicated").get("threads").get(0).get("frames").get(0)
                    .get("symbol").asText());
            List<String> missing = new java.util.ArrayList<>();
            done.get("missing").forEach(m -> missing.add(m.asText()));
            assertFalse(missing.contains("4C4C44F2-5555-3144-A157-E368F8FB0F1A"), missing.toString());
            assertTrue(missing.contains("4C4C44FB-5555-3144-A19E-C7C80A326962"), "the share lacks libCrashKitUtil");
        }
    }

    @Test
    void aBadSymbolServerIsAUsageError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CrashkitServer.start(
                ServerConfig.local(dir.resolve("data"), 0).withSymbolServers(List.of("nonsense=https://x/")), m -> { }));
        assertTrue(e.getMessage().contains("unknown symbol server layout"), e.getMessage());
    }
}
