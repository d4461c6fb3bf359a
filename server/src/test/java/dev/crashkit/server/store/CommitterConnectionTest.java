package dev.crashkit.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.server.symbolication.Dimensions;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConnection;

/**
 * The SQLite group committer's connection (issue 32 goal 4): its own, never the pool's (its page cache is not
 * made stale by another writer), savepoint journals in memory on it only, and no generated-keys query after an
 * INSERT on any connection.
 */
class CommitterConnectionTest {
    @TempDir
    Path tmp;

    @Test
    void writesRunOnTheCommittersOwnConnectionWithTemporaryDataInMemory() throws Exception {
        try (Database db = Database.open("jdbc:sqlite:" + tmp.resolve("c.db"), 1)) {
            SQLiteConnection first = db.write(c -> c.unwrap(SQLiteConnection.class));
            SQLiteConnection second = db.write(c -> c.unwrap(SQLiteConnection.class));
            SQLiteConnection pool = db.read(c -> c.unwrap(SQLiteConnection.class));
            assertSame(first, second, "every write on the committer's connection");
            assertNotSame(first, pool, "the readers' pool is not the committer's");
            assertEquals(2, (int) db.write(c -> pragma(c, "temp_store")), "committer: temp_store=MEMORY");
            assertEquals(0, (int) db.read(c -> pragma(c, "temp_store")), "readers: SQLite's default (their sorts may spill)");
        }
    }

    @Test
    void noConnectionAsksForGeneratedKeys() throws Exception {
        try (Database db = Database.open("jdbc:sqlite:" + tmp.resolve("k.db"), 1)) {
            boolean committer = db.write(c -> c.unwrap(SQLiteConnection.class).getConnectionConfig().isGetGeneratedKeys());
            boolean reader = db.read(c -> c.unwrap(SQLiteConnection.class).getConnectionConfig().isGetGeneratedKeys());
            assertFalse(committer, "committer");
            assertFalse(reader, "reader");
        }
    }

    @Test
    void ingestedReportsGetVersion7Ids() throws Exception {
        try (Database db = Database.open("jdbc:sqlite:" + tmp.resolve("i.db"), 1)) {
            ReportStore reports = new ReportStore(db);
            try {
                long before = System.currentTimeMillis();
                String id = reports.ingest(new byte[] {1}, "01", "test", Dimensions.none(), Optional.empty(), 1000).id();
                UUID uuid = UUID.fromString(id);
                assertEquals(7, uuid.version(), id);
                long millis = uuid.getMostSignificantBits() >>> 16;
                assertTrue(millis >= before && millis <= System.currentTimeMillis(), id);
            } finally {
                reports.close();
            }
        }
    }

    private static int pragma(Connection c, String name) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("PRAGMA " + name)) {
            r.next();
            return r.getInt(1);
        }
    }
}
