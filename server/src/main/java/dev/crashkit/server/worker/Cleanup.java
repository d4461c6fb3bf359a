package dev.crashkit.server.worker;

import dev.crashkit.server.blob.BlobException;
import dev.crashkit.server.blob.BlobKeys;
import dev.crashkit.server.blob.BlobStore;
import dev.crashkit.server.blob.DirectoryBlobStore;
import dev.crashkit.server.metrics.Metrics;
import dev.crashkit.server.store.BlobDeletions;
import dev.crashkit.server.store.DebugFileRetention;
import dev.crashkit.server.store.DebugFileStore;
import dev.crashkit.server.store.OrphanBlobs;
import dev.crashkit.server.store.Retention;
import dev.crashkit.server.store.StoreException;
import dev.crashkit.server.store.StoreUnavailableException;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Runs the retention cleanup at start, every interval, and when an admin asks ({@code POST
 * /api/admin/cleanup}); one run at a time. A run removes raw reports ({@link Retention}) and debug files
 * neither uploaded nor used for {@code --debug-file-retention-days} ({@link DebugFileRetention}), then
 * deletes the stored bytes removed rows left unreferenced once their grace period is over
 * ({@link BlobDeletions}: the shared blob store's objects, this server's local debug files), reindexes the
 * debug files when any went and deletes the symbol caches built from the local files that went. With a shared
 * blob store a run also lists it for orphan blobs when that is due ({@link OrphanBlobs}, at most hourly across
 * servers), queueing them for a later run's sweep, and deletes a folder store's temporary files of puts a crash
 * interrupted; without a blob store it lists this server's debug files folder the same way (an upload that
 * crashed between writing its file and committing its row). Each run's counts go to {@code /metrics}.
 */
public final class Cleanup implements AutoCloseable {
    /**
     * What one run did: removed reports and debug files, stored blobs or files deleted, blobs the orphan scan
     * found (queued for deletion), orphans deleted (among {@code blobsDeleted}) and temporary files of puts a
     * crash interrupted deleted from a folder store.
     */
    public record Run(Retention.Removed removed, DebugFileRetention.Removed debugFiles, long blobsDeleted,
                      long orphanBlobsFound, long orphanBlobsDeleted, long partialBlobsDeleted) {
    }

    /** Reloads the debug file index (after local files went). */
    @FunctionalInterface
    public interface Reindex {
        void reload() throws IOException;
    }

    /** Deletes the symbol caches built from the local debug files with these SHA-256s (they went); how many. */
    @FunctionalInterface
    public interface DropCaches {
        int drop(Collection<String> sha256s) throws IOException;
    }

    /**
     * What a run works on.
     *
     * @param debugFileRetentionMillis remove debug files neither uploaded nor used for this long; 0: keep them
     * @param blobs                    the shared blob store, when there is one
     * @param orphanBlobs              lists {@code blobs} for blobs no row names (at most once an interval)
     * @param files                    the uploaded debug files (their local copies)
     */
    public record Parts(Retention retention, Retention.Policy policy, DebugFileRetention debugFileRetention,
                        long debugFileRetentionMillis, BlobDeletions blobDeletions, OrphanBlobs orphanBlobs,
                        Optional<BlobStore> blobs, Optional<DebugFileStore> files, Reindex reindex,
                        DropCaches dropCaches) {
    }

