package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.server.store.Backup;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQLite online backup ({@code GET /api/admin/backup}) while reports are uploaded: a server started on the copy
 * has every report acknowledged before the backup began, and SQLite's {@code PRAGMA integrity_check} passes.
 */
class BackupTest {
    @TempDir
    Path data;
    @TempDir
    Path restored;

    @Test
    void backupUnderIngestRestoresEveryReportAcknowledgedBefore() throws Exception {
        Path copy = restored.resolve("crashkit.db");
        List<String> before;
        int total;
        StringBuffer log = new StringBuffer();
        try (CrashkitServer server = CrashkitServer.start(ServerConfig.local(data, 0).withToken("admin-token"),
                m -> log.append(m).append('\n'))) {
            Http http = new Http(server.port(), java.util.Optional.of("admin-token"));
            try (BackupFlows.Uploads uploads = new BackupFlows.Uploads(http)) {
                uploads.awaitAcknowledged(20);
                before = uploads.acknowledgedNow();
                HttpResponse<Path> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.port() + "/api/admin/backup"))
                        .header("Authorization", "Bearer admin-token").build(), HttpResponse.BodyHandlers.ofFile(copy));
                assertEquals(200, r.statusCode(), log::toString);
                assertTrue(uploads.running(), "uploads went on during the backup");
                int during = uploads.awaitAcknowledged(before.size() + 5).size();
                assertTrue(during > before.size());
            }
            total = new Http(server.port(), java.util.Optional.of("admin-token")).get("/api/reports?limit=500").json()
                    .get("reports").size();
            // Only the admin token may take a backup.
            assertEquals(401, new Http(server.port()).get("/api/admin/backup").status());
            assertEquals(401, new Http(server.port()).post("/api/admin/cleanup", new byte[0]).status());
            try (var left = Files.list(data.resolve("tmp"))) {
                assertEquals(0, left.filter(p -> p.getFileName().toString().startsWith("backup-")).count(),
                        "the copy under tmp/ is removed once sent");
            }
        }
        assertEquals("ok", Backup.integrity(copy));
        try (CrashkitServer server = CrashkitServer.start(ServerConfig.local(restored, 0), m -> { })) {
            Http http = new Http(server.port());
            BackupFlows.allThere(http, before);
            int inCopy = http.get("/api/reports?limit=500").json().get("reports").size();
            assertTrue(inCopy >= before.size() && inCopy < total, inCopy + " reports in the copy, " + before.size()
                    + " acknowledged before it, " + total + " at the end");
        }
    }

    @Test
    void backupToAnExistingFileIsRefused() throws Exception {
        Path target = Files.writeString(restored.resolve("taken.db"), "x");
        Files.createDirectories(data);
        try (CrashkitServer server = CrashkitServer.start(ServerConfig.local(data, 0), m -> { })) {
            var e = org.junit.jupiter.api.Assertions.assertThrows(dev.crashkit.server.store.StoreException.class,
                    () -> Backup.sqlite(ServerConfig.local(data, 0).jdbcUrl(), target));
            assertEquals("backup target exists already: " + target, e.getMessage());
            assertEquals("x", Files.readString(target));
        }
    }
}
