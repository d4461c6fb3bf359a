/**
 * Debug files from where teams keep them: symbol servers and shares, looked up by UUID / GNU
 * build-id for images that no local {@code --dsym} file answered.
 *
 * <h2>Use</h2>
 *
 * <pre>{@code
 * List<SymbolServer> servers = new ArrayList<>();
 * servers.add(SymbolServer.parse("unified=https://symbols.example.com/")
 *         .withHeader(SymbolServer.Header.parse("Authorization: Bearer " + token)));
 * servers.addAll(SourceConfigFile.read(configFile, System.getenv()));   // optional JSON list
 * servers.addAll(SymbolServer.fromEnvironment(System.getenv()));         // DEBUGINFOD_URLS
 * SourceOptions options = SourceOptions.defaults(servers, Optional.of(cacheFolder));
 *
 * DebugFileFetcher fetcher = DebugFileFetcher.create(options, warning -> log.warn(warning),
 *         ProgressListener.none());                                     // thread-safe, one per process
 * Optional<FetchedFile> f = fetcher.fetch(debugId);                      // verified file in the cache
 * Map<DebugId, FetchedFile> many = fetcher.fetchAll(ids);                // in parallel, bounded
 *
 * // Behind the symbolizer: images no indexed file has are fetched for the frames that need them.
 * ModuleCache modules = new ModuleCache(index, memberStore, fetcher);
 * }</pre>
 *
 * <p>The symbolizer calls {@code ModuleCache.prefetch} with the identities of the images that a
 * report's frames point into (never every listed image: an Apple report lists hundreds), so a
 * server process or a Spark job that builds a {@code ModuleCache} with a fetcher gets the same
 * behaviour as the CLI. Only this package's public types are API: {@link SymbolServer},
 * {@link Layout}, {@link SourceOptions}, {@link SourceConfigFile}, {@link DebugFileSource},
 * {@link DebugFileFetcher}, {@link FetchedFile}, {@link ProgressListener}.
 *
 * <h2>Layouts</h2>
 * {@link Layout#DEBUGINFOD} ({@code buildid/<id>/debuginfo}, then {@code executable}),
 * {@link Layout#LLDB} ({@code AAAA/BBBB/CCCC/DDDD/EEEE/FFFFFFFFFFFF}, then {@code .app}),
 * {@link Layout#GDB} ({@code .build-id/xx/rest.debug}, then {@code .build-id/xx/rest}) and
 * {@link Layout#UNIFIED} ({@code xx/rest/debuginfo}, then {@code executable}), over
 * {@code http://}, {@code https://} and {@code file://}.
 *
 * <h2>Guarantees</h2>
 * <ul>
 *   <li>A file is kept only when its own UUID / build-id equals the one asked for and every
 *       section and the symbol table lie inside it; downloads are written to a temporary name
 *       and renamed into {@code <cache>/symbols/xx/rest/{debuginfo,executable}} (the unified
 *       layout, so a cache folder can itself be served as {@code unified=file://…}). A wrong,
 *       truncated or non-object answer gives one warning naming the server and the identity.</li>
 *   <li>"Not found" is remembered per server and identity for {@link SourceOptions#negativeTtl()}
 *       (default 1 h) in {@code <cache>/symbols/.misses}; errors (timeouts, 5xx) are retried with
 *       doubling backoff but not remembered across runs; a server failing
 *       {@link SourceOptions#maxFailures()} identities in a row is dropped for the run.</li>
 *   <li>Each identity is looked up once per fetcher; concurrent callers wait for the first.
 *       At most {@link SourceOptions#maxParallel()} transfers run at once.</li>
 *   <li>{@link SourceOptions#offline()} uses only the cache and {@code file://} servers.</li>
 *   <li>Header values, URL passwords and query strings never appear in a message; a token is
 *       not forwarded when a redirect leaves the server's origin, and https→http redirects are
 *       refused.</li>
 * </ul>
 *
 * <p>Dependencies: {@code crashkit-core} (DebugId, Arch, CrashkitException), {@code format} (to verify files) and {@code locate}
 * ({@code SliceId}); never {@code symbolize}.
 */
package dev.crashkit.symbolicate.sources;
