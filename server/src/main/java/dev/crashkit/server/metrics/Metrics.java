package dev.crashkit.server.metrics;

import dev.crashkit.symbolicator.SymbolCacheStats;
import java.util.function.Supplier;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Counters, the upload-to-symbolicated latency histogram and the symbol cache's counters, written in
 * Prometheus text format.
 */
public final class Metrics {
    /** Histogram bucket bounds in seconds. */
    private static final double[] BOUNDS = {0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 3600};

    private final AtomicLong received = new AtomicLong();
    private final AtomicLong duplicates = new AtomicLong();
    private final AtomicLong rejected = new AtomicLong();
    private final AtomicLong symbolicated = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicLong debugFiles = new AtomicLong();
    private final AtomicLong cleanupRuns = new AtomicLong();
    private final AtomicLong removedReports = new AtomicLong();
    private final AtomicLong removedResults = new AtomicLong();
    private final AtomicLong freedBytes = new AtomicLong();
    private final AtomicLong blobsDeleted = new AtomicLong();
    private final AtomicLong orphanBlobsFound = new AtomicLong();
    private final AtomicLong orphanBlobsRemoved = new AtomicLong();
    private final AtomicLong partialBlobsDeleted = new AtomicLong();
    private final AtomicLong symbolCachesDropped = new AtomicLong();
    private final AtomicLong debugFilesRemoved = new AtomicLong();
    private final AtomicLong debugFileBytesFreed = new AtomicLong();
    private final AtomicLong claimsTakenOver = new AtomicLong();
    private final AtomicLongArray buckets = new AtomicLongArray(BOUNDS.length + 1);
    private final AtomicLong latencyCount = new AtomicLong();
    private final AtomicLong latencySumMillis = new AtomicLong();
    private final Supplier<SymbolCacheStats> symbolCaches;

    /** With {@code symbolCaches} asked at each scrape (the symbolicator's counts). */
    public Metrics(Supplier<SymbolCacheStats> symbolCaches) {
        this.symbolCaches = symbolCaches;
    }

    public void received() {
        received.incrementAndGet();
    }

    public void duplicate() {
        duplicates.incrementAndGet();
    }

    public void rejected() {
        rejected.incrementAndGet();
    }

    public void debugFile() {
        debugFiles.incrementAndGet();
    }

    public void failed() {
        failed.incrementAndGet();
    }

    /** A cleanup run finished: raw reports and stored results removed, bytes freed (raw sizes, result lengths). */
    public void cleanedUp(long reports, long results, long bytes) {
        cleanupRuns.incrementAndGet();
        removedReports.addAndGet(reports);
        removedResults.addAndGet(results);
        freedBytes.addAndGet(bytes);
    }

    /** Debug files removed by {@code --debug-file-retention-days}, and their sizes. */
    public void debugFilesRemoved(long files, long bytes) {
        debugFilesRemoved.addAndGet(files);
        debugFileBytesFreed.addAndGet(bytes);
    }

    /** Jobs claimed after another claim's lease ran out (its server died or hung). */
    public void claimsTakenOver(long claims) {
        claimsTakenOver.addAndGet(claims);
    }

    /** Blobs of removed rows deleted from the shared blob store, nothing naming them any more. */
    public void blobsDeleted(long blobs) {
        blobsDeleted.addAndGet(blobs);
    }

    /** Temporary files of a folder store's puts a crash interrupted, deleted. */
    public void partialBlobsDeleted(long n) {
        partialBlobsDeleted.addAndGet(n);
    }

    /** Blobs no row ever named, found by the orphan scan (queued) and deleted a grace period later. */
    public void orphanBlobs(long found, long removed) {
        orphanBlobsFound.addAndGet(found);
        orphanBlobsRemoved.addAndGet(removed);
    }

    /** Symbol caches deleted with the debug files they were built from. */
    public void symbolCachesDropped(long caches) {
        symbolCachesDropped.addAndGet(caches);
    }

    /** A symbolication finished; {@code firstLatencyMillis} is upload-to-result for a report's first one, else -1. */
    public void symbolicated(long firstLatencyMillis) {
        symbolicated.incrementAndGet();
        if (firstLatencyMillis < 0) {
            return;
        }
        double s = firstLatencyMillis / 1000.0;
        int i = 0;
        while (i < BOUNDS.length && s > BOUNDS[i]) {
            i++;
        }
        buckets.incrementAndGet(i);
        latencyCount.incrementAndGet();
        latencySumMillis.addAndGet(firstLatencyMillis);
    }

