package dev.crashkit.server.store;

import dev.crashkit.server.PostgresSchema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.server.blob.BlobKeys;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code --debug-file-retention-days} on SQLite and PostgreSQL (a schema of its own): a file neither uploaded
 * nor used within the period goes (rows, identities, then its local bytes after the grace period); one
 * uploaded again or used within it (allowing for uses written at most hourly) stays.
 */
class DebugFileRetentionTest {
    private static final long DAY = 86_400_000L;
    private static final long HOUR = 3_600_000L;

    @TempDir
    Path dir;

    private interface OnDatabase {
        void run(Database db) throws Exception;
    }

    private void on(String database, OnDatabase test) throws Exception {
        if (database.equals("sqlite")) {
            try (Database db = Database.open("jdbc:sqlite:" + dir.resolve("t.db"), 4)) {
                test.run(db);
            }
            return;
        }
        // A schema of its own on the test PostgreSQL, dropped afterwards.
        try (PostgresSchema schema = PostgresSchema.create("dfret");
             Database db = Database.open(schema.url(), 4)) {
            test.run(db);
        }
    }

    /** Stages, keeps and records a file with these bytes and one identity, at {@code now}; its SHA-256. */
    private static String upload(DebugFileStore files, String content, String debugId, long now) throws Exception {
        DebugFileStore.Staged s = files.stage(new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8)), 1 << 20);
        Path stored = files.keep(s, debugId + ".debug");
        files.record(s, stored, debugId + ".debug", List.of(new DebugFileStore.Id(debugId, "arm64", "", true)), now);
        return s.sha256();
    }

    private static Long lastUsed(Database db, String sha256) throws StoreException {
        return db.read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT last_used_at FROM debug_files WHERE sha256 = ?")) {
                p.setString(1, sha256);
                try (ResultSet r = p.executeQuery()) {
                    r.next();
                    long v = r.getLong(1);
                    return r.wasNull() ? null : v;
                }
            }
        });
    }

    private static BlobDeletions.Target local(DebugFileStore files) {
        return new LocalDebugFilesTarget(files);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void filesNeitherUploadedNorUsedWithinThePeriodGoAndTheOthersStay(String database) throws Exception {
        on(database, db -> {
            DebugFileStore files = new DebugFileStore(dir.resolve("debug-files-" + database), dir.resolve("tmp"), db);
            DebugFileUses uses = new DebugFileUses(db);
            String unused = upload(files, "never used", "ID-UNUSED", 1000);
            String usedLate = upload(files, "used late", "ID-USED", 1000);
            String usedInTheHour = upload(files, "used just before the period", "ID-HOUR", 1000);
            String reuploaded = upload(files, "uploaded again", "ID-AGAIN", 1000);
            String recent = upload(files, "uploaded recently", "ID-RECENT", 25 * DAY);

            long now = 30 * DAY;
            long period = 10 * DAY; // neither uploaded nor used since day 20 goes
            uses.used(List.of(usedLate), 22 * DAY);
            uses.used(List.of(usedInTheHour), 20 * DAY - HOUR / 2); // within the hour writes may lag: kept
            upload(files, "uploaded again", "ID-AGAIN", 24 * DAY);
            assertEquals(24 * DAY, lastUsed(db, reuploaded), "an upload of a stored file counts as a use");

            DebugFileRetention.Removed removed = new DebugFileRetention(db).run(period, now);
            assertEquals(1, removed.files(), removed.toString());
            assertEquals("never used".length(), removed.bytes());
            assertTrue(files.bySha1(sha1("never used")).isEmpty(), "its row and identities are gone");
            for (String kept : List.of(usedLate, usedInTheHour, reuploaded, recent)) {
                assertEquals(1L, (long) db.read(c -> count(c, "SELECT COUNT(*) FROM debug_files WHERE sha256 = '" + kept + "'")),
                        kept);
            }
            assertEquals(0L, (long) db.read(c -> count(c, "SELECT COUNT(*) FROM debug_ids WHERE debug_id = 'ID-UNUSED'")));

            // The local bytes go after the grace period, not before.
            BlobDeletions deletions = new BlobDeletions(db);
            assertEquals(new BlobDeletions.Swept(0, 0), deletions.sweep(local(files), now + 1));
            assertTrue(Files.isDirectory(files.folder().resolve(unused)));
            assertEquals(new BlobDeletions.Swept(1, 0), deletions.sweep(local(files), now + BlobDeletions.GRACE_MILLIS + 1));
            assertFalse(Files.exists(files.folder().resolve(unused)));
            assertTrue(Files.isDirectory(files.folder().resolve(usedLate)));

            // Nothing more to remove in the same run; after another 10 days unused, the rest go.
            assertEquals(0, new DebugFileRetention(db).run(period, now).files());
            assertEquals(4, new DebugFileRetention(db).run(period, 40 * DAY).files());
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void usesAreWrittenAtMostHourlyPerFile(String database) throws Exception {
        on(database, db -> {
            DebugFileStore files = new DebugFileStore(dir.resolve("debug-files-" + database), dir.resolve("tmp"), db);
            DebugFileUses uses = new DebugFileUses(db);
            String sha = upload(files, "a file", "ID-A", 1000);
            assertEquals(null, lastUsed(db, sha));
            uses.used(List.of(sha), 10 * DAY);
            assertEquals(10 * DAY, lastUsed(db, sha));
            uses.used(List.of(sha), 10 * DAY + HOUR - 1);
            assertEquals(10 * DAY, lastUsed(db, sha), "not written again within the hour");
            uses.used(List.of(sha), 10 * DAY + HOUR);
            assertEquals(10 * DAY + HOUR, lastUsed(db, sha));
        });
    }

    /** A file uploaded again after the cleanup deleted its bytes is stored anew. */
    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void aFileUploadedAgainAfterItsRemovalIsStoredAnew(String database) throws Exception {
        on(database, db -> {
            DebugFileStore files = new DebugFileStore(dir.resolve("debug-files-" + database), dir.resolve("tmp"), db);
            String sha = upload(files, "comes back", "ID-BACK", 1000);
            assertEquals(1, new DebugFileRetention(db).run(DAY, 10 * DAY).files());
            new BlobDeletions(db).sweep(local(files), 10 * DAY + BlobDeletions.GRACE_MILLIS + 1);
            assertFalse(Files.exists(files.folder().resolve(sha)));
            upload(files, "comes back", "ID-BACK", 11 * DAY);
            assertTrue(Files.isRegularFile(files.folder().resolve(sha).resolve("ID-BACK.debug")));
            assertEquals(1, files.bySha1(sha1("comes back")).orElseThrow().ids().size());
            assertEquals(0, new BlobDeletions(db).pending());
        });
    }

    private static long count(Connection c, String sql) throws java.sql.SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    private static String sha1(String content) throws Exception {
        return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-1")
                .digest(content.getBytes(StandardCharsets.UTF_8)));
    }
}
