package dev.crashkit.server.worker;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.server.metrics.Metrics;
import dev.crashkit.server.store.DebugFileUses;
import dev.crashkit.server.store.Queue;
import dev.crashkit.server.store.ReportStore;
import dev.crashkit.server.store.Results;
import dev.crashkit.server.store.StoreException;
import dev.crashkit.server.symbolication.BadInputException;
import dev.crashkit.server.symbolication.DebugFiles;
import dev.crashkit.server.symbolication.Outcome;
import dev.crashkit.server.symbolication.ReportSymbolicator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A fixed pool of symbolication threads reading the queue in the database. Ingest only signals that
 * there is work ({@link #wake()}); the threads also poll, so nothing depends on the signal.
 */
public final class Workers implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    /**
     * Jobs a worker claims at once: one claim commit and one result commit for several reports. With 4 the
     * workers fell behind a burst of small reports (upload to symbolicated p50 108-322 ms at ~780 reports/s, each
     * commit an fsync under SQLite's one write lock); with 16 they kept up (10-11 ms; BENCHMARKS.md). A claim
     * takes only what is pending, so a report sent alone is still claimed alone.
     */
    static final int BATCH = 16;

    /**
     * A claim's results done so far are committed once this much time has passed since its first report began:
     * one slow report (a large minidump) does not hold the others' results back for long.
     */
    static final long COMMIT_AFTER_MILLIS = 50;

    private final Queue queue;
    private final ReportStore reports;
    private final Results results;
    private final Symbolize symbolicator;
    private final DebugFiles debugFiles;
    private volatile Optional<DebugFileUses> uses = Optional.empty();
    private final Metrics metrics;
    private final Consumer<String> log;
    private final Semaphore work = new Semaphore(0);
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean running = true;

    /** One stored report's symbolication ({@link ReportSymbolicator#symbolicate}). */
    @FunctionalInterface
    public interface Symbolize {
        Outcome symbolicate(byte[] body) throws BadInputException, IOException;
    }

    public Workers(Queue queue, ReportStore reports, Results results, ReportSymbolicator symbolicator,
                   DebugFiles debugFiles, Metrics metrics, Consumer<String> log) {
        this(queue, reports, results, symbolicator::symbolicate, debugFiles, metrics, log);
    }

    /** With {@code symbolicator} doing each report's pass (tests give one that throws). */
    public Workers(Queue queue, ReportStore reports, Results results, Symbolize symbolicator,
                   DebugFiles debugFiles, Metrics metrics, Consumer<String> log) {
        this.queue = queue;
        this.reports = reports;
        this.results = results;
        this.symbolicator = symbolicator;
        this.debugFiles = debugFiles;
        this.metrics = metrics;
        this.log = log;
    }

    /** Records which uploaded debug files each pass used (for {@code --debug-file-retention-days}). */
    public void recordUsesIn(DebugFileUses uses) {
        this.uses = Optional.of(uses);
    }

    public void start(int count) {
        for (int i = 0; i < count; i++) {
            Thread t = new Thread(this::loop, "crashkit-symbolicate-" + i);
            t.setDaemon(true);
            t.start();
            threads.add(t);
        }
        Thread renewer = new Thread(this::renewClaims, "crashkit-claim-renewal");
        renewer.setDaemon(true);
        renewer.start();
        threads.add(renewer);
    }

    /**
     * Keeps this server's claims alive while its workers symbolicate (a large report may take longer than
     * the lease), so that another server on the same database takes over only the claims of a server that
     * stopped renewing: it died or hangs.
     */
    private void renewClaims() {
        long every = Math.max(100, queue.leaseMillis() / 3);
        while (running) {
            try {
                Thread.sleep(every);
                queue.renew(System.currentTimeMillis());
            } catch (InterruptedException e) {
                return;
            } catch (StoreException e) {
                log.accept("claim renewal: " + e.getMessage());
            }
        }
    }

    /** There is new work (a report or a debug file arrived). */
    public void wake() {
        if (work.availablePermits() < threads.size()) {
            work.release(threads.size());
        }
    }

    private void loop() {
        // The jobs claimed with the previous claim's results (one commit for both), else none yet.
        List<Queue.Job> jobs = List.of();
        while (running) {
            try {
                if (jobs.isEmpty()) {
                    jobs = queue.claim(System.currentTimeMillis(), BATCH);
                }
                if (jobs.isEmpty()) {
                    work.tryAcquire(500, TimeUnit.MILLISECONDS);
                    work.drainPermits();
                    continue;
                }
                List<Queue.Job> next = List.of();
                try {
                    List<Results.Done> done = new ArrayList<>();
                    long since = System.nanoTime();
                    for (Queue.Job job : jobs) {
                        symbolicate(job).ifPresent(done::add);
                        if (System.nanoTime() - since > COMMIT_AFTER_MILLIS * 1_000_000) {
                            complete(done);
                            done.clear();
                            since = System.nanoTime();
                        }
                    }
                    next = completeAndClaim(done);
                } finally {
                    // Completed, or left for the lease to expire (after an error): no longer renewed either way.
                    queue.done(jobs);
                    jobs = next;
                }
            } catch (InterruptedException e) {
                return;
            } catch (StoreException e) {
                log.accept("symbolication worker: " + e.getMessage());
                sleepQuietly();
            } catch (RuntimeException | Error e) {
                // A bug (or an Error) outside one report's pass must not stop the pool; the jobs stay
                // claimed and are retried after the lease, at most Queue.MAX_ATTEMPTS times.
                log.accept("symbolication worker: internal error: " + e);
                sleepQuietly();
            }
        }
    }

    /**
     * Stores a claim's last results and claims the next jobs in the same transaction (on SQLite one commit for
     * both, instead of the results' and then the claim's). The results are handled as by {@link #complete}: a
     * result the database refuses is stored alone, or failed; the database unavailable leaves them to the lease.
     */
    private List<Queue.Job> completeAndClaim(List<Results.Done> done) throws StoreException {
        if (!running) {
            complete(done); // stopping: nothing more is claimed (it would wait for the lease or the next start)
            return List.of();
        }
        if (done.isEmpty()) {
            return queue.claim(System.currentTimeMillis(), BATCH);
        }
        long now = System.currentTimeMillis();
        List<java.util.concurrent.CompletableFuture<List<java.util.OptionalLong>>> answer = new ArrayList<>(1);
        List<Queue.Job> next = List.of();
        StoreException claimFailed = null;
        try {
            next = queue.claimAfter(results.completeAllWork(done, d -> debugFiles.generation() != d.started(), now),
                    answer::add, now, BATCH);
        } catch (StoreException e) {
            if (answer.isEmpty()) {
                throw e; // nothing was run (the server is stopping)
            }
            claimFailed = e;
        }
        try {
            recordSymbolicated(dev.crashkit.server.store.Database.answer(answer.get(0)), now);
        } catch (StoreException e) {
            try {
                if (!refusesData(e)) {
                    throw e;
                }
                completeEach(done);
            } catch (StoreException unavailable) {
                // As a failed complete(): these results wait for the lease; the jobs just claimed are worked on.
                log.accept("symbolication worker: " + unavailable.getMessage());
            }
        }
        if (claimFailed != null) {
            throw claimFailed;
        }
        return next;
    }

    /** Symbolicates one claimed report; a failure is stored at once and gives no result. */
    private Optional<Results.Done> symbolicate(Queue.Job job) throws StoreException {
        long started = debugFiles.generation();
        Optional<byte[]> body = reports.body(job.reportId());
        if (body.isEmpty()) {
            results.fail(job, "the report's body is missing", System.currentTimeMillis());
            return Optional.empty();
        }
        Outcome o;
        try {
            o = symbolicator.symbolicate(body.get());
        } catch (DebugFiles.Unavailable e) {
            // The shared store is down: not the report's fault; the job stays claimed and is retried.
            throw new StoreException("report " + job.reportId() + ": " + e.getMessage(), e);
        } catch (BadInputException | IOException e) {
            results.fail(job, e.getMessage(), System.currentTimeMillis());
            metrics.failed();
            return Optional.empty();
        } catch (OutOfMemoryError e) {
            // One report too large for this heap (its allocations are gone once unwound): mark it failed
            // rather than let the worker thread die with the job claimed and retried forever.
            log.accept("symbolication of report " + job.reportId() + ": out of memory");
            results.fail(job, "out of memory while symbolicating (Java heap " + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MB)", System.currentTimeMillis());
            metrics.failed();
            return Optional.empty();
        } catch (RuntimeException e) {
            // A bug met by this one report: mark it failed (retrying would meet it again) and go on.
            log.accept("symbolication of report " + job.reportId() + ": internal error: " + e);
            results.fail(job, "internal error: " + e.getClass().getSimpleName(), System.currentTimeMillis());
            metrics.failed();
            return Optional.empty();
        } catch (Error e) {
            // StackOverflowError, or an Error that may be the machine's rather than this report's (LinkageError,
            // InternalError): caught here, per report, so that the worker thread lives on and the other jobs of
            // its claim are done now (issue 32: the thread died, holding them all until the lease ran out). The
            // job is freed and tried again; its last attempt marks the report failed with the error.
            String error = "internal error: " + e.getClass().getSimpleName();
            log.accept("symbolication of report " + job.reportId() + " (attempt " + job.attempt() + " of "
                    + Queue.MAX_ATTEMPTS + "): " + e);
            if (job.attempt() >= Queue.MAX_ATTEMPTS) {
                results.fail(job, "symbolication did not finish in " + Queue.MAX_ATTEMPTS + " attempts: " + error,
                        System.currentTimeMillis());
                metrics.failed();
            } else {
                queue.release(job, error);
            }
            return Optional.empty();
        }
        if (uses.isPresent() && !o.usedUploads().isEmpty()) {
            try {
                uses.get().used(o.usedUploads(), System.currentTimeMillis());
            } catch (StoreException e) {
                // Only the retention's view of the files' use; the pass itself is stored.
                log.accept("recording the debug files report " + job.reportId() + " used: " + e.getMessage());
            }
        }
        List<Results.Missing> missing = new ArrayList<>();
        for (Outcome.MissingImage m : o.missing()) {
            missing.add(new Results.Missing(m.debugId(), m.name(), m.arch().orElse(""), m.frames(), m.keepsPartial()));
        }
        return Optional.of(new Results.Done(job, new Results.Written(o.status(), o.symbolicatedJson(),
                json(o.appImages()), o.group().id(), o.group().title(), o.group().exception(),
                json(o.group().frames()), missing, o.dimensions(), o.frameText()), started));
    }

    /**
     * Stores the batch's results in one transaction. If the database refuses it, each result is stored
     * on its own: one the database cannot take (SQLITE_TOOBIG for a huge report's result) is marked
     * failed with the reason, and the others claimed with it are stored (issue 32: the whole batch was
     * retried forever, a small report staying pending with the huge one).
     */
    private void complete(List<Results.Done> done) throws StoreException {
        if (done.isEmpty()) {
            return;
        }
        try {
            completeTogether(done);
            return;
        } catch (StoreException e) {
            if (!refusesData(e)) {
                throw e; // the database is unavailable: the jobs are retried after the lease, as before
            }
        }
        completeEach(done);
    }

    /** Each result in a transaction of its own: one the database refuses is failed with the reason. */
    private void completeEach(List<Results.Done> done) throws StoreException {
        StoreException unavailable = null;
        for (Results.Done d : done) {
            try {
                completeTogether(List.of(d));
            } catch (StoreException e) {
                if (!refusesData(e)) {
                    unavailable = unavailable == null ? e : unavailable;
                    continue;
                }
                log.accept("symbolication of report " + d.job().reportId() + ": cannot store the result: " + e.getMessage());
                results.fail(d.job(), "cannot store the result: " + e.getMessage(), System.currentTimeMillis());
                metrics.failed();
            }
        }
        if (unavailable != null) {
            throw unavailable;
        }
    }

    /**
     * Whether the database refused the data itself (retrying cannot help): SQLite's SQLITE_TOOBIG (result
     * code 18), or a PostgreSQL data exception (SQLSTATE class 22) or program limit exceeded (class 54).
     */
    private static boolean refusesData(StoreException e) {
        for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
            if (t instanceof java.sql.SQLException sql) {
                String state = sql.getSQLState() == null ? "" : sql.getSQLState();
                return state.startsWith("22") || state.startsWith("54") || (sql.getErrorCode() & 0xff) == 18;
            }
        }
        return false;
    }

    private void completeTogether(List<Results.Done> done) throws StoreException {
        long now = System.currentTimeMillis();
        // The debug files changed since a pass began: what it still missed may be there now.
        recordSymbolicated(results.completeAllReceived(done, d -> debugFiles.generation() != d.started(), now), now);
    }

    private void recordSymbolicated(List<java.util.OptionalLong> firstReceived, long now) {
        for (java.util.OptionalLong received : firstReceived) {
            metrics.symbolicated(received.isPresent() ? now - received.getAsLong() : -1);
        }
    }

    private static String json(List<String> values) {
        try {
            return JSON.writeValueAsString(values);
        } catch (IOException e) {
            throw new IllegalStateException("a list of strings always serialises", e);
        }
    }

    private void sleepQuietly() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    @Override
    public void close() {
        running = false;
        for (Thread t : threads) {
            t.interrupt();
        }
        for (Thread t : threads) {
            try {
                t.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
