package dev.crashkit.symbolicate.sources;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.symbolicate.locate.SliceId;
import dev.crashkit.core.model.DebugId;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;

/**
 * Fetches debug files by identity from symbol servers, in the order given, into the download
 * cache. Per identity: the cache first (re-verified), then each server not known to have missed it
 * within the negative-cache TTL, each of the layout's paths in turn. Every file is verified
 * before it is kept ({@link DownloadVerifier}); a wrong, cut-off or otherwise bad answer gives one
 * warning naming the server and the identity and is thrown away. Each identity is looked up at
 * most once per fetcher (concurrent callers wait for the first), and a server that keeps failing
 * is given up on for the rest of the run. Thread-safe; one per run (or per server process).
 */
public final class DebugFileFetcher implements DebugFileSource, AutoCloseable {
    private static final long MAX_BACKOFF_MILLIS = 30_000;

    private final SourceOptions options;
    private final Consumer<String> warnings;
    private final ProgressListener progress;
    private final SymbolStore store;
    private final Redactor redactor;
    private final Semaphore slots;
    private final Transport files;
    private volatile Transport http;
    private final Map<DebugId, CompletableFuture<Optional<FetchedFile>>> memo = new ConcurrentHashMap<>();
    private final Map<SymbolServer, ServerHealth> health = new ConcurrentHashMap<>();
    /** Image names of identities, for layouts that file by name ({@link Layout#BREAKPAD}). */
    private final Map<DebugId, String> imageNames = new ConcurrentHashMap<>();
    private ExecutorService pool;

    private DebugFileFetcher(SourceOptions options, Consumer<String> warnings, ProgressListener progress, Clock clock) {
        this.options = options;
        this.warnings = warnings;
        this.progress = progress;
        this.store = new SymbolStore(options.cacheFolder(), clock);
        this.redactor = new Redactor(options.servers());
        this.slots = new Semaphore(options.maxParallel());
        this.files = new FileTransport(options.maxBytes());
        for (SymbolServer s : options.servers()) {
            health.put(s, new ServerHealth(options.maxFailures()));
        }
    }

    /**
     * A fetcher over {@code options}.
     *
     * @param warnings one line per problem (bad answer, unreachable server); never holds a header value
     * @param progress told about large downloads ({@link ProgressListener#none()} when not on a terminal)
     */
    public static DebugFileFetcher create(SourceOptions options, Consumer<String> warnings, ProgressListener progress) {
        return new DebugFileFetcher(options, warnings, progress, Clock.systemUTC());
    }

    /** As {@link #create}, with the clock that ages negative-cache entries (tests). */
    static DebugFileFetcher create(SourceOptions options, Consumer<String> warnings, ProgressListener progress,
                                   Clock clock) {
        return new DebugFileFetcher(options, warnings, progress, clock);
    }

    /** With HTTP replaced (tests). */
    DebugFileFetcher withHttp(Transport transport) {
        this.http = transport;
        return this;
    }

    public SourceOptions options() {
        return options;
    }

    @Override
    public Optional<FetchedFile> fetch(DebugId id) {
        CompletableFuture<Optional<FetchedFile>> mine = new CompletableFuture<>();
        CompletableFuture<Optional<FetchedFile>> first = memo.putIfAbsent(id, mine);
        if (first != null) {
            return first.join();
        }
        Optional<FetchedFile> result = Optional.empty();
        try {
            result = lookup(id);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            memo.remove(id, mine); // not an answer: a later call may try again
        } finally {
            mine.complete(result);
        }
        return result;
    }

    @Override
    public Map<DebugId, FetchedFile> fetchAll(Collection<DebugId> ids, Map<DebugId, String> names) {
        for (Map.Entry<DebugId, String> e : names.entrySet()) {
            imageNames.putIfAbsent(e.getKey(), e.getValue());
        }
        return fetchAll(ids);
    }

    @Override
    public Map<DebugId, FetchedFile> fetchAll(Collection<DebugId> ids) {
        List<DebugId> distinct = new ArrayList<>(new LinkedHashSet<>(ids));
        Map<DebugId, FetchedFile> out = new LinkedHashMap<>();
        if (distinct.size() <= 1 || options.maxParallel() == 1) {
            for (DebugId id : distinct) {
                fetch(id).ifPresent(f -> out.put(id, f));
            }
            return out;
        }
        List<Future<Optional<FetchedFile>>> futures = new ArrayList<>();
        ExecutorService p = pool();
        for (DebugId id : distinct) {
            futures.add(p.submit(() -> fetch(id)));
        }
        for (int i = 0; i < distinct.size(); i++) {
            try {
                Optional<FetchedFile> f = futures.get(i).get();
                if (f.isPresent()) {
                    out.put(distinct.get(i), f.get());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                futures.forEach(f -> f.cancel(true));
                return out;
            } catch (ExecutionException e) {
                throw new IllegalStateException("fetching " + distinct.get(i) + " failed", e.getCause());
            }
        }
        return out;
    }

    @Override
    public synchronized void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }

    private synchronized ExecutorService pool() {
        if (pool == null) {
            pool = Executors.newFixedThreadPool(options.maxParallel(), r -> {
                Thread t = new Thread(r, "symbol-fetch");
                t.setDaemon(true);
                return t;
            });
        }
        return pool;
    }

