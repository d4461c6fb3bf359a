package dev.crashkit.server;

import dev.crashkit.server.metrics.Metrics;
import dev.crashkit.server.store.Database;
import dev.crashkit.server.store.DebugFileStore;
import dev.crashkit.server.store.Groups;
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
import dev.crashkit.server.worker.Cleanup;
import dev.crashkit.server.worker.Workers;
import dev.crashkit.symbolicator.InputLimits;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/** A running crashkit-server: database, debug files, symbolication workers and the HTTP server. */
public final class CrashkitServer implements AutoCloseable {
    /** A claim older than this is taken again (its worker died). */
    private static final long LEASE_MILLIS = 5 * 60_000;

    private final Database db;
    private final DebugFiles debugFiles;
    private final ReportStore reports;
    private final Workers workers;
    private final Cleanup cleanup;
    private final WebServer web;

    private CrashkitServer(Database db, DebugFiles debugFiles, ReportStore reports, Workers workers, Cleanup cleanup,
                           WebServer web) {
        this.db = db;
        this.debugFiles = debugFiles;
        this.reports = reports;
        this.workers = workers;
        this.cleanup = cleanup;
        this.web = web;
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
        return start(config, ingest, log, UnaryOperator.identity());
    }

    /**
     * As {@link #start(ServerConfig, IngestConfig, Consumer)}; {@code symbolication} wraps each report's pass (the
     * seam a test uses to make a pass throw).
     */
    static CrashkitServer start(ServerConfig config, IngestConfig ingest, Consumer<String> log,
                                UnaryOperator<Workers.Symbolize> symbolication) throws IOException {
        if (config.token().isEmpty() && !isLoopback(config.bind())) {
            throw new IllegalArgumentException("refusing to listen on " + config.bind()
                    + " without --token (or CRASHKIT_TOKEN): without a token only loopback addresses are allowed");
        }
        Files.createDirectories(config.data());
        Database db = Database.open(config.jdbcUrl(), Math.max(4, config.workers() + 4));
        try {
            DebugFileStore files = new DebugFileStore(config.data().resolve("debug-files"),
                    config.data().resolve("tmp"), db);
            files.sweepStaging();
            DebugFiles debugFiles = DebugFiles.open(config.dsyms(), config.symbolSources(), files.folder(),
                    config.data().resolve("cache"), config.symbolCache(), m -> log.accept("debug files: " + m));
            ReportStore reports = new ReportStore(db);
            Queue queue = new Queue(db, LEASE_MILLIS);
            queue.releaseAll();
            Results results = new Results(db);
            Metrics metrics = new Metrics(debugFiles::symbolCacheStats);
            // The server's report size, threads and frames (images as the command line's).
            InputLimits cli = InputLimits.defaults();
            ReportSymbolicator symbolicator = new ReportSymbolicator(debugFiles, new InputLimits(
                    Math.min(config.maxReportBytes(), InputLimits.MAX_BYTES_CEILING), config.maxThreads(),
                    config.maxFrames(), cli.maxImages()), StoredFrames.DEFAULT);
            Workers workers = new Workers(queue, reports, results, symbolication.apply(symbolicator::symbolicate),
                    debugFiles, metrics, log);
            Cleanup cleanup = new Cleanup(new Retention(db), config.cleanup().policy(), metrics,
                    m -> log.accept(m), System::currentTimeMillis);
            Services services = new Services(new Services.Limits(config.maxReportBytes(), config.maxDebugFileBytes(),
                    config.uploadChunkSize()),
                    reports, queue, results, new Groups(db), files, debugFiles, symbolicator, workers, metrics,
                    new Search(db), new Triage(db), cleanup, config.jdbcUrl());
            workers.start(config.workers());
            cleanup.start(config.cleanup().intervalMillis());
            Projects projects = new Projects(db, ingest.projects());
            WebServer web = WebServer.start(services, config.token(), config.bind(), config.port(),
                    new WebServer.SentryIngest(Optional.of(projects), ingest.publicUrl(), ingest.sentryRatePerMinute()),
                    log);
            return new CrashkitServer(db, debugFiles, reports, workers, cleanup, web);
        } catch (IOException | RuntimeException e) {
            db.close();
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
        web.close();
        cleanup.close();
        reports.close();
        workers.close();
        debugFiles.close();
        db.close();
    }
}
