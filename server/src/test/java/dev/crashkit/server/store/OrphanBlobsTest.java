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
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The orphan blob scan on a folder store and on S3Proxy (a real S3-compatible server, listed with
 * ListObjectsV2 page by page), on SQLite and on PostgreSQL: blobs no row names are queued once older than
 * the grace period and deleted a grace period later; blobs a row names, recent blobs and keys the server does
 * not make stay; an ingest of an orphan's bytes never loses its blob.
 *
 * <p>Times: S3 stamps objects with the wall clock, so each test's "now" is the wall clock plus what it needs.
 */
class OrphanBlobsTest {
    private static final long GRACE = BlobDeletions.GRACE_MILLIS;
    private static LocalS3 s3;

    @TempDir
    Path dir;

    @BeforeAll
    static void startS3() throws Exception {
        s3 = LocalS3.start("orphans");
    }

    @AfterAll
    static void stopS3() throws Exception {
        s3.close();
    }

    /** On {@code database} (sqlite or postgresql) with {@code store} (dir or s3), each a fresh one. */
    private void on(String database, String store, StoreMatrix.OnStore test) throws Exception {
        StoreMatrix.on(dir, s3, database, store, "orphans", test);
    }

    private static byte[] body(String text) {
        return ("{\"crash\": \"" + text + "\"}").getBytes(StandardCharsets.UTF_8);
    }

    /** Bytes put as a crashed ingest leaves them: in the store, no row. */
    private static String orphan(BlobStore blobs, byte[] bytes, boolean debugFile) throws BlobException {
        String sha = Sha256.of(bytes);
        String key = debugFile ? BlobKeys.debugFile(sha) : BlobKeys.report(sha);
        blobs.put(key, bytes, sha);
        return key;
    }

    private static String ingest(ReportStore reports, byte[] body, long now) throws StoreException {
        return reports.ingest(body, Sha256.of(body), "crashreport", Dimensions.none(), Optional.empty(), now).id();
    }

    @ParameterizedTest
    @CsvSource({"sqlite, dir", "sqlite, s3", "postgresql, dir", "postgresql, s3"})
    void orphansAreQueuedPastTheGraceAndDeletedAGraceLaterOthersStay(String database, String store) throws Exception {
        on(database, store, (db, blobs) -> {
            ReportStore reports = new ReportStore(db, Optional.of(blobs));
            byte[] kept = body("kept");
            String keptId = ingest(reports, kept, System.currentTimeMillis());
            String report = orphan(blobs, body("crashed before its row"), false);
            String debugFile = orphan(blobs, body("an upload that crashed"), true);
            // Five more, so that pages of two must follow one another (and cross the shard folders).
            for (int i = 0; i < 5; i++) {
                orphan(blobs, body("more " + i), i % 2 == 0);
            }
            // Not a key this server makes: never its to delete.
            byte[] foreign = body("foreign");
            blobs.put("reports/ab/not-a-sha256", foreign, Sha256.of(foreign));
            OrphanBlobs scan = new OrphanBlobs(db, GRACE, 0, 2);
            BlobDeletions deletions = new BlobDeletions(db);

            long wall = System.currentTimeMillis();
            assertEquals(new OrphanBlobs.Scanned(9, 0), scan.scan(blobs, wall), "all newer than the grace period");
            long later = wall + GRACE + 2_000;
            assertEquals(new OrphanBlobs.Scanned(9, 7), scan.scan(blobs, later));
            assertEquals(7, deletions.pending());
            assertEquals(new OrphanBlobs.Scanned(9, 0), scan.scan(blobs, later + 1), "queued once");

            assertEquals(new BlobDeletions.Swept(0, 0, 0), deletions.sweep(blobs, later + GRACE), "not before a grace");
            assertEquals(new BlobDeletions.Swept(7, 0, 7), deletions.sweep(blobs, later + GRACE + 1));
            assertFalse(blobs.exists(report), blobs.describe());
            assertFalse(blobs.exists(debugFile), blobs.describe());
            assertTrue(blobs.exists(BlobKeys.report(Sha256.of(kept))), "a stored report names it");
            assertTrue(blobs.exists("reports/ab/not-a-sha256"));
            assertArrayEquals(kept, reports.body(keptId).orElseThrow());
            assertEquals(new OrphanBlobs.Scanned(2, 0), scan.scan(blobs, later + 3 * GRACE));
            reports.close();
        });
    }

