package dev.crashkit.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.server.PostgresSchema;
import dev.crashkit.server.blob.BlobKeys;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Without a blob store (uploads in {@code DATA/debug-files/<sha256>}): the folder an upload wrote before its
 * server died, no row naming it, is found by the orphan scan past the grace period and deleted by a sweep a
 * grace period later; recorded files stay, and an upload of the same bytes never commits a row whose file the
 * cleanup deleted. On SQLite and PostgreSQL.
 */
class LocalDebugFileOrphansTest {
    private static final long GRACE = BlobDeletions.GRACE_MILLIS;

    @TempDir
    Path dir;

    interface OnFiles {
        void run(Database db, DebugFileStore files) throws Exception;
    }

    private void on(String database, OnFiles test) throws Exception {
        if (database.equals("sqlite")) {
            try (Database db = Database.open("jdbc:sqlite:" + dir.resolve("t.db"), 4)) {
                test.run(db, new DebugFileStore(dir.resolve("debug-files"), dir.resolve("tmp"), db));
            }
            return;
        }
        try (PostgresSchema schema = PostgresSchema.create("localorphans");
             Database db = Database.open(schema.url(), 4)) {
            test.run(db, new DebugFileStore(dir.resolve("debug-files"), dir.resolve("tmp"), db));
        }
    }

    private static BlobDeletions.Target local(DebugFileStore files) {
        return new LocalDebugFilesTarget(files);
    }

    private static DebugFileStore.Staged stage(DebugFileStore files, String text) throws IOException {
        return files.stage(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), 1 << 20);
    }

    /** An upload whose server died after writing the file, before its row. */
    private static Path crashedUpload(DebugFileStore files, String text) throws IOException {
        return files.keep(stage(files, text), "lost.dylib");
    }

    private static Path upload(DebugFileStore files, String text, long now) throws IOException, StoreException {
        DebugFileStore.Staged s = stage(files, text);
        Path stored = files.keep(s, "kept.dylib");
        files.record(s, stored, "kept.dylib", List.of(), now);
        return stored;
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void aFolderNoRowNamesIsQueuedPastTheGraceAndDeletedAGraceLaterRecordedOnesStay(String database) throws Exception {
        on(database, (db, files) -> {
            long wall = System.currentTimeMillis();
            Path kept = upload(files, "recorded", wall);
            Path lost = crashedUpload(files, "its server died before the row");
            Path alsoLost = crashedUpload(files, "another one");
            // Not a folder this store makes: never its to delete.
            Path foreign = Files.writeString(Files.createDirectories(files.folder().resolve("notes")).resolve("x"), "x");
            OrphanBlobs scan = new OrphanBlobs(db, GRACE, 0, 2);
            OrphanBlobs.Listing listing = files.localListing().orElseThrow();
            BlobDeletions deletions = new BlobDeletions(db);

            assertEquals(new OrphanBlobs.Scanned(3, 0), scan.scan(listing, wall), "all newer than the grace period");
            long later = wall + GRACE + 2_000;
            // The recorded file is as old as the others: only its row keeps it from being queued.
            assertEquals(new OrphanBlobs.Scanned(3, 2), scan.scan(listing, later));
            assertEquals(2, deletions.pending());
            assertEquals(new BlobDeletions.Swept(0, 0, 0), deletions.sweep(local(files), later + GRACE), "not yet");
            assertEquals(new BlobDeletions.Swept(2, 0, 2), deletions.sweep(local(files), later + GRACE + 1));
            assertFalse(Files.exists(lost.getParent()), lost.toString());
            assertFalse(Files.exists(alsoLost.getParent()), alsoLost.toString());
            assertTrue(Files.isRegularFile(kept), "a row names it");
            assertTrue(Files.isRegularFile(foreign));
            assertEquals(new OrphanBlobs.Scanned(1, 0), scan.scan(listing, later + 3 * GRACE));
        });
    }

    /** Queued as an orphan, then uploaded again before the sweep: the upload cancels the deletion. */
    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void anUploadAfterTheScanCancelsTheDeletion(String database) throws Exception {
        on(database, (db, files) -> {
            Path lost = crashedUpload(files, "uploaded again");
            OrphanBlobs scan = new OrphanBlobs(db, GRACE, 0);
            BlobDeletions deletions = new BlobDeletions(db);
            long later = System.currentTimeMillis() + GRACE + 2_000;
            assertEquals(1, scan.scan(files.localListing().orElseThrow(), later).queued());
            Path stored = upload(files, "uploaded again", later + 1);
            assertEquals(lost.getParent(), stored.getParent(), "the same content, the same folder");
            assertEquals(0, deletions.pending(), "the upload's transaction took it off the queue");
            assertEquals(new BlobDeletions.Swept(0, 0, 0), deletions.sweep(local(files), later + 3 * GRACE));
            assertTrue(Files.isRegularFile(stored));
            assertTrue(Files.isRegularFile(lost));
        });
    }

    /**
     * The race: an upload of an orphan's bytes finds the old folder (so its file's time says nothing) and,
     * between that and its commit, the scan queues the folder and a sweep deletes it. The upload's transaction
     * sees the deletion and refuses rather than committing a row without its file; the client's retry stores it.
     */
    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void anUploadOfAnOrphansBytesDuringItsDeletionNeverCommitsARowWithoutItsFile(String database) throws Exception {
        on(database, (db, files) -> {
            crashedUpload(files, "raced");
            OrphanBlobs scan = new OrphanBlobs(db, GRACE, 0);
            BlobDeletions deletions = new BlobDeletions(db);
            long later = System.currentTimeMillis() + GRACE + 2_000;
            DebugFileStore.Staged s = stage(files, "raced");
            Path stored = files.keep(s, "raced.dylib");
            assertEquals(1, scan.scan(files.localListing().orElseThrow(), later).queued());
            assertEquals(new BlobDeletions.Swept(1, 0, 1), deletions.sweep(local(files), later + GRACE + 1));
            StoreUnavailableException refused = assertThrows(StoreUnavailableException.class,
                    () -> files.record(s, stored, "raced.dylib", List.of(), later + GRACE + 2));
            assertTrue(refused.getMessage().contains("upload it again"), refused.getMessage());
            assertTrue(files.bySha1(s.sha1()).isEmpty(), "no row without its file");

            Path retried = upload(files, "raced", later + GRACE + 3);
            assertTrue(Files.isRegularFile(retried));
            assertTrue(files.bySha1(s.sha1()).isPresent());
            assertEquals(new OrphanBlobs.Scanned(1, 0), scan.scan(files.localListing().orElseThrow(), later + 3 * GRACE));
            assertEquals(new BlobDeletions.Swept(0, 0, 0), deletions.sweep(local(files), later + 5 * GRACE));
            assertTrue(Files.isRegularFile(retried));
        });
    }
}
