package dev.crashkit.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.server.symbolication.Dimensions;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A job whose worker never finishes (the process died, the lease ran out) is claimed at most 3 times. */
class QueueAttemptsTest {
    @TempDir
    Path data;

    @Test
    void aJobWhoseLeaseRunsOutThreeTimesFailsItsReport() throws Exception {
        try (Database db = Database.open("jdbc:sqlite:" + data.resolve("t.db"), 4)) {
            ReportStore reports = new ReportStore(db);
            try {
                String id = reports.ingest(new byte[] {1}, "00", "test", Dimensions.none(), Optional.empty(), 1000).id();
                Queue queue = new Queue(db, 0); // every claim is stale at once: as if its worker had died
                for (int attempt = 1; attempt <= Queue.MAX_ATTEMPTS; attempt++) {
                    var jobs = queue.claim(2000 + attempt, 4);
                    assertEquals(1, jobs.size());
                    assertEquals(attempt, jobs.get(0).attempt());
                }
                assertTrue(queue.claim(3000, 4).isEmpty(), "not claimed a fourth time");
                assertEquals(0, queue.depth());
                ReportStore.Report r = reports.report(id).orElseThrow();
                assertEquals("failed", r.status());
                assertEquals("symbolication did not finish in 3 attempts: the worker stopped without a result "
                        + "(process ended or lease of the claim ran out)", r.error().orElseThrow());
            } finally {
                reports.close();
            }
        }
    }
}
