package dev.crashkit.server.store;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A small fixed pool of JDBC connections to SQLite (WAL, synchronous=FULL: a committed transaction is
 * on disk) or PostgreSQL (synchronous_commit as configured by the server, on by default). Writes to
 * SQLite take one process-wide lock: SQLite has a single writer anyway, and waiting on a Java lock is
 * fairer than retrying on SQLITE_BUSY (and keeps deferred transactions from failing to upgrade). Once the
 * migrations ran, SQLite's writes are group-committed ({@link GroupCommit}: one transaction and one fsync for
 * all the writes waiting at that moment) and its checkpoints run outside the lock ({@link WalCheckpointer}).
 */
public final class Database implements AutoCloseable {

    /** Work in one transaction. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection c) throws SQLException, StoreException;
    }

    private final String url;
    private final Dialect dialect;
    private final BlockingQueue<Connection> idle;
    private final List<Connection> all = new ArrayList<>();
    private final ReentrantLock sqliteWriter = new ReentrantLock(true);
    /** Lock waits and holds by kind of write ({@code -Dcrashkit.writerStats=FILE}; measuring only). */
    private final java.util.Optional<WriterStats> stats = WriterStats.fromSystemProperty();

    /** SQLite's group commit of every write, once the migrations ran; null on PostgreSQL. */
    private volatile GroupCommit grouped;
    /** SQLite's checkpoints, outside the writer lock; null on PostgreSQL. */
    private volatile WalCheckpointer checkpointer;

    /** Whether SQLite connections keep their prepared statements ({@link CachedStatements}; false only in tests). */
    private final boolean keepStatements;

    /** Whether SQLite writes are group-committed and checkpointed outside the writer (false only in tests). */
    private final boolean groupCommit;

    private Database(String url, Dialect dialect, int size, boolean keepStatements, boolean groupCommit) {
        this.url = url;
        this.dialect = dialect;
        this.idle = new ArrayBlockingQueue<>(size);
        this.keepStatements = keepStatements;
        this.groupCommit = groupCommit;
    }

    /** Opens {@code size} connections and applies the migrations. */
    public static Database open(String url, int size) throws StoreException {
        return open(url, size, true);
    }

    /** As {@link #open(String, int)}; {@code keepStatements} false prepares every statement afresh (tests compare). */
    static Database open(String url, int size, boolean keepStatements) throws StoreException {
        return open(url, size, keepStatements, true);
    }

    /**
     * As {@link #open(String, int, boolean)}; {@code groupCommit} false writes each transaction alone under the
     * writer lock and leaves checkpoints to SQLite's commits, as before {@link GroupCommit} (tests compare).
     */
    static Database open(String url, int size, boolean keepStatements, boolean groupCommit) throws StoreException {
        Dialect dialect = Dialect.of(url);
        Database db = new Database(url, dialect, size, keepStatements, groupCommit);
        try {
            for (int i = 0; i < size; i++) {
                Connection c = db.connect();
                db.all.add(c);
                db.idle.add(c);
            }
            Migrations.apply(db);
            if (dialect == Dialect.SQLITE && groupCommit) {
                // After the migrations (run alone): from here every write is group-committed, on a connection
                // of the committer's own.
                Connection committer = db.connect();
                db.all.add(committer);
                try (Statement s = committer.createStatement()) {
                    // The savepoints' statement journals in memory, not in a temporary file per group (bounded
                    // by the group's own writes); only this connection's: the readers' large sorts may spill.
                    s.execute("PRAGMA temp_store=MEMORY");
                }
                committer.commit();
                db.grouped = new GroupCommit(db, committer);
                db.checkpointer = WalCheckpointer.start(url);
            }
        } catch (SQLException e) {
            db.close();
            throw new StoreException("cannot open database " + Dialect.redact(url) + ": " + e.getMessage(), e);
        } catch (StoreException e) {
            db.close();
            throw e;
        }
        return db;
    }