    /**
     * The race the queue is for: an ingest of an old orphan's bytes (a folder store's put leaves the old blob as
     * it is, so its time says nothing) is between its put and its commit while the scan queues the blob and a
     * sweep deletes it: the ingest learns of the deletion in its transaction and puts the bytes again.
     */
    @ParameterizedTest
    @CsvSource({"sqlite, dir", "sqlite, s3", "postgresql, dir", "postgresql, s3"})
    void anIngestOfAnOrphansBytesDuringItsDeletionKeepsTheBlob(String database, String store) throws Exception {
        on(database, store, (db, blobs) -> {
            byte[] bytes = body("raced");
            String key = orphan(blobs, bytes, false);
            OrphanBlobs scan = new OrphanBlobs(db, GRACE, 0);
            BlobDeletions deletions = new BlobDeletions(db);
            long later = System.currentTimeMillis() + GRACE + 2_000;
            AtomicReference<BlobDeletions.Swept> sweptInside = new AtomicReference<>();
            BlobStore scanningAfterPut = new DelegatingBlobStore(blobs) {
                @Override
                public void put(String k, InputStream in, long size, String sha256) throws BlobException {
                    super.put(k, in, size, sha256);
                    if (sweptInside.get() == null) {
                        try {
                            assertEquals(1, scan.scan(blobs, later).queued());
                            sweptInside.set(deletions.sweep(blobs, later + GRACE + 1));
                        } catch (StoreException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                }
            };
            ReportStore reports = new ReportStore(db, Optional.of(scanningAfterPut));
            String id = ingest(reports, bytes, later + GRACE + 1);
            assertEquals(new BlobDeletions.Swept(1, 0, 1), sweptInside.get(), "deleted between the put and the commit");
            assertTrue(blobs.exists(key), "put again by the ingest before its row committed");
            assertArrayEquals(bytes, reports.body(id).orElseThrow());
            assertEquals(0, deletions.pending());
            assertEquals(new OrphanBlobs.Scanned(1, 0), scan.scan(blobs, later + 3 * GRACE), "a row names it now");
            assertEquals(new BlobDeletions.Swept(0, 0, 0), deletions.sweep(blobs, later + 5 * GRACE));
            assertTrue(blobs.exists(key));
            reports.close();
        });
    }

    /** Queued as an orphan, then ingested before the sweep: the ingest cancels the deletion. */
    @ParameterizedTest
    @CsvSource({"sqlite, dir", "postgresql, s3"})
    void anIngestAfterTheScanCancelsTheDeletion(String database, String store) throws Exception {
        on(database, store, (db, blobs) -> {
            byte[] bytes = body("late row");
            String key = orphan(blobs, bytes, false);
            OrphanBlobs scan = new OrphanBlobs(db, GRACE, 0);
            BlobDeletions deletions = new BlobDeletions(db);
            long later = System.currentTimeMillis() + GRACE + 2_000;
            assertEquals(1, scan.scan(blobs, later).queued());
            ReportStore reports = new ReportStore(db, Optional.of(blobs));
            String id = ingest(reports, bytes, later + 1);
            assertEquals(0, deletions.pending());
            assertEquals(new BlobDeletions.Swept(0, 0, 0), deletions.sweep(blobs, later + 2 * GRACE));
            assertTrue(blobs.exists(key));
            assertArrayEquals(bytes, reports.body(id).orElseThrow());
            reports.close();
        });
    }

    /** Several servers on one database: one of them scans per interval. */
    @ParameterizedTest
    @CsvSource({"sqlite, dir", "postgresql, dir"})
    void oneServerScansPerInterval(String database, String store) throws Exception {
        on(database, store, (db, blobs) -> {
            long hour = OrphanBlobs.INTERVAL_MILLIS;
            OrphanBlobs one = new OrphanBlobs(db);
            OrphanBlobs two = new OrphanBlobs(db);
            long t = 1_000_000_000L;
            assertTrue(one.claim(t));
            assertFalse(two.claim(t + 1));
            assertFalse(one.claim(t + hour - 1));
            assertTrue(two.claim(t + hour));
            assertFalse(one.claim(t + hour));
            // A recorded start far in the future (a clock set back since) does not stop scans for ever.
            assertTrue(one.claim(t - 2 * hour));
        });
    }
}
