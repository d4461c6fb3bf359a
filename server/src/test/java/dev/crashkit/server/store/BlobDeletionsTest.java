package dev.crashkit.server.store;


import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.server.blob.BlobException;
import dev.crashkit.server.blob.BlobKeys;
import dev.crashkit.server.blob.BlobStore;
import dev.crashkit.server.blob.LocalS3;
import dev.crashkit.server.blob.Sha256;
import dev.crashkit.server.symbolication.Dimensions;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Blobs of removed reports deleted from a shared blob store (a folder, and S3Proxy: a real S3-compatible
 * server) on SQLite and on PostgreSQL (a schema of its own): only after the grace period, never one a
 * stored report still names, and an ingest that put the same bytes before a deletion and commits after
 * it puts them again.
 */
class BlobDeletionsTest {
    private static final long GRACE = BlobDeletions.GRACE_MILLIS;
    private static final long DAY = 86_400_000L;
    private static LocalS3 s3;

    @TempDir
    Path dir;

    @BeforeAll
    static void startS3() throws Exception {
        s3 = LocalS3.start("deletions");
    }

    @AfterAll
    static void stopS3() throws Exception {
        s3.close();
    }

    /** On {@code database} (sqlite or postgresql) with {@code store} (dir or s3), each a fresh one. */
    private void on(String database, String store, StoreMatrix.OnStore test) throws Exception {
        StoreMatrix.on(dir, s3, database, store, "blobdel", test);
    }

    private static byte[] body(String text) {
        return ("{\"crash\": \"" + text + "\"}").getBytes(StandardCharsets.UTF_8);
    }

    private static String ingest(ReportStore reports, byte[] body, long now) throws StoreException {
        return reports.ingest(body, Sha256.of(body), "crashreport", Dimensions.none(), Optional.empty(), now).id();
    }

    /** Symbolicates every queued report (retention removes only reports no worker has to do). */
    private static void finishAll(Database db, long now) throws StoreException {
        Queue queue = new Queue(db, 60_000);
        Results results = new Results(db);
        for (List<Queue.Job> jobs; !(jobs = queue.claim(now, 100)).isEmpty(); ) {
            results.completeAll(jobs.stream().map(j -> new Results.Done(j, new Results.Written("symbolicated", "{}",
                    "[]", "g1", "title", "SIGSEGV", "[]", List.of(), Dimensions.none(), ""), 0)).toList(), d -> false, now);
        }
    }

    /** Removes the reports received before {@code now - 1 day}. */
    private static Retention.Removed removeOlderThanADay(Database db, long now) throws StoreException {
        return new Retention(db).run(new Retention.Policy(DAY, 0, 0), now);
    }

    private static String key(byte[] body) {
        return BlobKeys.report(Sha256.of(body));
    }

    @ParameterizedTest
    @CsvSource({"sqlite, dir", "sqlite, s3", "postgresql, dir", "postgresql, s3"})
    void aRemovedReportsBlobGoesAfterTheGracePeriodUnlessAStoredReportSharesIt(String database, String store)
            throws Exception {
        on(database, store, (db, blobs) -> {
            ReportStore reports = new ReportStore(db, Optional.of(blobs));
            BlobDeletions deletions = new BlobDeletions(db);
            byte[] shared = body("shared");
            byte[] alone = body("alone");
            String old1 = ingest(reports, shared, 1000);
            String old2 = ingest(reports, alone, 1000);
            String recent = ingest(reports, shared, 5 * DAY); // the same bytes: the same key
            finishAll(db, 5 * DAY);
            long removedAt = 5 * DAY + 1;
            assertEquals(2, removeOlderThanADay(db, removedAt).reports());
            assertTrue(reports.report(old1).isEmpty() && reports.report(old2).isEmpty());
            assertEquals(2, deletions.pending());

            // Within the grace period nothing goes.
            assertEquals(new BlobDeletions.Swept(0, 0), deletions.sweep(blobs, removedAt + GRACE));
            assertTrue(blobs.exists(key(alone)));
            // After it: the blob only the removed report had goes; the one the recent report shares stays.
            assertEquals(new BlobDeletions.Swept(1, 1), deletions.sweep(blobs, removedAt + GRACE + 1));
            assertFalse(blobs.exists(key(alone)), blobs.describe());
            assertTrue(blobs.exists(key(shared)));
            assertArrayEquals(shared, reports.body(recent).orElseThrow());
            assertEquals(0, deletions.pending());

            // The last report naming it goes: so does the blob, after the grace period.
            long later = 10 * DAY;
            assertEquals(1, removeOlderThanADay(db, later).reports());
            assertEquals(new BlobDeletions.Swept(0, 0), deletions.sweep(blobs, later + 1));
            assertTrue(blobs.exists(key(shared)));
            assertEquals(new BlobDeletions.Swept(1, 0), deletions.sweep(blobs, later + GRACE + 1));
            assertFalse(blobs.exists(key(shared)));
            assertEquals(List.of(), blobs.list(BlobKeys.REPORTS, Optional.empty(), 10));
            reports.close();
        });
    }

