package dev.crashkit.server.worker;

import dev.crashkit.server.blob.BlobStore;
import dev.crashkit.server.metrics.Metrics;
import dev.crashkit.server.store.BlobDeletions;
import dev.crashkit.server.store.Retention;
import dev.crashkit.server.store.StoreException;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Runs the retention cleanup ({@link Retention}) at start, every interval, and when an admin asks
 * ({@code POST /api/admin/cleanup}); one run at a time. With a shared blob store, each run then deletes the
 * blobs that removed rows left unreferenced ({@link BlobDeletions}). Each run's counts go to {@code /metrics}.
 */
public final class Cleanup implements AutoCloseable {
    /** What one run did: the removed reports, and the blobs deleted from the shared store. */
    public record Run(Retention.Removed removed, long blobsDeleted) {
    }

    private final Retention retention;
    private final Retention.Policy policy;
    private final BlobDeletions blobDeletions;
    private final Optional<BlobStore> blobs;
    private final Metrics metrics;
    private final Consumer<String> log;
    private final LongSupplier clock;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "crashkit-cleanup");
        t.setDaemon(true);
        return t;
    });

    /** Without a shared blob store. */
    public Cleanup(Retention retention, Retention.Policy policy, Metrics metrics, Consumer<String> log, LongSupplier clock) {
        this(retention, policy, null, Optional.empty(), metrics, log, clock);
    }

    /** With {@code blobs}, whose unreferenced blobs {@code blobDeletions} deletes after each run. */
    public Cleanup(Retention retention, Retention.Policy policy, BlobDeletions blobDeletions, Optional<BlobStore> blobs,
                   Metrics metrics, Consumer<String> log, LongSupplier clock) {
        this.retention = retention;
        this.policy = policy;
        this.blobDeletions = blobDeletions;
        this.blobs = blobs;
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
            Run r = runNow();
            if (r.removed().reports() > 0 || r.blobsDeleted() > 0) {
                log.accept("cleanup: removed " + r.removed().reports() + " reports, " + r.removed().bytes()
                        + " bytes; deleted " + r.blobsDeleted() + " unreferenced blobs");
            }
        } catch (StoreException | RuntimeException e) {
            // The next run tries again; the timer must not stop on one failure.
            log.accept("cleanup: " + e.getMessage());
        }
    }

    /**
     * One run now (waiting for a run in progress to end first).
     *
     * @throws StoreException also when the blob store refused a deletion (the removals are counted)
     */
    public synchronized Run runNow() throws StoreException {
        long now = clock.getAsLong();
        Retention.Removed r = retention.run(policy, now);
        metrics.cleanedUp(r.reports(), r.results(), r.bytes());
        long deleted = 0;
        if (blobs.isPresent()) {
            deleted = blobDeletions.sweep(blobs.get(), now).deleted();
            metrics.blobsDeleted(deleted);
        }
        return new Run(r, deleted);
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
