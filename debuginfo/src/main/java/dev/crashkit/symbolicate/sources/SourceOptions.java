package dev.crashkit.symbolicate.sources;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * How debug files are fetched from symbol servers.
 *
 * @param servers          tried in this order for every identity
 * @param cacheFolder      where downloads and misses are kept ({@code <folder>/symbols}); empty:
 *                         a temporary folder for this run, misses not remembered
 * @param offline          no network: only the cache and {@code file://} servers are used
 * @param negativeTtl      how long a server's "not found" is believed before asking again
 * @param connectTimeout   to open a connection
 * @param requestTimeout   from sending a request until the response headers arrive
 * @param idleTimeout      longest silence while a body streams
 * @param retries          further attempts after a retryable failure (5xx, 429, timeout, broken connection)
 * @param backoff          wait before the first retry; doubled for each further one (at most 30 s)
 * @param maxParallel      downloads in flight at once, over all servers
 * @param maxBytes         largest file accepted
 * @param maxFailures      consecutive failed identities after which a server is not asked again in this run
 */
public record SourceOptions(List<SymbolServer> servers, Optional<Path> cacheFolder, boolean offline,
                            Duration negativeTtl, Duration connectTimeout, Duration requestTimeout,
                            Duration idleTimeout, int retries, Duration backoff, int maxParallel, long maxBytes,
                            int maxFailures) {

    public SourceOptions {
        servers = List.copyOf(servers);
        if (retries < 0 || maxParallel < 1 || maxBytes < 1 || maxFailures < 1) {
            throw new IllegalArgumentException("retries >= 0, maxParallel >= 1, maxBytes >= 1, maxFailures >= 1");
        }
    }

    /**
     * One-hour negative cache, 10 s to connect, 30 s to the response headers, 30 s of silence,
     * 2 retries from 0.5 s, 4 parallel downloads, 4 GiB per file, a server given up on after 3
     * failed identities in a row.
     */
    public static SourceOptions defaults(List<SymbolServer> servers, Optional<Path> cacheFolder) {
        return new SourceOptions(servers, cacheFolder, false, Duration.ofHours(1), Duration.ofSeconds(10),
                Duration.ofSeconds(30), Duration.ofSeconds(30), 2, Duration.ofMillis(500), 4, 4L << 30, 3);
    }

    public SourceOptions withOffline(boolean off) {
        return new SourceOptions(servers, cacheFolder, off, negativeTtl, connectTimeout, requestTimeout, idleTimeout,
                retries, backoff, maxParallel, maxBytes, maxFailures);
    }

    public SourceOptions withNegativeTtl(Duration ttl) {
        return new SourceOptions(servers, cacheFolder, offline, ttl, connectTimeout, requestTimeout, idleTimeout,
                retries, backoff, maxParallel, maxBytes, maxFailures);
    }

    public SourceOptions withTimeouts(Duration connect, Duration request, Duration idle) {
        return new SourceOptions(servers, cacheFolder, offline, negativeTtl, connect, request, idle,
                retries, backoff, maxParallel, maxBytes, maxFailures);
    }

    public SourceOptions withRetries(int count, Duration firstBackoff) {
        return new SourceOptions(servers, cacheFolder, offline, negativeTtl, connectTimeout, requestTimeout,
                idleTimeout, count, firstBackoff, maxParallel, maxBytes, maxFailures);
    }

    public SourceOptions withLimits(int parallel, long bytes, int failures) {
        return new SourceOptions(servers, cacheFolder, offline, negativeTtl, connectTimeout, requestTimeout,
                idleTimeout, retries, backoff, parallel, bytes, failures);
    }
}
