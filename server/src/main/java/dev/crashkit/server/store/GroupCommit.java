package dev.crashkit.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Group commit for every write to SQLite (issue 32 goal 4): one thread runs all the units of work waiting at
 * that moment, whoever sent them (the ingest's reports, the workers' claims and results, the cleanup), in one
 * transaction, each in a SAVEPOINT of its own, and commits once: one fsync for all of them instead of one
 * each, and the writer lock taken once. A unit that fails is rolled back to its savepoint alone and its caller
 * gets the error; the others commit. Each caller is answered only after the commit (or the failure) of its
 * unit, so {@link Database#write} still returns only once its work is durable. If the transaction as a whole
 * cannot go on (the commit fails, or SQLite rolled the whole transaction back after an I/O error, so a
 * savepoint is gone), it is rolled back and each unit not failed yet is run again alone, in a transaction of
 * its own, as if it had come alone.
 */
final class GroupCommit {
    /** Most units in one transaction (bounds a commit's length; every caller waits for its whole group). */
    static final int MAX_UNITS = 128;

    /** The committer's CPU time per unit, measured only with {@code -Dcrashkit.writerStats}. */
    private static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();

    /** A unit of work and its caller's answer. */
    private record Unit<T>(Database.Work<T> work, CompletableFuture<T> done, long queuedNanos) {
        void succeed(Object result) {
            @SuppressWarnings("unchecked")
            T t = (T) result;
            done.complete(t);
        }
    }

    /** How one unit went inside the group: its result, or what it threw. */
    private record Outcome(Object result, Throwable failure) {
    }

    private final Database db;
    /** The committer's own connection (not the pool's): its page cache is never made stale by another writer. */
    private final Connection connection;
    private final LinkedBlockingQueue<List<Unit<?>>> queue = new LinkedBlockingQueue<>();
    private final Thread thread;
    private volatile boolean running = true;
    private final AtomicLong commits = new AtomicLong();
    private final AtomicLong committedUnits = new AtomicLong();

    GroupCommit(Database db, Connection connection) {
        this.db = db;
        this.connection = connection;
        this.thread = new Thread(this::loop, "crashkit-sqlite-committer");
        thread.setDaemon(true);
        thread.start();
    }

    /** Whether the caller is the committer itself (a unit must not wait for the group it runs in). */
    boolean isCommitter() {
        return Thread.currentThread() == thread;
    }

    /**
     * Queues {@code works} to run in this order in one transaction (whatever else joins it); each answer
     * completes once that transaction committed, or with the unit's failure.
     */
    List<CompletableFuture<?>> submitTogether(List<Database.Work<?>> works) throws StoreException {
        List<Unit<?>> units = new ArrayList<>(works.size());
        List<CompletableFuture<?>> answers = new ArrayList<>(works.size());
        for (Database.Work<?> w : works) {
            Unit<?> u = unit(w);
            units.add(u);
            answers.add(u.done());
        }
        synchronized (this) {
            // Under the lock with close(): nothing is queued after the thread's last look at the queue.
            if (!running) {
                throw new StoreException("the server is stopping");
            }
            queue.add(units);
        }
        return answers;
    }

    private static <T> Unit<T> unit(Database.Work<T> work) {
        return new Unit<>(work, new CompletableFuture<>(), System.nanoTime());
    }

    private void loop() {
        while (running) {
            List<Unit<?>> group = new ArrayList<>();
            try {
                List<Unit<?>> first = queue.poll(200, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                group.addAll(first);
                // Whole submissions only (units sent together stay together), up to MAX_UNITS (one may pass it).
                for (List<Unit<?>> next; group.size() < MAX_UNITS && (next = queue.poll()) != null; ) {
                    group.addAll(next);
                }
                // A caller that gave up (IngestBatcher's 120 s) is not written long after.
                group.removeIf(u -> u.done().isCancelled());
                if (!group.isEmpty()) {
                    runGroup(group);
                }
            } catch (InterruptedException e) {
                running = false;
            } catch (RuntimeException | Error e) {
                // Never leaves the thread, and no caller waits for ever: whoever was not answered gets the error.
                for (Unit<?> u : group) {
                    u.done().completeExceptionally(e);
                }
            }
        }
        for (List<Unit<?>> units; (units = queue.poll()) != null; ) {
            for (Unit<?> u : units) {
                u.done().completeExceptionally(new StoreException("the server is stopping"));
            }
        }
    }

    private void runGroup(List<Unit<?>> group) {
        List<Outcome> outcomes = new ArrayList<>(group.size());
        java.util.Optional<WriterStats> stats = db.writerStats();
        long cpuBefore = stats.isPresent() ? CPU.getCurrentThreadCpuTime() : 0;
        long wallBefore = System.nanoTime();
        long[] inUnits = new long[2];
        try {
            db.inWriteTransaction(connection, c -> {
                for (Unit<?> u : group) {
                    if (stats.isPresent()) {
                        stats.get().unit("(queued)", 0, System.nanoTime() - u.queuedNanos());
                    }
                    outcomes.add(runInSavepoint(c, u.work(), stats, inUnits));
                }
                return null;
            }, () -> kinds(group), group.size());
            if (stats.isPresent()) {
                stats.get().unit("(group:savepoints+commit+rest)",
                        CPU.getCurrentThreadCpuTime() - cpuBefore - inUnits[0], System.nanoTime() - wallBefore - inUnits[1]);
            }
            commits.incrementAndGet();
            committedUnits.addAndGet(group.size());
        } catch (StoreException | RuntimeException | Error whole) {
            // The transaction itself failed (rolled back): each unit that had not failed on its own runs alone.
            for (int i = 0; i < group.size(); i++) {
                Unit<?> u = group.get(i);
                if (i < outcomes.size() && outcomes.get(i).failure() != null) {
                    u.done().completeExceptionally(outcomes.get(i).failure());
                } else {
                    runAlone(u);
                }
            }
            return;
        }
        for (int i = 0; i < group.size(); i++) {
            Outcome o = outcomes.get(i);
            if (o.failure() != null) {
                group.get(i).done().completeExceptionally(o.failure());
            } else {
                group.get(i).succeed(o.result());
            }
        }
    }

    private <T> void runAlone(Unit<T> u) {
        try {
            u.done().complete(db.writeAlone(u.work()));
        } catch (StoreException | RuntimeException | Error e) {
            u.done().completeExceptionally(e);
        }
    }

    /**
     * Runs one unit in a savepoint: released when it succeeds, rolled back to when it throws (the unit's
     * failure is its outcome). Throws only when the savepoint itself cannot be rolled back or released: the
     * whole transaction is broken then.
     */
    private static Outcome runInSavepoint(Connection c, Database.Work<?> work, java.util.Optional<WriterStats> stats,
                                          long[] inUnits) throws SQLException {
        long spCpu = stats.isPresent() ? CPU.getCurrentThreadCpuTime() : 0;
        execute(c, "SAVEPOINT unit");
        Object result;
        long cpu = stats.isPresent() ? CPU.getCurrentThreadCpuTime() : 0;
        long wall = System.nanoTime();
        spCpu = cpu - spCpu;
        try {
            result = work.run(c);
            if (stats.isPresent()) {
                cpu = CPU.getCurrentThreadCpuTime() - cpu;
                wall = System.nanoTime() - wall;
                inUnits[0] += cpu;
                inUnits[1] += wall;
                stats.get().unit(WriterStats.kindOf(work), cpu, wall);
            }
        } catch (SQLException e) {
            execute(c, "ROLLBACK TO unit");
            execute(c, "RELEASE unit");
            return new Outcome(null, new StoreException("database: " + e.getMessage(), e));
        } catch (StoreException | RuntimeException | Error e) {
            execute(c, "ROLLBACK TO unit");
            execute(c, "RELEASE unit");
            return new Outcome(null, e);
        }
        long relCpu = stats.isPresent() ? CPU.getCurrentThreadCpuTime() : 0;
        execute(c, "RELEASE unit");
        if (stats.isPresent()) {
            stats.get().unit("(savepoints)", spCpu + CPU.getCurrentThreadCpuTime() - relCpu, 0);
        }
        return new Outcome(result, null);
    }

    private static void execute(Connection c, String sql) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(sql)) {
            p.executeUpdate();
        }
    }

    private static String kinds(List<Unit<?>> group) {
        TreeSet<String> kinds = new TreeSet<>();
        for (Unit<?> u : group) {
            kinds.add(WriterStats.kindOf(u.work()));
        }
        return String.join("+", kinds);
    }

    /** Group transactions committed so far, and the units they carried (failed units included). */
    long[] stats() {
        return new long[] {commits.get(), committedUnits.get()};
    }

    /** Units waiting for the next group. */
    int queuedUnits() {
        int n = 0;
        for (List<Unit<?>> units : queue) {
            n += units.size();
        }
        return n;
    }

    /** Stops taking units; those queued are refused. Not interrupted: that could cut a commit short. */
    void close() {
        synchronized (this) {
            running = false;
        }
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
