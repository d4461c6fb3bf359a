package dev.crashkit.server.store;

import dev.crashkit.server.blob.BlobException;
import dev.crashkit.server.blob.BlobKeys;
import dev.crashkit.server.blob.BlobStore;
import dev.crashkit.server.symbolication.Dimensions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Group commit for ingest: every report waiting at that moment is written in a single transaction, and each
 * caller is answered only after that transaction committed. Under load, one fsync acknowledges many reports;
 * alone, a report is written at once (no waiting for company). The queue in memory holds only requests whose
 * callers are still waiting for their 201. On PostgreSQL a thread of this class writes the batches; on SQLite
 * each report is a unit of the database's own group commit ({@link GroupCommit}), in a savepoint of its own
 * (a report the database refuses fails alone), committed with whatever else waits for SQLite's one writer
 * (the workers' claims and results).
 */
final class IngestBatcher {
    /** Most reports per transaction (bounds the transaction's size in memory). */
    private static final int MAX_BATCH = 64;

    /**
     * One report to insert: {@code id} is the report's own id when the client gave one (a Sentry
     * event_id), else a new UUID is made; {@code projectId} the project it belongs to;
     * {@code bodyInBlobStore}: the bytes are durable in the blob store already (no {@code report_bodies} row);
     * {@code userHash} its user identity hashed ({@link UserHashes}), never the identity.
     */
    record Pending(byte[] body, String sha256, String format, Dimensions dimensions,
                   Optional<String> clientReportId, long now, Optional<String> id, long projectId,
                   boolean bodyInBlobStore, Optional<String> userHash) {
    }

    private record Request(Pending pending, CompletableFuture<ReportStore.Ingested> done) {
    }

    private final Database db;
    private final Optional<BlobStore> blobs;
    private final LinkedBlockingQueue<Request> queue = new LinkedBlockingQueue<>();
    /** The batches' writer on PostgreSQL; none on SQLite (the database's group commit batches: {@link GroupCommit}). */
    private final Optional<Thread> writer;
    private volatile boolean running = true;

    /** With {@code blobs}: the store the bodies of {@code bodyInBlobStore} reports were put into. */
    IngestBatcher(Database db, Optional<BlobStore> blobs) {
        this.db = db;
        this.blobs = blobs;
        if (db.groupsWrites()) {
            this.writer = Optional.empty();
        } else {
            Thread t = new Thread(this::loop, "crashkit-ingest-writer");
            t.setDaemon(true);
            t.start();
            this.writer = Optional.of(t);
        }
    }

    ReportStore.Ingested submit(Pending p) throws StoreException {
        if (!running) {
            throw new StoreException("the server is stopping");
        }
        Request r;
        if (writer.isEmpty()) {
            @SuppressWarnings("unchecked")
            CompletableFuture<List<ReportStore.Ingested>> one =
                    (CompletableFuture<List<ReportStore.Ingested>>) db.writeTogether(List.of(work(List.of(p)))).get(0);
            r = new Request(p, one.thenApply(l -> l.get(0)));
            r.done().whenComplete((ok, failed) -> {
                if (r.done().isCancelled()) {
                    one.cancel(false); // the caller gave up: the group commit skips it if not begun
                }
            });
        } else {
            r = new Request(p, new CompletableFuture<>());
            queue.add(r);
        }
        try {
            return r.done().get(120, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof StoreException se) {
                throw se;
            }
            throw new StoreException("storing the report failed: " + cause, cause);
        } catch (TimeoutException e) {
            // Not written once its caller gave up: a blob put for it is never committed long after (BlobDeletions).
            r.done().cancel(false);
            throw new StoreException("storing the report took over 120 s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException("interrupted while storing the report");
        }
    }

    private void loop() {
        while (running) {
            List<Request> batch = new ArrayList<>();
            try {
                Request first = queue.poll(200, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                queue.drainTo(batch, MAX_BATCH - 1);
                write(batch);
            } catch (InterruptedException e) {
                running = false;
            }
        }
        for (Request r; (r = queue.poll()) != null; ) {
            r.done().completeExceptionally(new StoreException("the server is stopping"));
        }
    }

    private void write(List<Request> batch) {
        try {
            batch.removeIf(r -> r.done().isCancelled());
            if (batch.isEmpty()) {
                return;
            }
            List<ReportStore.Ingested> results = db.write(work(batch.stream().map(Request::pending).toList()));
            for (int i = 0; i < batch.size(); i++) {
                batch.get(i).done().complete(results.get(i));
            }
        } catch (StoreException | RuntimeException e) {
            for (Request r : batch) {
                r.done().completeExceptionally(e);
            }
        }
    }

    /** Inserts {@code batch} (in one transaction, or one savepoint). */
    private Database.Work<List<ReportStore.Ingested>> work(List<Pending> batch) {
        return c -> {
            List<ReportStore.Ingested> out = ReportStore.insertAll(c, batch);
            Map<String, Pending> inBlobStore = new HashMap<>();
            for (int i = 0; i < batch.size(); i++) {
                Pending p = batch.get(i);
                if (out.get(i).created() && p.bodyInBlobStore()) {
                    inBlobStore.put(BlobKeys.report(p.sha256()), p);
                }
            }
            // A blob deleted by the cleanup after this batch's puts: put again before the rows commit.
            for (String key : BlobDeletions.claim(c, db.dialect(), inBlobStore.keySet())) {
                Pending p = inBlobStore.get(key);
                try {
                    blobs.orElseThrow().put(key, p.body(), p.sha256());
                } catch (BlobException e) {
                    throw new StoreUnavailableException("the report was not stored: " + e.getMessage(), e);
                }
            }
            return out;
        };
    }

    /** Stops after the batch in hand (not interrupted: that could cut a commit short); the rest is refused. */
    void close() {
        running = false;
        if (writer.isEmpty()) {
            return;
        }
        try {
            writer.get().join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
