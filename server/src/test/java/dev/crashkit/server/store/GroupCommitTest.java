package dev.crashkit.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQLite's group commit ({@link GroupCommit}): units committed together, each rolled back alone when it fails,
 * answered only once committed, and run alone again when the transaction as a whole breaks.
 */
class GroupCommitTest {
    @TempDir
    Path tmp;

    private String url;
    private Database db;

    @BeforeEach
    void open() throws Exception {
        url = "jdbc:sqlite:" + tmp.resolve("g.db");
        db = Database.open(url, 4);
        db.write(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE t (x INTEGER PRIMARY KEY)");
            }
            return null;
        });
    }

    @AfterEach
    void close() {
        db.close();
    }

    private static Database.Work<Integer> insert(int x) {
        return c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO t (x) VALUES (?)")) {
                p.setInt(1, x);
                p.executeUpdate();
            }
            return x;
        };
    }

    /** The rows as committed, read on a connection of its own (not the pool's). */
    private Set<Integer> committed() throws SQLException {
        Set<Integer> out = new TreeSet<>();
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT x FROM t")) {
            while (r.next()) {
                out.add(r.getInt(1));
            }
        }
        return out;
    }

    @Test
    void aFailingUnitRollsBackAloneAndTheOthersCommit() throws Exception {
        RuntimeException bug = new IllegalStateException("a bug after writing");
        List<CompletableFuture<?>> answers = db.writeTogether(List.of(insert(1),
                c -> {
                    insert(2).run(c);
                    return insert(1).run(c); // a duplicate key: SQLite refuses the statement
                },
                insert(3),
                c -> {
                    insert(4).run(c);
                    throw bug;
                },
                insert(5)));
        assertEquals(1, Database.answer(answers.get(0)));
        StoreException refused = assertThrows(StoreException.class, () -> Database.answer(answers.get(1)));
        assertInstanceOf(SQLException.class, refused.getCause());
        assertTrue(refused.getMessage().startsWith("database: "), refused.getMessage());
        assertEquals(3, Database.answer(answers.get(2)));
        assertSame(bug, assertThrows(IllegalStateException.class, () -> Database.answer(answers.get(3))));
        assertEquals(5, Database.answer(answers.get(4)));
        // 2 and 4 went with their units' savepoints; 1, 3 and 5 are committed.
        assertEquals(Set.of(1, 3, 5), committed());
    }

    @Test
    void unitsWaitingTogetherShareOneCommitAndAreAnsweredOnlyAfterIt() throws Exception {
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<?> blocker = db.writeTogether(List.of(c -> {
            insert(0).run(c);
            inside.countDown();
            try {
                if (!release.await(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("not released");
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return null;
        })).get(0);
        assertTrue(inside.await(30, TimeUnit.SECONDS));
        long commitsBefore = db.groupCommitStats()[0];
        ExecutorService writers = Executors.newFixedThreadPool(64);
        try {
            List<Future<Integer>> sent = new ArrayList<>();
            for (int i = 1; i <= 64; i++) {
                int x = i;
                sent.add(writers.submit(() -> db.write(insert(x))));
            }
            // All 64 wait behind the unit in hand; none is answered before a commit.
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (db.queuedUnits() < 64 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertEquals(64, db.queuedUnits());
            for (Future<Integer> f : sent) {
                assertFalse(f.isDone());
            }
            assertEquals(Set.of(), committed());
            release.countDown();
            Database.answer(blocker);
            for (int i = 0; i < sent.size(); i++) {
                assertEquals(i + 1, sent.get(i).get(30, TimeUnit.SECONDS));
            }
        } finally {
            writers.shutdownNow();
        }
        assertEquals(65, committed().size());
        // The blocker's commit, then the 64 in one (at most MAX_UNITS a group).
        assertEquals(2, db.groupCommitStats()[0] - commitsBefore, "commits for 65 units");
    }

    @Test
    void aBrokenTransactionIsRolledBackAndEachUnitRunsAlone() throws Exception {
        List<CompletableFuture<?>> answers = db.writeTogether(List.of(insert(1),
                c -> {
                    // Ends the group's transaction under it (as SQLite does after an I/O error): the savepoints are gone.
                    c.rollback();
                    return insert(2).run(c);
                },
                insert(3)));
        for (int i = 0; i < 3; i++) {
            assertEquals(i + 1, Database.answer(answers.get(i)));
        }
        assertEquals(Set.of(1, 2, 3), committed());
    }

    @Test
    void writesFromManyThreadsAllCommit() throws Exception {
        ExecutorService writers = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> sent = new ArrayList<>();
            for (int i = 0; i < 800; i++) {
                int x = i;
                sent.add(writers.submit(() -> db.write(insert(x))));
            }
            for (Future<Integer> f : sent) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            writers.shutdownNow();
        }
        assertEquals(800, committed().size());
        long[] stats = db.groupCommitStats();
        assertTrue(stats[1] >= 800 && stats[0] <= stats[1], "commits " + stats[0] + ", units " + stats[1]);
    }

    @Test
    void afterCloseWritesAreRefused() {
        db.close();
        StoreException e = assertThrows(StoreException.class, () -> db.write(insert(1)));
        assertEquals("the server is stopping", e.getMessage());
    }
}
