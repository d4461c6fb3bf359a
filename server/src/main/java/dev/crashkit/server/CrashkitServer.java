package dev.crashkit.server;

import dev.crashkit.server.alerts.AlertConfig;
import dev.crashkit.server.alerts.Deliverer;
import dev.crashkit.server.blob.BlobCache;
import dev.crashkit.server.blob.BlobStore;
import dev.crashkit.server.blob.BlobStoreConfig;
import dev.crashkit.server.metrics.Metrics;
import dev.crashkit.server.store.BlobDeletions;
import dev.crashkit.server.store.Database;
import dev.crashkit.server.store.DebugFileRetention;
import dev.crashkit.server.store.DebugFileUses;
import dev.crashkit.server.store.DebugFileStore;
import dev.crashkit.server.store.Groups;
import dev.crashkit.server.store.OrphanBlobs;
import dev.crashkit.server.store.Outbox;
import dev.crashkit.server.store.Webhooks;
import dev.crashkit.server.store.Projects;
import dev.crashkit.server.store.Queue;
import dev.crashkit.server.store.ReportStore;
import dev.crashkit.server.store.Retention;
import dev.crashkit.server.store.Results;
import dev.crashkit.server.store.Search;
import dev.crashkit.server.store.Triage;
import dev.crashkit.server.symbolication.DebugFiles;
import dev.crashkit.server.symbolication.ReportSymbolicator;
import dev.crashkit.server.symbolication.StoredFrames;
import dev.crashkit.server.web.Services;
import dev.crashkit.server.web.WebServer;
import dev.crashkit.server.worker.UploadWatcher;
import dev.crashkit.server.worker.Cleanup;
import dev.crashkit.server.worker.Workers;
import dev.crashkit.symbolicator.InputLimits;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/** A running crashkit-server: database, debug files, symbolication workers and the HTTP server. */
public final class CrashkitServer implements AutoCloseable {
    /**
     * A claim not renewed for this long is taken over by another worker (its server died or hangs); the
     * holder renews it every third of it. {@code -Dcrashkit.claimLeaseSeconds=N} changes it (tests).
     */
    private static final long LEASE_MILLIS = Long.getLong("crashkit.claimLeaseSeconds", 30) * 1000;
    /** How often a server looks for debug files other servers on its database stored. */
    private static final long UPLOAD_POLL_MILLIS = 1000;

    private final Database db;
    private final InstanceSlot slot;
    private final DebugFiles debugFiles;
    private final ReportStore reports;
    private final Workers workers;
    private final UploadWatcher uploads;
    private final Cleanup cleanup;
    private final WebServer web;
    private final Deliverer deliverer;
    private final Optional<BlobStore> blobs;

    private CrashkitServer(Database db, InstanceSlot slot, DebugFiles debugFiles, ReportStore reports, Workers workers,
                           UploadWatcher uploads, Cleanup cleanup, WebServer web, Deliverer deliverer,
                           Optional<BlobStore> blobs) {
        this.db = db;
        this.slot = slot;
        this.debugFiles = debugFiles;
        this.reports = reports;
        this.workers = workers;
        this.uploads = uploads;
        this.cleanup = cleanup;
        this.web = web;
        this.deliverer = deliverer;
        this.blobs = blobs;
    }

    /**
     * Opens the store, applies migrations, starts the workers and listens.
     *
     * @throws IllegalArgumentException when asked to listen beyond loopback without a token, or a symbol
     *                                  server is not {@code LAYOUT=URL}
     */
    public static CrashkitServer start(ServerConfig config, Consumer<String> log) throws IOException {
        return start(config, IngestConfig.defaults(), log);
    }

    /** As {@link #start(ServerConfig, Consumer)}, with projects and Sentry ingest configured. */
    public static CrashkitServer start(ServerConfig config, IngestConfig ingest, Consumer<String> log)
            throws IOException {
        return start(config, ingest, AlertConfig.defaults(), log);
    }

