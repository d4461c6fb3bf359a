package dev.crashkit.server.symbolication;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.symbolicate.locate.ArchiveLimits;
import dev.crashkit.symbolicate.locate.IndexCache;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.locate.MemberStore;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import dev.crashkit.symbolicate.symbolize.SymCacheCounters;
import dev.crashkit.symbolicate.symcache.SymCacheStore;
import dev.crashkit.symbolicate.sources.DebugFileFetcher;
import dev.crashkit.symbolicate.sources.ProgressListener;
import dev.crashkit.symbolicate.sources.SourceOptions;
import dev.crashkit.symbolicate.sources.SymbolServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The debug files the server symbolicates with: the {@code --dsym} paths plus every uploaded file under
 * the store folder, indexed by UUID / build-id with the symbolicator's index (archive limits and
 * hash-named extraction as in the CLI), then the {@code --symbol-server}s for identities none of those
 * has (downloads verified and cached under the data folder, misses remembered for an hour as in the CLI).
 * An upload swaps in a new index, fetcher and module cache: the old ones remember that the new identities
 * were missing, and must not answer again. Unless turned off, modules go through symbol caches in
 * {@code <cache folder>/symcache} (as the CLI's): built on first use of a debug file, then mapped by every
 * later module cache (after an upload, after a restart) without parsing the debug file again.
 */
public final class DebugFiles implements AutoCloseable {

    /** One identity found in an uploaded file. */
    public record Identity(String debugId, String arch, boolean debugInfo, String member) {
    }

    private final List<Path> roots;
    private final List<SymbolServer> servers;
    private final Path cacheFolder;
    private final Consumer<String> warnings;
    private final ModuleCache.Options moduleOptions;
    private final AtomicLong generation = new AtomicLong();
    private volatile ModuleCache modules;
    private DebugFileFetcher fetcher;

    private DebugFiles(List<Path> roots, List<SymbolServer> servers, Path cacheFolder,
                       Optional<SymCacheCounters> symbolCache, Consumer<String> warnings) {
        this.roots = List.copyOf(roots);
        this.servers = List.copyOf(servers);
        this.cacheFolder = cacheFolder;
        this.warnings = warnings;
        // Problems met in debug files and symbol caches (a damaged one is rebuilt) are logged, once per load.
        ModuleCache.Options o = ModuleCache.Options.defaults().withDiagnostics(warnings::accept);
        if (symbolCache.isPresent()) {
            o = o.withSymbolCache(SymCacheStore.in(cacheFolder)).withCounters(symbolCache.get());
        }
        this.moduleOptions = o;
    }

    /**
     * Indexes {@code dsyms} and the upload folder.
     *
     * @param symbolServers {@code LAYOUT=URL} as for the CLI's {@code --symbol-server}
     * @param cacheFolder index cache, extracted archive members, downloads (under the server's data folder)
     * @param symbolCache where to count symbol cache use; empty: no symbol caches ({@code --no-symcache})
     * @throws IllegalArgumentException when a symbol server is not {@code LAYOUT=URL} with a known layout
     */
    public static DebugFiles open(List<Path> dsyms, List<String> symbolServers, Path uploads, Path cacheFolder,
                                  Optional<SymCacheCounters> symbolCache, Consumer<String> warnings)
            throws IOException {
        List<SymbolServer> servers = new ArrayList<>();
        for (String spec : symbolServers) {
            servers.add(SymbolServer.parse(spec));
        }
        Files.createDirectories(uploads);
        Files.createDirectories(cacheFolder);
        List<Path> roots = new ArrayList<>(dsyms);
        roots.add(uploads);
        DebugFiles d = new DebugFiles(roots, servers, cacheFolder, symbolCache, warnings);
        d.reload();
        return d;
    }

    /** Scans every root again (cheap for files already indexed) and replaces the module cache. */
    public synchronized void reload() throws IOException {
        IndexCache cache = IndexCache.open(cacheFolder.resolve("index"));
        DebugFileIndex index = DebugFileIndex.scan(roots,
                new DebugFileIndex.ScanOptions(Optional.of(cache), ArchiveLimits.defaults()), warnings::accept);
        MemberStore members = new MemberStore(Optional.of(cacheFolder), ArchiveLimits.defaults());
        DebugFileFetcher previous = fetcher;
        if (servers.isEmpty()) {
            modules = new ModuleCache(index, members, moduleOptions);
        } else {
            fetcher = DebugFileFetcher.create(SourceOptions.defaults(servers, Optional.of(cacheFolder)),
                    warnings::accept, ProgressListener.none());
            modules = new ModuleCache(index, members, fetcher, moduleOptions);
        }
        generation.incrementAndGet();
        if (previous != null) {
            previous.close(); // a worker still using it finishes its report with what it has
        }
    }

    @Override
    public synchronized void close() {
        if (fetcher != null) {
            fetcher.close();
        }
    }

    /** Changes at every {@link #reload()}: a symbolication that began before one may have missed files. */
    public long generation() {
        return generation.get();
    }

    ModuleCache modules() {
        return modules;
    }

    /**
     * The identities in one uploaded file; refuses files that are no object file, dSYM or archive of them.
     * Synchronized with {@link #reload()}: both write the same index cache.
     */
    public synchronized List<Identity> identify(Path file) throws BadInputException, IOException {
        IndexCache cache = IndexCache.open(cacheFolder.resolve("index"));
        List<String> problems = new ArrayList<>();
        try {
            DebugFileIndex.scan(List.of(file), new DebugFileIndex.ScanOptions(Optional.of(cache),
                    ArchiveLimits.defaults()), problems::add);
        } catch (CrashkitException e) {
            throw new BadInputException(e.getMessage().replace(file.toString(), "upload"));
        }
        Optional<List<IndexCache.Item>> items = cache.get(file, Files.size(file),
                Files.getLastModifiedTime(file).toMillis());
        List<Identity> out = new ArrayList<>();
        for (IndexCache.Item item : items.orElse(List.of())) {
            out.add(new Identity(item.slice().id().toString(), item.slice().arch().label(), item.slice().debugInfo(),
                    item.member().orElse("")));
        }
        if (out.isEmpty()) {
            throw new BadInputException("no UUID or build-id found in the upload"
                    + (problems.isEmpty() ? "" : ": " + problems.get(0).replace(file.toString(), "upload")));
        }
        return out;
    }
}
