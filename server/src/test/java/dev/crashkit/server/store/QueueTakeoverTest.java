package dev.crashkit.server.store;

import dev.crashkit.server.PostgresSchema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.server.metrics.Metrics;
import dev.crashkit.server.symbolication.Dimensions;
import dev.crashkit.symbolicator.SymbolCacheStats;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Claims taken over from another server after its lease ran out are counted ({@code /metrics}
 * {@code crashkit_queue_claims_taken_over_total}); fresh jobs and this server's own old claims are not. On
 * SQLite and PostgreSQL (a schema of its own).
 */
class QueueTakeoverTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void onlyStaleClaimsOfOtherServersCountAsTakenOver(String database) throws Exception {
        if (database.equals("sqlite")) {
            try (Database db = Database.open("jdbc:sqlite:" + dir.resolve("t.db"), 4)) {
                check(db);
            }
            return;
        }
        // A schema of its own on the test PostgreSQL, dropped afterwards.
        try (PostgresSchema schema = PostgresSchema.create("takeover");
             Database db = Database.open(schema.url(), 4)) {
            check(db);
        }
    }

    private static void check(Database db) throws Exception {
        ReportStore reports = new ReportStore(db);
        try {
            for (int i = 0; i < 3; i++) {
                reports.ingest(new byte[] {(byte) i}, "0" + i, "test", Dimensions.none(), Optional.empty(), 1000 + i);
            }
            long lease = 60_000;
            Queue a = new Queue(db, lease, "host-a");
            Queue b = new Queue(db, lease, "host-b");
            Metrics metrics = new Metrics(() -> new SymbolCacheStats(0, 0, 0));
            b.onTakeover(metrics::claimsTakenOver);
            long[] byA = {0};
            a.onTakeover(n -> byA[0] += n);

            Queue.Job first = a.claim(2000, 1).get(0);
            assertEquals(1, b.claim(2001, 1).size(), "a job nobody held");
            assertTrue(metrics.prometheus(0).contains("\ncrashkit_queue_claims_taken_over_total 0\n"));
            // a's server dies: after the lease b takes its claim over.
            List<Queue.Job> taken = b.claim(2000 + lease + 1, 1);
            assertEquals(first.reportId(), taken.get(0).reportId());
            assertTrue(metrics.prometheus(0).contains("\ncrashkit_queue_claims_taken_over_total 1\n"),
                    metrics.prometheus(0));
            // b's claim of the second job has gone stale too: a takes it over.
            assertEquals(1, a.claim(2000 + lease + 2, 1).size());
            assertEquals(1, byA[0]);
            // a's server restarted (the same instance) claims all three after their leases: b's stale claim
            // counts, its own earlier process's claim and the job nobody held do not.
            Queue restartedA = new Queue(db, lease, "host-a");
            restartedA.onTakeover(n -> byA[0] += n);
            assertEquals(3, restartedA.claim(2000 + 3 * lease, 3).size());
            assertEquals(2, byA[0]);
        } finally {
            reports.close();
        }
    }
}