    private final Parts parts;
    private final long graceMillis;
    private final Metrics metrics;
    private final Consumer<String> log;
    private final LongSupplier clock;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "crashkit-cleanup");
        t.setDaemon(true);
        return t;
    });

    /** @param graceMillis what {@code parts.blobDeletions()} waits before deleting (local copies the same) */
    public Cleanup(Parts parts, long graceMillis, Metrics metrics, Consumer<String> log, LongSupplier clock) {
        this.parts = parts;
        this.graceMillis = graceMillis;
        this.metrics = metrics;
        this.log = log;
        this.clock = clock;
    }

    /**
     * Runs now and then every {@code intervalMillis}, when it removes anything at all: with retention, and with
     * a shared blob store or a debug files folder (whose orphans it looks for).
     */
    public void start(long intervalMillis) {
        if (parts.policy().keepsAll() && parts.debugFileRetentionMillis() == 0 && orphanListing().isEmpty()) {
            return;
        }
        timer.scheduleWithFixedDelay(this::scheduled, 0, intervalMillis, TimeUnit.MILLISECONDS);
    }

    private void scheduled() {
        try {
            Run r = runNow();
            if (r.removed().reports() > 0 || r.debugFiles().files() > 0 || r.blobsDeleted() > 0
                    || r.orphanBlobsFound() > 0 || r.partialBlobsDeleted() > 0) {
                log.accept("cleanup: removed " + r.removed().reports() + " reports (" + r.removed().bytes()
                        + " bytes) and " + r.debugFiles().files() + " debug files (" + r.debugFiles().bytes()
                        + " bytes); deleted " + r.blobsDeleted() + " unreferenced blobs (" + r.orphanBlobsDeleted()
                        + " of them orphans) and " + r.partialBlobsDeleted() + " temporary files of interrupted puts; found "
                        + r.orphanBlobsFound() + " orphan blobs");
            }
        } catch (StoreException | RuntimeException e) {
            // The next run tries again; the timer must not stop on one failure.
            log.accept("cleanup: " + e.getMessage());
        }
    }

    /**
     * One run now (waiting for a run in progress to end first).
     *
     * @throws StoreException also when a deletion was refused (what was removed before is counted)
     */
    public synchronized Run runNow() throws StoreException {
        long now = clock.getAsLong();
        Retention.Removed r = parts.retention().run(parts.policy(), now);
        metrics.cleanedUp(r.reports(), r.results(), r.bytes());
        DebugFileRetention.Removed files = parts.debugFileRetention().run(parts.debugFileRetentionMillis(), now);
        metrics.debugFilesRemoved(files.files(), files.bytes());
        // Blobs an ingest or upload put and never committed a row for; queued here, deleted by a later sweep.
        OrphanBlobs.Scanned orphans = OrphanBlobs.Scanned.NONE;
        long partials = 0;
        Optional<OrphanBlobs.Listing> listing = orphanListing();
        if (listing.isPresent() && parts.orphanBlobs().claim(now)) {
            try {
                orphans = parts.orphanBlobs().scan(listing.get(), now);
                metrics.orphanBlobs(orphans.queued(), 0);
            } catch (StoreUnavailableException e) {
                // The store could not be listed now: the sweep below still runs; the next interval lists again.
                log.accept("cleanup: " + e.getMessage());
            }
            if (parts.blobs().isPresent()) {
                // A put a crash interrupted leaves its temporary file; any server's put is long over after a day.
                try {
                    partials = parts.blobs().get().sweepTemporaries(now - DirectoryBlobStore.STALE_PART_MILLIS);
                    metrics.partialBlobsDeleted(partials);
                } catch (BlobException e) {
                    log.accept("cleanup: " + e.getMessage());
                }
            }
        }
        // The local copies deleted in this run (their symbol caches go after).
        Set<String> localGone = new TreeSet<>();
        BlobDeletions.Target target = new BlobDeletions.Target() {
            @Override
            public List<String> prefixes() {
                // Without a blob store only local debug files are this server's to delete.
                return parts.blobs().isPresent() ? List.of(BlobKeys.REPORTS, BlobKeys.DEBUG_FILES)
                        : parts.files().isPresent() ? List.of(BlobKeys.DEBUG_FILES) : List.of();
            }

            @Override
            public void delete(String key) throws BlobException {
                if (parts.blobs().isPresent()) {
                    parts.blobs().get().delete(key);
                }
                if (key.startsWith(BlobKeys.DEBUG_FILES) && parts.files().isPresent()) {
                    try {
                        if (parts.files().get().dropLocal(BlobKeys.sha256Of(key))) {
                            localGone.add(BlobKeys.sha256Of(key));
                        }
                    } catch (IOException e) {
                        throw new BlobException("cannot delete the local copy of " + key + ": " + e.getMessage(), e);
                    }
                }
            }

            @Override
            public String describe() {
                return parts.blobs().map(BlobStore::describe).orElse("the debug files folder");
            }
        };
        try {
            BlobDeletions.Swept swept = parts.blobDeletions().sweep(target, now);
            metrics.blobsDeleted(swept.deleted());
            metrics.orphanBlobs(0, swept.orphansDeleted());
            if (parts.files().isPresent()) {
                // Copies of files another server's cleanup removed (each server caches the shared store's files).
                localGone.addAll(parts.files().get().dropUnrecordedCopies(now - graceMillis));
            }
            return new Run(r, files, swept.deleted(), orphans.queued(), swept.orphansDeleted(), partials);
        } catch (IOException e) {
            throw new StoreException("cleanup: dropping cached copies of removed debug files: " + e.getMessage(), e);
        } finally {
            if (!localGone.isEmpty() || parts.debugFileRetentionMillis() > 0) {
                // Nothing serves a removed file (and a server sharing the folder learns of another's removals).
                try {
                    parts.reindex().reload();
                } catch (IOException e) {
                    log.accept("cleanup: reindexing the debug files: " + e.getMessage());
                }
            }
            if (!localGone.isEmpty()) {
                // After the reindex: symbolications from now on no longer load the removed files.
                try {
                    metrics.symbolCachesDropped(parts.dropCaches().drop(localGone));
                } catch (IOException e) {
                    log.accept("cleanup: deleting the symbol caches of removed debug files: " + e.getMessage());
                }
            }
        }
    }

    /** The shared blob store, or without one this server's own debug files folder (an upload's crash leaks there). */
    private Optional<OrphanBlobs.Listing> orphanListing() {
        if (parts.blobs().isPresent()) {
            return Optional.of(OrphanBlobs.of(parts.blobs().get()));
        }
        return parts.files().flatMap(DebugFileStore::localListing);
    }

    public Retention.Policy policy() {
        return parts.policy();
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
