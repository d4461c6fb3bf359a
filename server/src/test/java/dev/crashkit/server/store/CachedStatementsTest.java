package dev.crashkit.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SQLite statements kept per connection (issue 32 goal 4): reused, reset between uses, bounded. */
class CachedStatementsTest {
    @TempDir
    Path data;

    private Connection open() throws SQLException {
        Connection raw = DriverManager.getConnection("jdbc:sqlite:" + data.resolve("t.db"));
        try (Statement s = raw.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS t (k TEXT PRIMARY KEY, v INTEGER)");
        }
        raw.setAutoCommit(false);
        return CachedStatements.wrap(raw);
    }

    @Test
    void aClosedStatementIsUsedAgainWithItsParametersCleared() throws Exception {
        try (Connection c = open()) {
            PreparedStatement first;
            try (PreparedStatement p = c.prepareStatement("INSERT INTO t (k, v) VALUES (?, ?)")) {
                first = p;
                p.setString(1, "a");
                p.setLong(2, 1);
                assertEquals(1, p.executeUpdate());
            }
            assertTrue(first.isClosed());
            assertThrows(SQLException.class, () -> first.setString(1, "x"), "a closed lease refuses use");
            try (PreparedStatement p = c.prepareStatement("INSERT INTO t (k, v) VALUES (?, ?)")) {
                assertSame(first, p, "the kept statement");
                assertFalse(p.isClosed());
                p.setString(1, "b");
                // The second parameter is not set again: cleared, it binds NULL (not the 1 of the first use).
                assertEquals(1, p.executeUpdate());
            }
            c.commit();
            try (PreparedStatement p = c.prepareStatement("SELECT v FROM t WHERE k = ?")) {
                p.setString(1, "b");
                try (ResultSet r = p.executeQuery()) {
                    assertTrue(r.next());
                    r.getLong(1);
                    assertTrue(r.wasNull(), "the cleared parameter bound NULL");
                }
            }
            assertEquals(2, CachedStatements.keptCount(c));
        }
    }

    @Test
    void aResultSetLeftOpenIsClosedWithItsStatementAndTheNextUseReadsFromTheStart() throws Exception {
        try (Connection c = open()) {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO t (k, v) VALUES (?, ?)")) {
                for (int i = 0; i < 3; i++) {
                    p.setString(1, "k" + i);
                    p.setLong(2, i);
                    p.addBatch();
                }
                p.executeBatch();
            }
            c.commit();
            ResultSet left;
            try (PreparedStatement p = c.prepareStatement("SELECT v FROM t ORDER BY v")) {
                left = p.executeQuery();
                assertTrue(left.next()); // stops after the first row
            }
            assertTrue(left.isClosed());
            try (PreparedStatement p = c.prepareStatement("SELECT v FROM t ORDER BY v");
                 ResultSet r = p.executeQuery()) {
                int rows = 0;
                while (r.next()) {
                    assertEquals(rows, r.getLong(1));
                    rows++;
                }
                assertEquals(3, rows);
            }
            // A batch left unexecuted is not run by the next use.
            try (PreparedStatement p = c.prepareStatement("INSERT INTO t (k, v) VALUES (?, ?)")) {
                p.setString(1, "never");
                p.setLong(2, 9);
                p.addBatch();
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO t (k, v) VALUES (?, ?)")) {
                p.setString(1, "once");
                p.setLong(2, 10);
                p.addBatch();
                assertEquals(1, p.executeBatch().length);
            }
            c.commit();
            try (PreparedStatement p = c.prepareStatement("SELECT COUNT(*) FROM t WHERE k = 'never'");
                 ResultSet r = p.executeQuery()) {
                assertTrue(r.next());
                assertEquals(0, r.getLong(1));
            }
        }
    }

    @Test
    void manyQueriesInOneUseAndTheLastLeftOpen() throws Exception {
        try (Connection c = open()) {
            ResultSet last = null;
            try (PreparedStatement p = c.prepareStatement("SELECT ? + 1")) {
                for (int i = 0; i < 100; i++) {
                    p.setInt(1, i);
                    last = p.executeQuery();
                    assertTrue(last.next());
                    assertEquals(i + 1, last.getInt(1));
                }
            }
            assertTrue(last.isClosed());
            try (PreparedStatement p = c.prepareStatement("SELECT ? + 1")) {
                p.setInt(1, 41);
                try (ResultSet r = p.executeQuery()) {
                    assertTrue(r.next());
                    assertEquals(42, r.getInt(1));
                }
            }
        }
    }

    @Test
    void theSameTextNestedGetsAStatementOfItsOwn() throws Exception {
        try (Connection c = open()) {
            try (PreparedStatement outer = c.prepareStatement("SELECT 1");
                 PreparedStatement inner = c.prepareStatement("SELECT 1")) {
                assertNotSame(outer, inner);
                try (ResultSet a = outer.executeQuery(); ResultSet b = inner.executeQuery()) {
                    assertTrue(a.next());
                    assertTrue(b.next());
                }
            }
            assertEquals(1, CachedStatements.keptCount(c));
        }
    }

    @Test
    void atMostMaxStatementsAreKeptTheLeastRecentlyUsedClosedFirst() throws Exception {
        try (Connection c = open()) {
            PreparedStatement firstKept;
            try (PreparedStatement p = c.prepareStatement("SELECT 0")) {
                firstKept = p;
            }
            for (int i = 1; i <= CachedStatements.MAX + 10; i++) {
                try (PreparedStatement p = c.prepareStatement("SELECT " + i)) {
                    p.executeQuery().close();
                }
            }
            assertEquals(CachedStatements.MAX, CachedStatements.keptCount(c));
            assertFalse(CachedStatements.keptSql(c).contains("SELECT 0"), "the least recently used went first");
            try (PreparedStatement p = c.prepareStatement("SELECT 0")) {
                assertNotSame(firstKept, p, "prepared again");
            }
        }
    }

    @Test
    void theDatabasePoolKeepsStatementsOnSqlite() throws Exception {
        try (Database db = Database.open("jdbc:sqlite:" + data.resolve("pool.db"), 1)) {
            ReportStore reports = new ReportStore(db);
            try {
                for (int i = 0; i < 3; i++) {
                    reports.ingest(new byte[] {(byte) i}, "0" + i, "test", dev.crashkit.server.symbolication.Dimensions.none(),
                            java.util.Optional.of("client-" + i), 1000 + i);
                }
                // Writes run on the group committer's own connection: asked there, as a write.
                int kept = db.write(CachedStatements::keptCount);
                assertTrue(kept >= 5, "the ingest writer's statements are kept: " + kept);
                assertEquals(kept, (int) db.write(CachedStatements::keptCount), "not prepared again");
            } finally {
                reports.close();
            }
        }
    }
}
