package dev.crashkit.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import dev.crashkit.server.symbolication.Dimensions;

/** Queue and results when debug files arrive while reports are being symbolicated. */
class ResultsTest {
    @TempDir
    Path dir;

    private static Results.Written written(String status, List<Results.Missing> missing) {
        return new Results.Written(status, "{}", "[]", "g1", "title", "SIGSEGV", "[]", missing,
                Dimensions.none(), "");
    }

    @Test
    void aStalePassFinishingAfterANewerOneDoesNotOverwriteIt() throws Exception {
        try (Database db = Database.open("jdbc:sqlite:" + dir.resolve("t.db"), 4)) {
            ReportStore reports = new ReportStore(db);
            Queue queue = new Queue(db, 60_000);
            Results results = new Results(db);
            String id = reports.ingest(new byte[] {1}, "sha", "crashreport", Dimensions.none(), Optional.empty(), 1000).id();
            List<Results.Missing> missingX = List.of(new Results.Missing("X", "App", "arm64", 3, true));

            Queue.Job first = queue.claim(1001, 1).get(0);
            results.completeAll(List.of(new Results.Done(first, written("partial", missingX), 0)), d -> false, 1002);
            assertEquals(0, queue.depth());

            // Debug file X arrives: the report is queued; a worker (W1) claims it and is slow.
            assertEquals(1, results.requeueWaitingFor(List.of("X"), 2000));
            Queue.Job w1 = queue.claim(2001, 1).get(0);
            // Another upload for X in the same millisecond: queued again, a second worker (W2) claims it.
            assertEquals(1, results.requeueWaitingFor(List.of("X"), 2000));
            Queue.Job w2 = queue.claim(2001, 1).get(0);
            assertTrue(w2.queuedAt() > w1.queuedAt(), "a new queue entry even within the same millisecond");
            results.completeAll(List.of(new Results.Done(w2, written("symbolicated", List.of()), 1)), d -> false, 2002);
            // W1 ends with its older view (still missing X, the files changed meanwhile): it must not win.
            results.completeAll(List.of(new Results.Done(w1, written("partial", missingX), 0)), d -> true, 2003);

            assertEquals("symbolicated", reports.report(id).orElseThrow().status());
            assertEquals(List.of(), reports.missing(id));
            assertEquals(0, queue.depth());
            reports.close();
        }
    }

    @Test
    void aPassThatMissedAnUploadIsQueuedAgain() throws Exception {
        try (Database db = Database.open("jdbc:sqlite:" + dir.resolve("t.db"), 4)) {
            ReportStore reports = new ReportStore(db);
            Queue queue = new Queue(db, 60_000);
            Results results = new Results(db);
            reports.ingest(new byte[] {1}, "sha", "crashreport", Dimensions.none(), Optional.empty(), 1000);
            Queue.Job j = queue.claim(1001, 4).get(0);
            // The pass began before an upload (generation 0, now 1) and still misses X: queued again.
            results.completeAll(List.of(new Results.Done(j, written("partial",
                    List.of(new Results.Missing("X", "App", "arm64", 1, true))), 0)), d -> d.started() != 1, 1002);
            assertEquals(1, queue.depth());
            assertEquals(1, queue.claim(1003, 4).size(), "and claimable");
            reports.close();
        }
    }
}
