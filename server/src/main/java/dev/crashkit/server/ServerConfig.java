package dev.crashkit.server;

import dev.crashkit.server.store.BlobDeletions;
import dev.crashkit.server.store.OrphanBlobs;
import dev.crashkit.server.store.Retention;
import dev.crashkit.symbolicator.SymbolSources;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * How a server runs.
 *
 * @param db                 JDBC URL; empty: SQLite in {@code data}
 * @param symbolSources      symbol servers asked for identities no local file has (with headers, a config file,
 *                           {@code DEBUGINFOD_URLS} only when opted in: as the command line's)
 * @param token              bearer token every /api call (and the UI) must present; empty: no auth, loopback only
 * @param maxReportBytes     largest report body accepted
 * @param maxDebugFileBytes  largest debug file accepted (streamed to disk)
 * @param workers            symbolication threads
 * @param symbolCache        symbolicate through symbol caches in {@code data/cache/symcache} (false: {@code --no-symcache})
 * @param uploadChunkSize    chunk size sentry-cli's chunked upload of debug files is told to use
 * @param maxThreads         most threads a report may hold (more: refused at ingest)
 * @param maxFrames          most frames a report may hold, all threads together (more: refused at ingest)
 * @param cleanup            what retention removes and how often it runs
 */
public record ServerConfig(String bind, int port, Path data, Optional<String> db, List<Path> dsyms,
                           SymbolSources symbolSources, Optional<String> token, long maxReportBytes,
                           long maxDebugFileBytes, int workers, boolean symbolCache, int uploadChunkSize,
                           int maxThreads, int maxFrames, Cleanup cleanup) {
    public static final long DEFAULT_MAX_REPORT = 50L * 1024 * 1024;
    public static final long DEFAULT_MAX_DEBUG_FILE = 2L * 1024 * 1024 * 1024;
    /** Sentry's own chunk size. */
    public static final int DEFAULT_UPLOAD_CHUNK_SIZE = 8 * 1024 * 1024;
    /**
     * Threads and frames a report may hold: below the command line's (10,000 and 1,000,000), which a
     * server holding many reports and serving pages cannot afford for each (issue 32).
     */
    public static final int DEFAULT_MAX_THREADS = 2_000;
    public static final int DEFAULT_MAX_FRAMES = 250_000;

    /**
     * Retention: the policy and how often the cleanup runs (also at start, and on {@code POST /api/admin/cleanup}).
     *
     * @param orphanScanIntervalMillis the least time between two listings of the shared blob store for orphan
     *                                 blobs (by any server on the database; a cleanup run lists it when due)
     */
    public record Cleanup(Retention.Policy policy, long intervalMillis, long blobGraceMillis,
                          long debugFileRetentionMillis, long orphanScanIntervalMillis) {
        public static final long DEFAULT_INTERVAL = 60 * 60_000L;

        public Cleanup {
            if (intervalMillis <= 0) {
                throw new IllegalArgumentException("the cleanup interval must be positive");
            }
            if (blobGraceMillis < 0) {
                throw new IllegalArgumentException("the blob deletion grace period must not be negative");
            }
            if (debugFileRetentionMillis < 0) {
                throw new IllegalArgumentException("the debug file retention is 0 (off) or positive");
            }
            if (orphanScanIntervalMillis < 0) {
                throw new IllegalArgumentException("the orphan blob scan interval must not be negative");
            }
        }

        /** With the blob deletion grace period of {@link BlobDeletions#GRACE_MILLIS}. */
        public Cleanup(Retention.Policy policy, long intervalMillis) {
            this(policy, intervalMillis, BlobDeletions.GRACE_MILLIS, 0, OrphanBlobs.INTERVAL_MILLIS);
        }

        /**
         * With another grace period before unreferenced blobs are deleted (tests: a shorter one than any real
         * ingest's put-to-commit time is unsafe, see {@link BlobDeletions}).
         */
        public Cleanup withBlobGrace(long millis) {
            return new Cleanup(policy, intervalMillis, millis, debugFileRetentionMillis, orphanScanIntervalMillis);
        }

        /** Debug files neither uploaded nor used by a symbolication for this long are removed; 0: kept. */
        public Cleanup withDebugFileRetention(long millis) {
            return new Cleanup(policy, intervalMillis, blobGraceMillis, millis, orphanScanIntervalMillis);
        }

        /** With another least time between two orphan blob scans (tests: 0, every run scans). */
        public Cleanup withOrphanScanInterval(long millis) {
            return new Cleanup(policy, intervalMillis, blobGraceMillis, debugFileRetentionMillis, millis);
        }

        public static Cleanup keepAll() {
            return new Cleanup(Retention.Policy.keepAll(), DEFAULT_INTERVAL);
        }
    }

    public ServerConfig {
        dsyms = List.copyOf(dsyms);
    }

    /** Loopback, port {@code port} (0: any free one), SQLite in {@code data}, no token, 2 workers, symbol caches. */
    public static ServerConfig local(Path data, int port) {
        return new ServerConfig("127.0.0.1", port, data, Optional.empty(), List.of(), SymbolSources.none(), Optional.empty(),
                DEFAULT_MAX_REPORT, DEFAULT_MAX_DEBUG_FILE, 2, true, DEFAULT_UPLOAD_CHUNK_SIZE, DEFAULT_MAX_THREADS, DEFAULT_MAX_FRAMES,
                Cleanup.keepAll());
    }

    public ServerConfig withDb(String url) {
        return new ServerConfig(bind, port, data, Optional.of(url), dsyms, symbolSources, token, maxReportBytes, maxDebugFileBytes,
                workers, symbolCache, uploadChunkSize, maxThreads, maxFrames, cleanup);
    }

    public ServerConfig withToken(String t) {
        return new ServerConfig(bind, port, data, db, dsyms, symbolSources, Optional.of(t), maxReportBytes, maxDebugFileBytes,
                workers, symbolCache, uploadChunkSize, maxThreads, maxFrames, cleanup);
    }

    public ServerConfig withDsyms(List<Path> paths) {
        return new ServerConfig(bind, port, data, db, paths, symbolSources, token, maxReportBytes, maxDebugFileBytes,
                workers, symbolCache, uploadChunkSize, maxThreads, maxFrames, cleanup);
    }

    public ServerConfig withSymbolServers(List<String> specs) {
        return withSymbolSources(symbolSources.withServers(specs));
    }

    public ServerConfig withSymbolSources(SymbolSources sources) {
        return new ServerConfig(bind, port, data, db, dsyms, sources, token, maxReportBytes, maxDebugFileBytes,
                workers, symbolCache, uploadChunkSize, maxThreads, maxFrames, cleanup);
    }

    public ServerConfig withLimits(long report, long debugFile) {
        return new ServerConfig(bind, port, data, db, dsyms, symbolSources, token, report, debugFile, workers,
                symbolCache, uploadChunkSize, maxThreads, maxFrames, cleanup);
    }

    public ServerConfig withWorkers(int n) {
        return new ServerConfig(bind, port, data, db, dsyms, symbolSources, token, maxReportBytes, maxDebugFileBytes,
                n, symbolCache, uploadChunkSize, maxThreads, maxFrames, cleanup);
    }

    public ServerConfig withBind(String address) {
        return new ServerConfig(address, port, data, db, dsyms, symbolSources, token, maxReportBytes, maxDebugFileBytes,
                workers, symbolCache, uploadChunkSize, maxThreads, maxFrames, cleanup);
    }

    public ServerConfig withSymbolCache(boolean on) {
        return new ServerConfig(bind, port, data, db, dsyms, symbolSources, token, maxReportBytes, maxDebugFileBytes, workers,
                on, uploadChunkSize, maxThreads, maxFrames, cleanup);
    }

    public ServerConfig withUploadChunkSize(int bytes) {
        return new ServerConfig(bind, port, data, db, dsyms, symbolSources, token, maxReportBytes, maxDebugFileBytes,
                workers, symbolCache, bytes, maxThreads, maxFrames, cleanup);
    }

    /** With other report shape limits (threads and frames; the command line's are the ceiling). */
    public ServerConfig withShapeLimits(int threads, int frames) {
        return new ServerConfig(bind, port, data, db, dsyms, symbolSources, token, maxReportBytes, maxDebugFileBytes, workers,
                symbolCache, uploadChunkSize, threads, frames, cleanup);
    }

    public ServerConfig withCleanup(Cleanup c) {
        return new ServerConfig(bind, port, data, db, dsyms, symbolSources, token, maxReportBytes, maxDebugFileBytes, workers,
                symbolCache, uploadChunkSize, maxThreads, maxFrames, c);
    }

    /** The JDBC URL in use. */
    public String jdbcUrl() {
        return db.orElse("jdbc:sqlite:" + data.resolve("crashkit.db").toAbsolutePath());
    }
}