    @ParameterizedTest
    @CsvSource({"sqlite, dir", "postgresql, s3"})
    void theSameBytesIngestedAgainBeforeTheSweepKeepTheBlob(String database, String store) throws Exception {
        on(database, store, (db, blobs) -> {
            ReportStore reports = new ReportStore(db, Optional.of(blobs));
            BlobDeletions deletions = new BlobDeletions(db);
            byte[] bytes = body("again");
            ingest(reports, bytes, 1000);
            finishAll(db, 2 * DAY);
            assertEquals(1, removeOlderThanADay(db, 2 * DAY).reports());
            assertEquals(1, deletions.pending());
            // Before the sweep a new report with the same bytes: its ingest cancels the queued deletion.
            String again = ingest(reports, bytes, 2 * DAY + 5);
            assertEquals(0, deletions.pending());
            assertEquals(new BlobDeletions.Swept(0, 0), deletions.sweep(blobs, 3 * DAY));
            assertArrayEquals(bytes, reports.body(again).orElseThrow());
            reports.close();
        });
    }

    /**
     * The race the protocol is for: an ingest puts bytes whose blob is queued for deletion, the sweep deletes
     * the blob before the ingest's row commits (here: the sweep runs inside the put, right after it), and the
     * ingest, learning of the deletion in its transaction, puts the bytes again: its report is readable.
     */
    @ParameterizedTest
    @CsvSource({"sqlite, dir", "sqlite, s3", "postgresql, dir", "postgresql, s3"})
    void aSweepBetweenAnIngestsPutAndItsCommitIsUndoneByTheIngest(String database, String store) throws Exception {
        on(database, store, (db, blobs) -> {
            BlobDeletions deletions = new BlobDeletions(db);
            byte[] bytes = body("raced");
            long removedAt = 2 * DAY;
            AtomicReference<BlobDeletions.Swept> sweptInside = new AtomicReference<>();
            BlobStore sweepingAfterPut = new DelegatingBlobStore(blobs) {
                @Override
                public void put(String key, InputStream in, long size, String sha256) throws BlobException {
                    super.put(key, in, size, sha256);
                    if (sweptInside.get() == null) {
                        try {
                            sweptInside.set(deletions.sweep(blobs, removedAt + GRACE + 1));
                        } catch (StoreException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                }
            };
            ReportStore setup = new ReportStore(db, Optional.of(blobs));
            ingest(setup, bytes, 1000);
            setup.close();
            finishAll(db, removedAt);
            assertEquals(1, removeOlderThanADay(db, removedAt).reports());

            ReportStore reports = new ReportStore(db, Optional.of(sweepingAfterPut));
            String id = ingest(reports, bytes, removedAt + GRACE + 1);
            assertEquals(new BlobDeletions.Swept(1, 0), sweptInside.get(), "the sweep deleted the blob the ingest had put");
            assertTrue(blobs.exists(key(bytes)), "put again by the ingest before its row committed");
            assertArrayEquals(bytes, reports.body(id).orElseThrow());
            assertEquals(0, deletions.pending());
            // The deletion's record is gone with the ingest's claim: nothing deletes the blob later.
            assertEquals(new BlobDeletions.Swept(0, 0), deletions.sweep(blobs, removedAt + 3 * GRACE));
            assertTrue(blobs.exists(key(bytes)));
            reports.close();
        });
    }

    /** A store that refuses deletions: the sweep says so and the key is tried again, after the grace period. */
    @ParameterizedTest
    @CsvSource({"sqlite, dir", "postgresql, dir"})
    void aRefusedDeletionIsTriedAgainLater(String database, String store) throws Exception {
        on(database, store, (db, blobs) -> {
            BlobDeletions deletions = new BlobDeletions(db);
            boolean[] refuse = {true};
            BlobStore flaky = new DelegatingBlobStore(blobs) {
                @Override
                public void delete(String key) throws BlobException {
                    if (refuse[0]) {
                        throw new BlobException("refused for the test");
                    }
                    super.delete(key);
                }
            };
            ReportStore reports = new ReportStore(db, Optional.of(blobs));
            byte[] bytes = body("flaky");
            ingest(reports, bytes, 1000);
            finishAll(db, 2 * DAY);
            removeOlderThanADay(db, 2 * DAY);
            long first = 2 * DAY + GRACE + 1;
            StoreUnavailableException e = org.junit.jupiter.api.Assertions.assertThrows(StoreUnavailableException.class,
                    () -> deletions.sweep(flaky, first));
            assertTrue(e.getMessage().contains("refused for the test"), e.getMessage());
            assertTrue(blobs.exists(key(bytes)));
            assertEquals(1, deletions.pending());
            refuse[0] = false;
            assertEquals(new BlobDeletions.Swept(0, 0), deletions.sweep(flaky, first + 1), "not before the grace period");
            assertEquals(new BlobDeletions.Swept(1, 0), deletions.sweep(flaky, first + GRACE + 2));
            assertFalse(blobs.exists(key(bytes)));
            reports.close();
        });
    }
}