    /** The writer's measurements, when asked for ({@code -Dcrashkit.writerStats=FILE}). */
    java.util.Optional<WriterStats> writerStats() {
        return stats;
    }

    /** {@link GroupCommit}'s transactions committed and the units they carried (tests). */
    long[] groupCommitStats() {
        return grouped.stats();
    }

    /** Units waiting for {@link GroupCommit}'s next transaction (tests). */
    int queuedUnits() {
        return grouped.queuedUnits();
    }

    /** Whether writes are group-committed ({@link GroupCommit}: SQLite). */
    boolean groupsWrites() {
        return grouped != null;
    }

    public Dialect dialect() {
        return dialect;
    }

    private Connection connect() throws SQLException {
        Properties p = new Properties();
        if (dialect == Dialect.SQLITE) {
            // Set on every connection: synchronous and busy_timeout are per connection.
            p.setProperty("journal_mode", "WAL");
            p.setProperty("synchronous", "FULL");
            p.setProperty("busy_timeout", "30000");
            p.setProperty("foreign_keys", "true");
            // Else the driver runs and prepares afresh a "SELECT last_insert_rowid()" after every INSERT, for a
            // getGeneratedKeys() the server never calls (a third of an ingested report's statements).
            p.setProperty("jdbc.get_generated_keys", "false");
        }
        Connection c = DriverManager.getConnection(url, p);
        if (dialect == Dialect.SQLITE) {
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA journal_mode=WAL");
                s.execute("PRAGMA synchronous=FULL");
                // Checkpoints are WalCheckpointer's, outside the writer lock; a commit's own only as a backstop.
                if (groupCommit) {
                    s.execute("PRAGMA wal_autocheckpoint=" + WalCheckpointer.BACKSTOP_PAGES);
                }
            }
            UnicodeLower.register(c);
            c.setAutoCommit(false);
            // SQLite's driver prepares every statement afresh; PostgreSQL's keeps them itself.
            return keepStatements ? CachedStatements.wrap(c) : c;
        }
        c.setAutoCommit(false);
        return c;
    }

    /** Runs a read-only unit of work. */
    public <T> T read(Work<T> work) throws StoreException {
        return run(work, false);
    }

    /**
     * Runs work in a transaction that is committed (durably) before this returns. On SQLite the work joins the
     * others waiting at that moment in one transaction ({@link GroupCommit}), in a savepoint of its own: what it
     * wrote is committed, or rolled back with the error it threw, before this returns, as if it were alone.
     */
    public <T> T write(Work<T> work) throws StoreException {
        if (grouped == null || grouped.isCommitter()) {
            return run(work, true);
        }
        @SuppressWarnings("unchecked")
        CompletableFuture<T> done = (CompletableFuture<T>) grouped.submitTogether(List.of(work)).get(0);
        return answer(done);
    }

    /**
     * Queues {@code works} to be committed in one transaction, in this order, each in a savepoint of its own
     * (on SQLite; on PostgreSQL each runs in a transaction of its own, one after the other, before this
     * returns). Each answer completes once its work is committed, or with its failure ({@link #answer}).
     */
    public List<CompletableFuture<?>> writeTogether(List<Work<?>> works) throws StoreException {
        if (grouped != null && !grouped.isCommitter()) {
            return grouped.submitTogether(works);
        }
        List<CompletableFuture<?>> out = new ArrayList<>();
        for (Work<?> w : works) {
            out.add(ranAlone(w));
        }
        return out;
    }

    private <T> CompletableFuture<T> ranAlone(Work<T> work) {
        try {
            return CompletableFuture.completedFuture(run(work, true));
        } catch (StoreException | RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Waits (not interruptibly, as for the writer lock) for a unit's commit; its failure thrown as it was. */
    public static <T> T answer(CompletableFuture<T> done) throws StoreException {
        try {
            return done.join();
        } catch (CompletionException | CancellationException e) {
            Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
            if (cause instanceof StoreException se) {
                throw se;
            }
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new StoreException("database: " + cause, cause);
        }
    }

    /** A unit of {@link GroupCommit} in a transaction of its own, as before group commit. */
    <T> T writeAlone(Work<T> work) throws StoreException {
        return run(work, true);
    }

    /** Times a transaction PostgreSQL rolled back for a deadlock or serialization failure is run again. */
    private static final int RETRIES = 3;

    private <T> T run(Work<T> work, boolean writes) throws StoreException {
        for (int attempt = 1; ; attempt++) {
            try {
                return runOnce(work, writes);
            } catch (StoreException e) {
                // Two transactions updating the same group rows in another order (workers completing batches):
                // PostgreSQL aborts one (SQLSTATE class 40); it is safe to run again, having changed nothing.
                if (attempt >= RETRIES || !rolledBackByServer(e)) {
                    throw e;
                }
            }
        }
    }

    private static boolean rolledBackByServer(StoreException e) {
        return e.getCause() instanceof SQLException sql && sql.getSQLState() != null && sql.getSQLState().startsWith("40");
    }

    private <T> T runOnce(Work<T> work, boolean writes) throws StoreException {
        return runOnce(work, writes, () -> WriterStats.kindOf(work), 1);
    }

    /** One transaction on a connection of the pool. */
    private <T> T runOnce(Work<T> work, boolean writes, Supplier<String> kind, int units) throws StoreException {
        Connection c = take();
        try {
            return runOnce(c, work, writes, kind, units);
        } finally {
            idle.add(c);
        }
    }

    /** One transaction on {@code c}; a SQLite write holds the writer lock throughout. */
    private <T> T runOnce(Connection c, Work<T> work, boolean writes, Supplier<String> kind, int units)
            throws StoreException {
        boolean locked = writes && dialect == Dialect.SQLITE;
        long asked = System.nanoTime();
        if (locked) {
            sqliteWriter.lock();
        }
        try {
            long held = System.nanoTime();
            T result = work.run(c);
            long committing = System.nanoTime();
            boolean measured = locked && stats.isPresent();
            long commitCpu = measured ? java.lang.management.ManagementFactory.getThreadMXBean()
                    .getCurrentThreadCpuTime() : 0;
            c.commit();
            if (measured) {
                stats.get().unit("(commit)", java.lang.management.ManagementFactory.getThreadMXBean()
                        .getCurrentThreadCpuTime() - commitCpu, System.nanoTime() - committing);
            }
            if (locked && checkpointer != null) {
                checkpointer.committed();
            }
            if (locked && stats.isPresent()) {
                long end = System.nanoTime();
                stats.get().record(kind.get(), units, held - asked, end - held, end - committing);
            }
            return result;
        } catch (SQLException e) {
            rollback(c);
            throw new StoreException("database: " + e.getMessage(), e);
        } catch (StoreException | RuntimeException | Error e) {
            rollback(c);
            throw e;
        } finally {
            if (locked) {
                sqliteWriter.unlock();
            }
        }
    }

    /**
     * {@link GroupCommit}'s transaction on its own connection {@code c} (its page cache stays warm: no other
     * connection writes): {@code units} units of the kinds named, committed together.
     */
    <T> T inWriteTransaction(Connection c, Work<T> work, Supplier<String> kinds, int units) throws StoreException {
        return runOnce(c, work, true, kinds, units);
    }

    private Connection take() throws StoreException {
        try {
            Connection c = idle.poll(60, TimeUnit.SECONDS);
            if (c == null) {
                throw new StoreException("database: no connection free after 60 s");
            }
            return c;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException("database: interrupted while waiting for a connection");
        }
    }

    private static void rollback(Connection c) {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // The connection is broken; the original error is the one to report.
        }
    }

    @Override
    public void close() {
        if (grouped != null) {
            grouped.close();
        }
        if (checkpointer != null) {
            checkpointer.close();
        }
        stats.ifPresent(WriterStats::close);
        for (Connection c : all) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // closing at shutdown: nothing left to do with it
            }
        }
    }
}
