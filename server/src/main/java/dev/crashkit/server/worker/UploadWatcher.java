package dev.crashkit.server.worker;

import dev.crashkit.server.store.DebugFileStore;
import dev.crashkit.server.store.StoreException;
import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Learns of debug files other servers on the same database stored: polls the {@code debug_files} table
 * (rows recorded since a watermark, an indexed range) and, for each file it has not seen, does what the
 * uploading server did: indexes again and queues the reports waiting for the file's debug ids. Without it
 * a report symbolicated here would keep missing a file uploaded to another server.
 *
 * <p>The query looks back {@link #OVERLAP_MILLIS} before the newest upload seen: an upload's time is
 * its server's clock, taken before its transaction commits, so rows may become visible out of order or
 * stamped by a clock a little behind; the hashes already seen within that window are skipped.
 */
public final class UploadWatcher implements AutoCloseable {
    /** How far back each poll looks (clock skew between servers plus the longest upload commit). */
    static final long OVERLAP_MILLIS = 5 * 60_000;

    /** What an upload does after it is recorded: index again, queue the waiting reports. */
    @FunctionalInterface
    public interface Reindex {
        void reindex(Set<String> debugIds) throws IOException;
    }

    private final DebugFileStore files;
    private final Reindex reindex;
    private final Consumer<String> log;
    private final Map<String, Long> seen = new HashMap<>();
    private long newest;
    private volatile boolean running = true;
    private Thread thread;

    private UploadWatcher(DebugFileStore files, Reindex reindex, Consumer<String> log, long now) {
        this.files = files;
        this.reindex = reindex;
        this.log = log;
        this.newest = now;
    }

    /**
     * Notes the files recorded so far as seen: call before the index first scans the upload folder, so
     * that each file is either in that scan or found new by a later poll.
     */
    public static UploadWatcher prime(DebugFileStore files, Reindex reindex, Consumer<String> log, long now)
            throws StoreException {
        UploadWatcher w = new UploadWatcher(files, reindex, log, now);
        for (DebugFileStore.Recorded r : files.recordedSince(now - OVERLAP_MILLIS)) {
            w.seen.put(r.sha256(), r.uploadedAt());
            w.newest = Math.max(w.newest, r.uploadedAt());
        }
        return w;
    }

    /** Polls every {@code everyMillis} on a daemon thread until closed. */
    public void start(long everyMillis) {
        thread = new Thread(() -> {
            while (running) {
                try {
                    Thread.sleep(everyMillis);
                    poll();
                } catch (InterruptedException e) {
                    return;
                } catch (IOException e) {
                    log.accept("debug files of other servers: " + e.getMessage());
                }
            }
        }, "crashkit-upload-watcher");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * One poll: indexes the files other servers stored since the last one and queues their waiting reports.
     *
     * @return the debug ids of the files new to this server
     */
    synchronized Set<String> poll() throws IOException {
        Set<String> debugIds = new LinkedHashSet<>();
        Map<String, Long> found = new HashMap<>();
        boolean anyNew = false;
        for (DebugFileStore.Recorded r : files.recordedSince(newest - OVERLAP_MILLIS)) {
            if (!seen.containsKey(r.sha256()) && !files.recordedHere(r.sha256())) {
                debugIds.addAll(r.debugIds());
                anyNew = true;
            }
            found.put(r.sha256(), r.uploadedAt());
        }
        if (anyNew) {
            // Seen only once handled: a failed reindex is tried again at the next poll.
            reindex.reindex(debugIds);
        }
        for (Map.Entry<String, Long> e : found.entrySet()) {
            seen.put(e.getKey(), e.getValue());
            newest = Math.max(newest, e.getValue());
        }
        seen.values().removeIf(at -> at < newest - 2 * OVERLAP_MILLIS);
        return debugIds;
    }

    @Override
    public void close() {
        running = false;
        if (thread != null) {
            thread.interrupt();
            try {
                thread.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
