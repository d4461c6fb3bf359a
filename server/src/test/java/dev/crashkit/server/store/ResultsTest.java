package dev.crashkit.server.store;

import dev.crashkit.server.PostgresSchema;

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
     * The lost wake-up seen with two servers on PostgreSQL: a pass decides "no new debug files, do not queue
     * again" just before an upload's index reload, and commits its missing images only after the upload's
     * re-queue has read {@code missing_images}. The re-queue must wait for that commit and queue the report.
     */
    @Test
    void anUploadWhileAPassCommitsItsMissingImagesQueuesTheReport() throws Exception {
        onBoth(db -> {
            ReportStore reports = new ReportStore(db);
            Queue queue = new Queue(db, 60_000, "a");
            Results results = new Results(db);
            reports.ingest(new byte[] {1}, "sha", "crashreport", Dimensions.none(), Optional.empty(), 1000);
            Queue.Job job = queue.claim(1001, 1).get(0);
            java.util.concurrent.CountDownLatch decided = new java.util.concurrent.CountDownLatch(1);
            java.util.concurrent.CountDownLatch uploaded = new java.util.concurrent.CountDownLatch(1);
            var pass = java.util.concurrent.CompletableFuture.runAsync(() -> {
                try {
                    results.completeAll(List.of(new Results.Done(job, written("partial",
                            List.of(new Results.Missing("X", "App", "arm64", 1, true))), 0)), d -> {
                                decided.countDown();
                                awaitQuietly(uploaded); // slow to commit after deciding
                                return false;
                            }, 1002);
                } catch (StoreException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertTrue(decided.await(10, java.util.concurrent.TimeUnit.SECONDS));
            var upload = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return results.requeueWaitingFor(List.of("X"), 2000);
                } catch (StoreException e) {
                    throw new IllegalStateException(e);
                }
            });
            try {
                upload.get(700, java.util.concurrent.TimeUnit.MILLISECONDS); // done early: it read before the commit
            } catch (java.util.concurrent.TimeoutException e) {
                // waiting for the pass's transaction, as it must
            }
            uploaded.countDown();
            pass.get(30, java.util.concurrent.TimeUnit.SECONDS);
            assertEquals(1, upload.get(30, java.util.concurrent.TimeUnit.SECONDS), "the re-queue saw the pass's missing image");
            assertEquals(1, queue.depth(), "the report waits for X, X is there: it is queued again");
            reports.close();
        });
    }

    private static void awaitQuietly(java.util.concurrent.CountDownLatch latch) {
        try {
            latch.await(10, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** SQLite, and a schema of its own on the test PostgreSQL (dropped afterwards). */
    private interface OnDatabase {
        void run(Database db) throws Exception;
    }

    private void onBoth(OnDatabase test) throws Exception {
        try (Database db = Database.open("jdbc:sqlite:" + dir.resolve("t.db"), 4)) {
            test.run(db);
        }
        // A schema of its own on the test PostgreSQL, dropped afterwards.
        try (PostgresSchema schema = PostgresSchema.create("results");
             Database db = Database.open(schema.url(), 4)) {
            test.run(db);
        }
    }

    @Test
    void afterATakeoverOnlyTheNewHolderWritesWhicheverFinishesFirst() throws Exception {
        onBoth(db -> {
            ReportStore reports = new ReportStore(db);
            // Two servers on one database, lease 60 s.
            Queue a = new Queue(db, 60_000, "a");
            Queue b = new Queue(db, 60_000, "b");
            Results results = new Results(db);
            String id = reports.ingest(new byte[] {1}, "sha", "crashreport", Dimensions.none(), Optional.empty(), 1000).id();
            Queue.Job held = a.claim(1001, 1).get(0);
            assertEquals(List.of(), b.claim(2000, 1), "a live claim is not taken");
            // a hangs past the lease: b takes the job over.
            Queue.Job takenOver = b.claim(1001 + 60_001, 1).get(0);
            assertEquals(held.queuedAt(), takenOver.queuedAt());
            // a resumes and finishes first: its result is not written (the job is b's now) ...
            assertEquals(List.of(false), results.completeAll(List.of(new Results.Done(held,
                    written("partial", List.of(new Results.Missing("X", "App", "arm64", 1, true))), 0)), d -> false, 70_000));
            assertEquals("pending", reports.report(id).orElseThrow().status());
            assertEquals(1, a.depth(), "nor is the job completed");
            // ... b's is.
            assertEquals(List.of(true), results.completeAll(List.of(new Results.Done(takenOver,
                    written("symbolicated", List.of()), 0)), d -> false, 70_001));
            assertEquals("symbolicated", reports.report(id).orElseThrow().status());
            assertEquals(0, a.depth());
            reports.close();
        });
    }

    @Test
    void aPassQueuedAgainByTheNewHolderIsNotCompletedByTheOldOne() throws Exception {
        onBoth(db -> {
            ReportStore reports = new ReportStore(db);
            Queue a = new Queue(db, 60_000, "a");
            Queue b = new Queue(db, 60_000, "b");
            Results results = new Results(db);
            String id = reports.ingest(new byte[] {1}, "sha", "crashreport", Dimensions.none(), Optional.empty(), 1000).id();
            Queue.Job held = a.claim(1001, 1).get(0);
            Queue.Job takenOver = b.claim(1001 + 60_001, 1).get(0);
            // b finishes, missing X while the debug files changed: the report is queued again (a new entry).
            List<Results.Missing> missingX = List.of(new Results.Missing("X", "App", "arm64", 1, true));
            results.completeAll(List.of(new Results.Done(takenOver, written("partial", missingX), 0)), d -> true, 70_000);
            assertEquals(1, a.depth());
            // a's late result for the old entry must not be written over it, nor complete the new entry.
            assertEquals(List.of(false), results.completeAll(List.of(new Results.Done(held,
                    written("symbolicated", List.of()), 0)), d -> false, 70_001));
            assertEquals("partial", reports.report(id).orElseThrow().status());
            assertEquals(1, a.depth());
            results.fail(held, "late", 70_002);
            assertEquals("partial", reports.report(id).orElseThrow().status(), "a late failure is not written either");
            assertEquals(1, b.claim(70_003, 4).size(), "the new entry is claimable");
            reports.close();
        });
    }

    @Test
    void aRestartedServerFreesOnlyItsOwnClaims() throws Exception {
        onBoth(db -> {
            ReportStore reports = new ReportStore(db);
            for (int i = 0; i < 4; i++) {
                reports.ingest(new byte[] {(byte) i}, "sha" + i, "crashreport", Dimensions.none(), Optional.empty(), 1000 + i);
            }
            Queue a = new Queue(db, 60_000, "host:/data#0");
            Queue other = new Queue(db, 60_000, "host:/data#0x");
            assertEquals(2, a.claim(2000, 2).size());
            assertEquals(2, other.claim(2000, 2).size());
            // a's process dies; the next one on the same slot frees a's claims, not the other server's.
            Queue restarted = new Queue(db, 60_000, "host:/data#0");
            assertEquals(2, restarted.releaseOwn());
            assertEquals(2, restarted.claim(2001, 4).size(), "a's two, not the other's live ones");
            // Claims are renewed while held: not taken over after the lease from when they were made.
            assertEquals(2, other.renew(50_000));
            assertEquals(2, new Queue(db, 60_000, "third").claim(2001 + 60_001, 4).size(),
                    "the restarted server's claims (not renewed) are stale; the other's renewed ones are not");
            reports.close();
        });
    }

    @Test
    void concurrentClaimsFromTwoServersTakeEachJobOnce() throws Exception {
        onBoth(db -> {
            ReportStore reports = new ReportStore(db);
            int jobs = 200;
            for (int i = 0; i < jobs; i++) {
                reports.ingest(new byte[] {(byte) i, (byte) (i >> 8)}, "sha" + i, "crashreport", Dimensions.none(),
                        Optional.empty(), 1000 + i);
            }
            List<Queue> servers = List.of(new Queue(db, 60_000, "a"), new Queue(db, 60_000, "b"));
            java.util.Map<String, Integer> taken = new java.util.concurrent.ConcurrentHashMap<>();
            List<Thread> workers = new java.util.ArrayList<>();
            java.util.concurrent.atomic.AtomicReference<Exception> failed = new java.util.concurrent.atomic.AtomicReference<>();
            for (int w = 0; w < 6; w++) {
                Queue q = servers.get(w % 2);
                Thread t = new Thread(() -> {
                    try {
                        List<Queue.Job> got;
                        while (!(got = q.claim(5000, 4)).isEmpty()) {
                            got.forEach(j -> taken.merge(j.reportId(), 1, Integer::sum));
                        }
                    } catch (StoreException e) {
                        failed.set(e);
                    }
                });
                t.start();
                workers.add(t);
            }
            for (Thread t : workers) {
                t.join();
            }
            assertEquals(null, failed.get());
            assertEquals(jobs, taken.size(), "every job claimed");
            assertEquals(List.of(), taken.entrySet().stream().filter(e -> e.getValue() != 1).toList(), "none twice");
            reports.close();
        });
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