    /** As {@link #start(ServerConfig, IngestConfig, Consumer)}, with alerts configured. */
    public static CrashkitServer start(ServerConfig config, IngestConfig ingest, AlertConfig alerts, Consumer<String> log)
            throws IOException {
        return start(config, ingest, alerts, BlobStoreConfig.database(), log);
    }

    /** As {@link #start(ServerConfig, IngestConfig, Consumer)}, with raw reports and debug files in {@code blobStore}. */
    public static CrashkitServer start(ServerConfig config, IngestConfig ingest, BlobStoreConfig blobStore,
                                       Consumer<String> log) throws IOException {
        return start(config, ingest, AlertConfig.defaults(), blobStore, log);
    }

    /**
     * As {@link #start(ServerConfig, IngestConfig, Consumer)}, with alerts configured and raw reports and debug
     * files in {@code blobStore} (a shared store every instance reads; debug files cached in {@code DATA/blob-cache}).
     *
     * @throws IOException also when the blob store cannot be reached at start
     */
    public static CrashkitServer start(ServerConfig config, IngestConfig ingest, AlertConfig alerts,
                                       BlobStoreConfig blobStore, Consumer<String> log) throws IOException {
        return start(config, ingest, alerts, blobStore, log, UnaryOperator.identity());
    }

    /**
     * As {@link #start(ServerConfig, IngestConfig, Consumer)}; {@code symbolication} wraps each report's pass (the
     * seam a test uses to make a pass throw).
     */
    static CrashkitServer start(ServerConfig config, IngestConfig ingest, Consumer<String> log,
                                UnaryOperator<Workers.Symbolize> symbolication) throws IOException {
        return start(config, ingest, AlertConfig.defaults(), BlobStoreConfig.database(), log, symbolication);
    }

