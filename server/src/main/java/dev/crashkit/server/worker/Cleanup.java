package dev.crashkit.server.worker;

import dev.crashkit.server.metrics.Metrics;
import dev.crashkit.server.store.Retention;
import dev.crashkit.server.store.StoreException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Runs the retention cleanup ({@link Retention}) at start, every interval, and when an admin asks
 * ({@code POST /api/admin/cleanup}); one run at a time. Each run's counts go to {@code /metrics}.
 */
public final class Cleanup implements AutoCloseable {
    private final Retention retention;
    private final Retention.Policy policy;
    private final Metrics metrics;
    private final Consumer<String> log;
    private final LongSupplier clock;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "crashkit-cleanup");
        t.setDaemon(true);
        return t;
    });

    public Cleanup(Retention retention, Retention.Policy policy, Metrics metrics, Consumer<String> log, LongSupplier clock) {
        this.retention = retention;
        this.policy = policy;
        this.metrics = metrics;
        this.log = log;
        this.clock = clock;
    }

    /** Runs now and then every {@code intervalMillis}, when the policy removes anything at all. */
    public void start(long intervalMillis) {
        if (policy.keepsAll()) {
            return;
        }
        timer.scheduleWithFixedDelay(this::scheduled, 0, intervalMillis, TimeUnit.MILLISECONDS);
    }

    private void scheduled() {
        try {
            Retention.Removed r = runNow();
            if (r.reports() > 0) {
                log.accept("cleanup: removed " + r.reports() + " reports, " + r.bytes() + " bytes");
            }
        } catch (StoreException | RuntimeException e) {
            // The next run tries again; the timer must not stop on one failure.
            log.accept("cleanup: " + e.getMessage());
        }
    }

    /** One run now (waiting for a run in progress to end first). */
    public synchronized Retention.Removed runNow() throws StoreException {
        Retention.Removed r = retention.run(policy, clock.getAsLong());
        metrics.cleanedUp(r.reports(), r.results(), r.bytes());
        return r;
    }

    public Retention.Policy policy() {
        return policy;
    }

    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
