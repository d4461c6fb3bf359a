package dev.crashkit.server.store;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Copies SQLite's write-ahead log into the database file from a thread of its own (a PASSIVE checkpoint on a
 * connection of its own), so that the commit which crosses the log's size limit does not do it while holding the
 * writer (issue 32 goal 4: SQLite's automatic checkpoint ran inside that commit, writing and fsyncing the
 * database file while every other write waited). A passive checkpoint waits for nobody and blocks nobody: it
 * copies what no reader still needs, and the next writer starts the log over once all of it was copied. The
 * automatic checkpoint stays on as a backstop, at {@link #BACKSTOP_PAGES}, should this thread fall behind.
 * Durability is the commits' (WAL, synchronous=FULL); a checkpoint only moves committed pages.
 */
final class WalCheckpointer implements AutoCloseable {
    /** The log's size, in pages, at which a commit checkpoints by itself (SQLite's default is 1,000). */
    static final int BACKSTOP_PAGES = 10_000;

    /** Commits after which a checkpoint is run (about SQLite's 1,000 pages at a few pages a commit). */
    private static final int COMMITS = 200;

    /** A checkpoint at least this often while there were commits. */
    private static final long EVERY_MILLIS = 1000;

    private final Connection connection;
    private final Semaphore commits = new Semaphore(0);
    private final Thread thread;
    private volatile boolean running = true;

    private WalCheckpointer(Connection connection) {
        this.connection = connection;
        this.thread = new Thread(this::loop, "crashkit-wal-checkpoint");
        thread.setDaemon(true);
        thread.start();
    }

    /** Starts checkpointing the database at {@code url} (SQLite). */
    static WalCheckpointer start(String url) throws SQLException {
        Connection c = DriverManager.getConnection(url);
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA busy_timeout=30000");
        }
        return new WalCheckpointer(c);
    }

    /** A transaction committed: counts towards the next checkpoint. */
    void committed() {
        commits.release();
    }

    private void loop() {
        while (running) {
            try {
                boolean many = commits.tryAcquire(COMMITS, EVERY_MILLIS, TimeUnit.MILLISECONDS);
                if (commits.drainPermits() > 0 || many) {
                    checkpoint();
                }
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void checkpoint() {
        try (Statement s = connection.createStatement(); ResultSet r = s.executeQuery("PRAGMA wal_checkpoint(PASSIVE)")) {
            r.next();
        } catch (SQLException e) {
            // Left to the next one, or to the automatic checkpoint of a commit: nothing is lost meanwhile.
        }
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            connection.close();
        } catch (SQLException ignored) {
            // closing at shutdown
        }
    }
}