    private static CrashkitServer start(ServerConfig config, IngestConfig ingest, AlertConfig alerts,
                                        BlobStoreConfig blobStore, Consumer<String> log,
                                        UnaryOperator<Workers.Symbolize> symbolication) throws IOException {
        if (config.token().isEmpty() && !isLoopback(config.bind())) {
            throw new IllegalArgumentException("refusing to listen on " + config.bind()
                    + " without --token (or CRASHKIT_TOKEN): without a token only loopback addresses are allowed");
        }
        Files.createDirectories(config.data());
        InstanceSlot slot = InstanceSlot.take(config.data());
        Optional<BlobStore> blobs;
        Database db;
        try {
            blobs = blobStore.open();
        } catch (IOException | RuntimeException e) {
            slot.close();
            throw e;
        }
        try {
            db = Database.open(config.jdbcUrl(), Math.max(4, config.workers() + 4));
        } catch (IOException | RuntimeException e) {
            slot.close();
            blobs.ifPresent(BlobStore::close);
            throw e;
        }
        try {
            Optional<DebugFileStore.Shared> shared = Optional.empty();
            if (blobs.isPresent()) {
                shared = Optional.of(new DebugFileStore.Shared(blobs.get(),
                        new BlobCache(config.data().resolve("blob-cache"), blobStore.cacheBytes())));
                log.accept("raw reports and debug files in " + blobs.get().describe());
            }
            DebugFileStore files = new DebugFileStore(config.data().resolve("debug-files"),
                    config.data().resolve("tmp"), db, shared);
            files.sweepStaging(System.currentTimeMillis());
            Results results = new Results(db, alerts.rules());
            Workers[] wake = new Workers[1];
            DebugFiles[] index = new DebugFiles[1];
            // Before the first scan of the upload folder: a file another server stores from now on is either
            // in that scan or found by the watcher.
            UploadWatcher uploads = UploadWatcher.prime(files, debugIds -> {
                index[0].reload();
                results.requeueWaitingFor(List.copyOf(debugIds), System.currentTimeMillis());
                wake[0].wake();
            }, log, System.currentTimeMillis());
            DebugFiles debugFiles = DebugFiles.open(config.dsyms(), config.symbolSources(), files.folder(),
                    config.data().resolve("cache"), config.symbolCache(), m -> log.accept("debug files: " + m));
            index[0] = debugFiles;
            // With a shared store, files another server stored are fetched when a pass still misses them.
            debugFiles.fetchWith(files::fetchMissing);
            ReportStore reports = new ReportStore(db, blobs);
            Queue queue = new Queue(db, LEASE_MILLIS, slot.id());
            // Only this server's own claims, left by its previous process: other servers' are live (or are
            // taken over once their lease runs out).
            queue.releaseOwn();
            Metrics metrics = new Metrics(debugFiles::symbolCacheStats);
            queue.onTakeover(metrics::claimsTakenOver);
            // The server's report size, threads and frames (images as the command line's).
            InputLimits cli = InputLimits.defaults();
            ReportSymbolicator symbolicator = new ReportSymbolicator(debugFiles, new InputLimits(
                    Math.min(config.maxReportBytes(), InputLimits.MAX_BYTES_CEILING), config.maxThreads(),
                    config.maxFrames(), cli.maxImages()), StoredFrames.DEFAULT, !ingest.keepUserData());
            Workers workers = new Workers(queue, reports, results, symbolication.apply(symbolicator::symbolicate),
                    debugFiles, metrics, log);
            wake[0] = workers;
            if (config.cleanup().debugFileRetentionMillis() > 0) {
                workers.recordUsesIn(new DebugFileUses(db));
            }
            Cleanup cleanup = new Cleanup(new Cleanup.Parts(new Retention(db), config.cleanup().policy(),
                    new DebugFileRetention(db), config.cleanup().debugFileRetentionMillis(),
                    new BlobDeletions(db, config.cleanup().blobGraceMillis()),
                    new OrphanBlobs(db, config.cleanup().blobGraceMillis(), config.cleanup().orphanScanIntervalMillis()),
                    blobs, Optional.of(files),
                    debugFiles::reload, debugFiles::dropCachesOf), config.cleanup().blobGraceMillis(), metrics,
                    m -> log.accept(m),
                    System::currentTimeMillis);
            Services services = new Services(new Services.Limits(config.maxReportBytes(), config.maxDebugFileBytes(),
                    config.uploadChunkSize()),
                    reports, queue, results, new Groups(db), files, debugFiles, symbolicator, workers, metrics,
                    new Search(db), new Triage(db), cleanup, config.jdbcUrl());
            workers.start(config.workers());
            uploads.start(UPLOAD_POLL_MILLIS);
            cleanup.start(config.cleanup().intervalMillis());
            Projects projects = new Projects(db, ingest.projects());
            Outbox outbox = new Outbox(db);
            WebServer web = WebServer.start(services, config.token(), config.bind(), config.port(),
                    new WebServer.SentryIngest(Optional.of(projects), ingest.publicUrl(), ingest.sentryRatePerMinute()),
                    Optional.of(new WebServer.Alerts(new Webhooks(db), outbox, alerts)), log);
            String listening = "http://" + (config.bind().contains(":") ? "[" + config.bind() + "]" : config.bind())
                    + ":" + web.port();
            String base = ingest.publicUrl().map(u -> u.endsWith("/") ? u.substring(0, u.length() - 1) : u)
                    .orElse(listening);
            Deliverer deliverer = new Deliverer(outbox, alerts, () -> base, log);
            return new CrashkitServer(db, slot, debugFiles, reports, workers, uploads, cleanup, web, deliverer, blobs);
        } catch (IOException | RuntimeException e) {
            db.close();
            slot.close();
            blobs.ifPresent(BlobStore::close);
            throw e;
        }
    }

    static boolean isLoopback(String host) {
        try {
            for (InetAddress a : InetAddress.getAllByName(host)) {
                if (!a.isLoopbackAddress()) {
                    return false;
                }
            }
            return true;
        } catch (UnknownHostException e) {
            return false;
        }
    }

    public int port() {
        return web.port();
    }

    @Override
    public void close() {
        deliverer.close();
        web.close();
        cleanup.close();
        reports.close();
        uploads.close();
        workers.close();
        debugFiles.close();
        db.close();
        slot.close();
        blobs.ifPresent(BlobStore::close);
    }
}