    private Optional<FetchedFile> lookup(DebugId id) throws InterruptedException {
        if (id.bytes().length < 4 || id.isZero()) {
            return Optional.empty(); // no server files anything under such an identity
        }
        Optional<FetchedFile> cached = fromCache(id);
        if (cached.isPresent()) {
            return cached;
        }
        for (SymbolServer server : options.servers()) {
            if (options.offline() && !server.isLocal()) {
                continue;
            }
            ServerHealth h = health.get(server);
            if (h.givenUp() || store.missedRecently(server, id, options.negativeTtl())) {
                continue;
            }
            ServerAnswer a = ask(server, id);
            if (a.file().isPresent()) {
                h.succeeded();
                return a.file();
            }
            if (a.failed()) {
                if (h.failed()) {
                    warn(server.describe() + ": " + options.maxFailures()
                            + " lookups in a row failed; not asked again in this run");
                }
            } else {
                h.succeeded();
                store.recordMiss(server, id);
            }
        }
        return Optional.empty();
    }

    private record ServerAnswer(Optional<FetchedFile> file, boolean failed) {
    }

    /** Tries every path of the server's layout for {@code id}. */
    private ServerAnswer ask(SymbolServer server, DebugId id) throws InterruptedException {
        boolean buildIdBase = server.base().getRawPath().endsWith("/.build-id/");
        Transport t = transport(server);
        Optional<String> name = Optional.ofNullable(imageNames.get(id));
        for (Layout.Candidate c : server.layout().candidates(id, name, buildIdBase)) {
            for (URI url : t.expand(server.resolve(c.path()))) {
                Download d = download(server, t, url, id);
                if (d.file().isPresent()) {
                    return new ServerAnswer(d.file(), false);
                }
                if (d.rejected().isPresent()) {
                    // A bad file at one path does not make the next path bad: keep looking.
                    warn(server.describe() + ": " + id + ": rejected " + c.path() + ": " + d.rejected().get());
                    continue;
                }
                if (d.outcome().status() != Transport.Status.NOT_FOUND) {
                    warn(server.describe() + ": " + id + ": " + c.path() + ": " + d.outcome().detail()
                            + (d.outcome().status() == Transport.Status.RETRYABLE
                                    ? " (after " + (options.retries() + 1) + " attempts)" : ""));
                    return new ServerAnswer(Optional.empty(), true);
                }
            }
        }
        return new ServerAnswer(Optional.empty(), false);
    }

    /** What one URL gave: a verified file, a rejected one (why), or the transport's outcome. */
    private record Download(Transport.Outcome outcome, Optional<FetchedFile> file, Optional<String> rejected) {
    }

    /** Fetches one URL with retries, verifies it and moves it into the cache. */
    private Download download(SymbolServer server, Transport t, URI url, DebugId id) throws InterruptedException {
        for (int attempt = 0; ; attempt++) {
            Path tmp;
            try {
                tmp = store.newTemp();
            } catch (IOException e) {
                return new Download(Transport.Outcome.failed("cannot write to the cache: " + e.getMessage()),
                        Optional.empty(), Optional.empty());
            }
            boolean kept = false;
            try {
                Transport.Outcome o;
                slots.acquire();
                try {
                    o = t.get(url, server.headers(), tmp, progress, id.toString());
                } finally {
                    slots.release();
                }
                o = new Transport.Outcome(o.status(), redactor.scrub(o.detail()), o.bytes(), o.retryAfterMillis());
                if (o.status() == Transport.Status.FOUND) {
                    SliceId slice;
                    try {
                        slice = DownloadVerifier.verify(tmp, id);
                    } catch (CrashkitException e) {
                        return new Download(o, Optional.empty(), Optional.of(redactor.scrub(e.getMessage())));
                    }
                    Layout.Kind kind = slice.debugInfo() ? Layout.Kind.DEBUGINFO : Layout.Kind.EXECUTABLE;
                    Path kept0;
                    try {
                        kept0 = store.commit(tmp, id, kind);
                    } catch (IOException e) {
                        return new Download(Transport.Outcome.failed("cannot write to the cache: " + e.getMessage()),
                                Optional.empty(), Optional.empty());
                    }
                    kept = true;
                    return new Download(o, Optional.of(new FetchedFile(kept0, slice, server.describe())), Optional.empty());
                }
                if (o.status() != Transport.Status.RETRYABLE || attempt >= options.retries()) {
                    return new Download(o, Optional.empty(), Optional.empty());
                }
                Thread.sleep(backoffMillis(attempt, o.retryAfterMillis()));
            } finally {
                if (!kept) {
                    deleteQuietly(tmp);
                }
            }
        }
    }

    private long backoffMillis(int attempt, long retryAfter) {
        long base = options.backoff().toMillis() << Math.min(attempt, 16);
        long wait = retryAfter >= 0 ? Math.max(retryAfter, base) : base;
        return Math.min(wait, MAX_BACKOFF_MILLIS);
    }

    /** The cached file for {@code id} if it still verifies; a damaged one is removed. */
    private Optional<FetchedFile> fromCache(DebugId id) {
        Optional<Path> p = store.find(id);
        if (p.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new FetchedFile(p.get(), DownloadVerifier.verify(p.get(), id), "cache"));
        } catch (CrashkitException e) {
            warn("download cache: " + id + ": " + p.get() + " no longer verifies (" + e.getMessage() + "); removed");
            store.evict(p.get());
            return Optional.empty();
        }
    }

    private Transport transport(SymbolServer server) {
        if (server.isLocal()) {
            return files;
        }
        Transport t = http;
        if (t == null) {
            synchronized (this) {
                if (http == null) {
                    http = new HttpTransport(options.connectTimeout(), options.requestTimeout(),
                            options.idleTimeout(), options.maxBytes());
                }
                t = http;
            }
        }
        return t;
    }

    private void warn(String message) {
        warnings.accept("symbol server " + redactor.scrub(message));
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // A leftover temporary file is never read and is removed by a later run.
        }
    }
}
