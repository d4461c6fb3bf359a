package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.server.blob.BlobKeys;
import dev.crashkit.server.blob.BlobStore;
import dev.crashkit.server.blob.BlobStoreConfig;
import dev.crashkit.server.blob.DirectoryBlobStore;
import dev.crashkit.server.blob.LocalS3;
import dev.crashkit.server.blob.Sha256;
import dev.crashkit.server.store.Retention;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Retention with a shared blob store, through the API: the raw bytes of removed reports are deleted from the
 * store (a folder, and S3Proxy) once no stored report names them, on SQLite and PostgreSQL.
 */
class BlobRetentionTest {
    private static LocalS3 s3;

    @TempDir
    Path data;

    @BeforeAll
    static void startS3() throws Exception {
        s3 = LocalS3.start("retention");
    }

    @AfterAll
    static void stopS3() throws Exception {
        s3.close();
    }

    @ParameterizedTest
    @CsvSource({"sqlite, dir", "sqlite, s3", "postgresql, s3"})
    void blobsOfRemovedReportsGoOnceNoStoredReportNamesThem(String database, String store) throws Exception {
        ServerConfig base = ServerConfig.local(data.resolve("server"), 0);
        if (!database.equals("postgresql")) {
            run(base, store);
            return;
        }
        try (PostgresSchema schema = PostgresSchema.create("blobret")) {
            run(base.withDb(schema.url()), store);
        }
    }

    private void run(ServerConfig base, String store) throws Exception {
        String prefix = "r-" + UUID.randomUUID();
        BlobStoreConfig blobConfig = store.equals("s3") ? s3.config(prefix)
                : BlobStoreConfig.parse(data.resolve("blobs").toString());
        // The newest report of each group is kept; a grace period of 1 ms (the real one is 15 minutes).
        ServerConfig config = base.withCleanup(new ServerConfig.Cleanup(new Retention.Policy(0, 1, 0),
                ServerConfig.Cleanup.DEFAULT_INTERVAL).withBlobGrace(1));
        try (CrashkitServer server = CrashkitServer.start(config, IngestConfig.defaults(), blobConfig, m -> { });
             BlobStore blobs = store.equals("s3") ? s3.open(prefix) : new DirectoryBlobStore(data.resolve("blobs"))) {
            Http http = new Http(server.port());
            // Two reports with the same bytes (one blob), then two of the same group with other bytes each.
            byte[] same = TestData.bytes("reports/sample-crash.json");
            String first = RetentionFlows.post(http, same);
            RetentionFlows.awaitDone(http, first);
            Thread.sleep(3);
            String second = RetentionFlows.post(http, same);
            RetentionFlows.awaitDone(http, second);
            JsonNode removed = RetentionFlows.cleanup(http);
            assertEquals(1, removed.get("reports_removed").asInt(), removed.toString());
            Thread.sleep(5);
            assertEquals(0, RetentionFlows.cleanup(http).get("blobs_deleted").asInt(), "the kept report names the blob");
            assertTrue(blobs.exists(BlobKeys.report(Sha256.of(same))));
            assertEquals(404, http.get("/api/reports/" + first).status());
            assertEquals(200, http.get("/reports/" + second).status(), "its page reads the raw bytes from the store");

            byte[] v1 = TriageFlows.sampleInVersion("7.1");
            byte[] v2 = TriageFlows.sampleInVersion("7.2");
            String older = RetentionFlows.post(http, v1);
            RetentionFlows.awaitDone(http, older);
            Thread.sleep(3);
            String newer = RetentionFlows.post(http, v2);
            RetentionFlows.awaitDone(http, newer);
            assertEquals(http.get("/api/reports/" + second).json().get("group"),
                    http.get("/api/reports/" + newer).json().get("group"), "one group");
            // Of the three reports the group holds, the two oldest go; v1's blob goes once the grace period is over.
            assertEquals(2, RetentionFlows.cleanup(http).get("reports_removed").asInt());
            Thread.sleep(5);
            JsonNode swept = RetentionFlows.cleanup(http);
            assertEquals(2, swept.get("blobs_deleted").asInt(), swept.toString());
            assertFalse(blobs.exists(BlobKeys.report(Sha256.of(v1))), blobs.describe());
            assertFalse(blobs.exists(BlobKeys.report(Sha256.of(same))));
            assertTrue(blobs.exists(BlobKeys.report(Sha256.of(v2))));
            assertEquals(200, http.get("/reports/" + newer).status());
            String metrics = http.get("/metrics").body();
            assertTrue(metrics.contains("\ncrashkit_cleanup_blobs_deleted_total 2\n"), metrics);
        }
    }
}