    /** The exposition text; {@code queueDepth} is read from the database by the caller. */
    public String prometheus(long queueDepth) {
        StringBuilder b = new StringBuilder();
        counter(b, "crashkit_reports_received_total", "Reports accepted (201).", received.get());
        counter(b, "crashkit_reports_duplicate_total", "Repeated uploads answered with the stored id (200).",
                duplicates.get());
        counter(b, "crashkit_reports_rejected_total", "Report uploads refused (400/413).", rejected.get());
        counter(b, "crashkit_reports_symbolicated_total", "Symbolication passes finished.", symbolicated.get());
        counter(b, "crashkit_reports_failed_total", "Symbolication passes that failed.", failed.get());
        counter(b, "crashkit_debug_files_received_total", "Debug files accepted.", debugFiles.get());
        counter(b, "crashkit_cleanup_runs_total", "Retention cleanup runs finished.", cleanupRuns.get());
        counter(b, "crashkit_cleanup_reports_removed_total", "Raw reports removed by retention.", removedReports.get());
        counter(b, "crashkit_cleanup_results_removed_total", "Symbolication results removed with their reports.",
                removedResults.get());
        counter(b, "crashkit_cleanup_freed_bytes_total",
                "Bytes removed by retention (raw report sizes, result document lengths).", freedBytes.get());
        counter(b, "crashkit_cleanup_blobs_deleted_total", "Stored bytes of removed reports and debug files deleted "
                + "(shared blob store objects, local debug files) once nothing named them.", blobsDeleted.get());
        counter(b, "crashkit_cleanup_orphan_blobs_found_total", "Blobs of the shared blob store (without one, local "
                + "debug files) no row names (put by an ingest or upload that never committed), queued for deletion.", orphanBlobsFound.get());
        counter(b, "crashkit_cleanup_orphan_blobs_removed_total", "Orphan blobs deleted after the grace period (also "
                + "counted in crashkit_cleanup_blobs_deleted_total).", orphanBlobsRemoved.get());
        counter(b, "crashkit_cleanup_partial_blobs_deleted_total", "Temporary files (.*.part) of a folder blob "
                + "store's puts that a crash interrupted, deleted a day after their last write.", partialBlobsDeleted.get());
        counter(b, "crashkit_cleanup_symcaches_dropped_total", "Symbol cache files deleted with the debug files they "
                + "were built from.", symbolCachesDropped.get());
        counter(b, "crashkit_cleanup_debug_files_removed_total",
                "Debug files removed, neither uploaded nor used for --debug-file-retention-days.", debugFilesRemoved.get());
        counter(b, "crashkit_cleanup_debug_file_bytes_freed_total", "Sizes of the debug files removed.",
                debugFileBytesFreed.get());
        counter(b, "crashkit_queue_claims_taken_over_total",
                "Jobs this server claimed after another claim's lease ran out (its server died or hung).",
                claimsTakenOver.get());
        counter(b, "crashkit_symcache_opened_total", "Symbol cache files opened (no debug file parsed).",
                symbolCaches.get().opened());
        counter(b, "crashkit_symcache_built_total", "Symbol caches built from a debug file (rebuilds included).",
                symbolCaches.get().built());
        counter(b, "crashkit_symcache_rebuilt_total",
                "Symbol cache files found damaged, of another version or stale, and rebuilt.", symbolCaches.get().rebuilt());
        b.append("# HELP crashkit_symbolication_queue_depth Reports waiting for symbolication.\n")
                .append("# TYPE crashkit_symbolication_queue_depth gauge\n")
                .append("crashkit_symbolication_queue_depth ").append(queueDepth).append('\n');
        String h = "crashkit_symbolication_latency_seconds";
        b.append("# HELP ").append(h).append(" Time from upload to first symbolication.\n")
                .append("# TYPE ").append(h).append(" histogram\n");
        long cumulative = 0;
        for (int i = 0; i < BOUNDS.length; i++) {
            cumulative += buckets.get(i);
            b.append(h).append("_bucket{le=\"").append(BOUNDS[i]).append("\"} ").append(cumulative).append('\n');
        }
        cumulative += buckets.get(BOUNDS.length);
        b.append(h).append("_bucket{le=\"+Inf\"} ").append(cumulative).append('\n');
        b.append(h).append("_sum ").append(latencySumMillis.get() / 1000.0).append('\n');
        b.append(h).append("_count ").append(latencyCount.get()).append('\n');
        return b.toString();
    }

    private static void counter(StringBuilder b, String name, String help, long v) {
        b.append("# HELP ").append(name).append(' ').append(help).append('\n')
                .append("# TYPE ").append(name).append(" counter\n")
                .append(name).append(' ').append(v).append('\n');
    }
}
