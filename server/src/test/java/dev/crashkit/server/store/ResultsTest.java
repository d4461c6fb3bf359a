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

    /**
     * A report that moves to another group when symbolicated again takes its user along; a user with
     * two reports in a group counts once, and leaves it only with the last of them.
     */
    @Test
    void usersMoveWithTheirReportsBetweenGroupsAndCountOnce() throws Exception {
        try (Database db = Database.open("jdbc:sqlite:" + dir.resolve("t.db"), 4)) {
            ReportStore reports = new ReportStore(db);
            Queue queue = new Queue(db, 60_000);
            Results results = new Results(db);
            Groups groups = new Groups(db);
            Dimensions alice = new Dimensions(Optional.empty(), Optional.empty(), Optional.empty(),
                    java.util.OptionalLong.empty(), Optional.of("sentry.user.id:alice"));
            String first = reports.ingest(new byte[] {1}, "sha", "sentry", alice, Optional.empty(), 1000).id();
            reports.ingest(new byte[] {2}, "sha", "sentry", alice, Optional.empty(), 1000);
            for (Queue.Job j : queue.claim(1001, 4)) {
                results.completeAll(List.of(new Results.Done(j, inGroup("g1"), 0)), d -> false, 1002);
            }
            assertEquals(2, groups.get("g1").orElseThrow().count());
            assertEquals(1, groups.get("g1").orElseThrow().users(), "one user, two reports");

            // One report moves to g2: alice is in both groups; then the other too: g1 has no user left.
            moveTo(queue, results, db, first, "g2", 2000);
            assertEquals(1, groups.get("g1").orElseThrow().users());
            assertEquals(1, groups.get("g2").orElseThrow().users());
            moveTo(queue, results, db, otherThan(db, first), "g2", 3000);
            assertEquals(1, groups.get("g2").orElseThrow().users());
            assertEquals(2, groups.get("g2").orElseThrow().count());
            assertTrue(groups.get("g1").isEmpty(), "g1 has no report left");
            try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("t.db"));
                 var r = c.createStatement().executeQuery("SELECT user_count FROM crash_groups WHERE id = 'g1'")) {
                r.next();
                assertEquals(0, r.getLong(1));
            }
            reports.close();
        }
    }

    private static Results.Written inGroup(String group) {
        return new Results.Written("symbolicated", "{}", "[]", group, "title", "SIGSEGV", "[]", List.of(),
                Dimensions.none(), "");
    }

    /** Queues one report again and stores its new pass in {@code group}. */
    private static void moveTo(Queue queue, Results results, Database db, String reportId, String group, long now)
            throws Exception {
        db.write(c -> {
            try (var p = c.prepareStatement("INSERT INTO jobs (report_id, queued_at) VALUES (?, ?)")) {
                p.setString(1, reportId);
                p.setLong(2, now);
                p.executeUpdate();
            }
            return null;
        });
        Queue.Job j = queue.claim(now + 1, 1).get(0);
        assertEquals(reportId, j.reportId());
        results.completeAll(List.of(new Results.Done(j, inGroup(group), 0)), d -> false, now + 2);
    }

    private static String otherThan(Database db, String id) throws Exception {
        return db.read(c -> {
            try (var p = c.prepareStatement("SELECT id FROM reports WHERE id <> ?")) {
                p.setString(1, id);
                try (var r = p.executeQuery()) {
                    r.next();
                    return r.getString(1);
                }
            }
        });
    }
}
