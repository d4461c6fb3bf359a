package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.locate.ArchiveLimits;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.locate.MemberStore;
import dev.crashkit.symbolicate.dwarf.SourceLookup;
import dev.crashkit.symbolicate.locate.SliceId;
import dev.crashkit.symbolicate.sources.DebugFileSource;
import dev.crashkit.symbolicate.sources.FetchedFile;
import dev.crashkit.symbolicate.symcache.PageCache;
import dev.crashkit.symbolicate.symcache.SymCache;
import dev.crashkit.symbolicate.symcache.SymCacheKey;
import dev.crashkit.symbolicate.symcache.SymCacheStore;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The modules of one symbolication run, by image identity. Policy (as LLVM's symbolizer):
 * <ul>
 *   <li><b>One attempt per identity.</b> A load that finds no file ({@link Missing}) or none that
 *       reads ({@link Failed}) is kept for the whole run: a broken file is read once and reported
 *       once (as its image's status), not per frame. Problems found later inside a loaded module
 *       (a damaged DWARF unit) go to the cache's {@link Diagnostics}, once each.</li>
 *   <li><b>Bounded.</b> One budget (default {@link #defaultBudget()}) covers what modules hold:
 *       the pages symbol caches read ({@link PageCache}: {@link #pageBudget} of it) and the modules
 *       themselves, least-recently-used first: a module from a symbol cache counts the tables it
 *       keeps on the heap (strings, symbols; {@link SymCache#heapBytes}), one read from its debug
 *       files the bytes of the files it maps. Past the budget the least recently used modules are
 *       dropped (and loaded again if asked for later); the module just loaded is always kept.</li>
 *   <li><b>Concurrent.</b> Batch workers share one cache; two workers asking for the same identity
 *       wait for one load; loads of different identities run in parallel.</li>
 * </ul>
 * With a remote source (symbol servers), {@link #prefetch} fetches the identities no indexed file has
 * before they are asked for. Closing drops every module (their mapped files are released when no
 * frame still uses them).
 */
public final class ModuleCache implements AutoCloseable {

    /** The outcome of loading one identity. */
    public sealed interface Load permits Loaded, Missing, Failed {
        /** The module when there is one. */
        default Optional<DebugModule> loaded() {
            return this instanceof Loaded l ? Optional.of(l.module()) : Optional.empty();
        }
    }

    /** A module answers for the identity. */
    public record Loaded(DebugModule module) implements Load {
    }

    /** No debug file has the identity. */
    public record Missing(String reason) implements Load {
    }

    /** Files with the identity exist but none could be read; {@code error} says why, for each. */
    public record Failed(String error) implements Load {
    }

    /**
     * How much to keep, where to report, the symbol cache modules are opened through and stored
     * into (none: every module is read from its files each run), what counts its use, when a
     * missing cache is built, and what the caller does about debug files that cache builds let go of.
     *
     * @param whenFilesReleased run each time the debug files let go of by cache builds since the last
     *        time pass a quarter of the budget; none by default. Their mappings are released only when
     *        the collector collects their buffers: the command line, whose serial collector would not
     *        collect its old generation during a batch, collects then; a server or a Spark executor
     *        leaves that to its own collector (library code never calls {@code System.gc()}).
     */
    public record Options(long budgetBytes, Diagnostics diagnostics, Optional<SymCacheStore> symbolCache,
                          SymCacheCounters counters, SymbolCaching.Build build, Optional<Runnable> whenFilesReleased) {
        public Options {
            java.util.Objects.requireNonNull(whenFilesReleased, "whenFilesReleased");
        }

        public Options(long budgetBytes, Diagnostics diagnostics) {
            this(budgetBytes, diagnostics, Optional.empty(), new SymCacheCounters(), SymbolCaching.Build.FIRST_USE,
                    Optional.empty());
        }

        public static Options defaults() {
            return new Options(DEFAULT_BUDGET, Diagnostics.ignore());
        }

        public Options withDiagnostics(Diagnostics d) {
            return new Options(budgetBytes, d, symbolCache, counters, build, whenFilesReleased);
        }

        /** Through {@code store}, a missing cache built on first use (long runs: batch, the server). */
        public Options withSymbolCache(SymCacheStore store) {
            return withSymbolCache(store, SymbolCaching.Build.FIRST_USE);
        }

        public Options withSymbolCache(SymCacheStore store, SymbolCaching.Build when) {
            return new Options(budgetBytes, diagnostics, Optional.of(store), counters, when, whenFilesReleased);
        }

        /** Counting opened and built caches in {@code c} (shared by module caches that replace each other). */
        public Options withCounters(SymCacheCounters c) {
            return new Options(budgetBytes, diagnostics, symbolCache, c, build, whenFilesReleased);
        }

        /** Running {@code r} when cache builds have let go of a quarter of the budget in debug files. */
        public Options whenFilesReleased(Runnable r) {
            return new Options(budgetBytes, diagnostics, symbolCache, counters, build, Optional.of(r));
        }
    }

    private final DebugFileIndex index;
    private final MemberStore members;
    private final DebugFileSource remote;
    private final Options options;
    private final Map<DebugId, FetchedFile> fetched = new ConcurrentHashMap<>();
    private final LinkedHashMap<DebugId, Loaded> lru = new LinkedHashMap<>(16, 0.75f, true);
    private final Map<DebugId, Load> unavailable = new HashMap<>();
    private final Map<DebugId, CompletableFuture<Load>> inFlight = new HashMap<>();
    private final PageCache pages;
    private volatile long budget;
    private long mappedBytes;
    /** Bytes of debug files let go of by cache builds since the caller's hook last ran ({@link #released}). */
    private long releasedBytes;

    /** Archive members are extracted into a temporary folder removed at exit. */
    public ModuleCache(DebugFileIndex index) {
        this(index, new MemberStore(Optional.empty(), ArchiveLimits.defaults()));
    }

    public ModuleCache(DebugFileIndex index, MemberStore members) {
        this(index, members, DebugFileSource.none());
    }

    /** With {@code remote} asked (by {@link #prefetch}) for identities no indexed file has. */
    public ModuleCache(DebugFileIndex index, MemberStore members, DebugFileSource remote) {
        this(index, members, remote, Options.defaults());
    }

    public ModuleCache(DebugFileIndex index, MemberStore members, Options options) {
        this(index, members, DebugFileSource.none(), options);
    }

    public ModuleCache(DebugFileIndex index, MemberStore members, DebugFileSource remote, Options options) {
        this.index = index;
        this.members = members;
        this.remote = remote;
        this.options = options;
        if (options.budgetBytes() == DEFAULT_BUDGET) {
            // The default is at least the heap: the pages get at least a quarter of that, and the
            // machine's memory is asked for only when they are all used.
            this.pages = new PageCache(pageBudget(Runtime.getRuntime().maxMemory()), new PageBudget());
        } else {
            this.pages = new PageCache(pageBudget(options.budgetBytes()));
        }
    }

    /** The pages' share of the budget (a class, not a lambda: made on the index thread's start path). */
    private final class PageBudget implements java.util.function.LongSupplier {
        @Override
        public long getAsLong() {
            return pageBudget(budget());
        }
    }

    /**
     * {@link Options#budgetBytes} for the default budget, {@link #defaultBudget()}, worked out only
     * when the modules or pages come near the heap size: asking the operating system for the
     * machine's memory loads the JDK's management and container-metrics code, ~25 ms of CPU and up
     * to 40 ms of wall time on the path of a one-report run that never needs it (BENCHMARKS.md,
     * smaller symbol-cache blocks).
     */
    public static final long DEFAULT_BUDGET = -1;

    /** The budget in bytes (for {@link #DEFAULT_BUDGET}, worked out the first time; a race works it out twice). */
    private long budget() {
        long b = budget;
        if (b == 0) {
            b = options.budgetBytes() == DEFAULT_BUDGET ? defaultBudget() : options.budgetBytes();
            budget = b;
        }
        return b;
    }

    /**
     * The part of a budget that symbol cache pages get: a quarter. Not a fixed cap: a batch over
     * 20 big images touches ~240 MB of pages, and with only 64 MB of slots the misses (a positional
     * read and a checksum each) cost it ~30% more CPU (BENCHMARKS.md, symbol cache pages); a smaller
     * {@code --module-cache-mb} buys a smaller footprint at that price. Slots (and their bookkeeping)
     * are allocated a megabyte at a time as pages are read, so a large budget costs nothing unused.
     */
    public static long pageBudget(long budgetBytes) {
        return budgetBytes / 4;
    }

    /** The symbol cache pages kept now (shared by every module of this cache). */
    public PageCache pages() {
        return pages;
    }

    /** True when a remote source is configured, so {@link #prefetch} is worth calling. */
    public boolean hasRemote() {
        return remote != DebugFileSource.none();
    }

    /**
     * Fetches from the remote source, in parallel, the identities that no indexed file has, so
     * that {@link #get} finds them. Only images that frames point into are worth this.
     */
    public void prefetch(Collection<DebugId> ids) {
        prefetch(ids, Map.of());
    }

    /** As {@link #prefetch(Collection)}, with the image names the report gives (for name-filed layouts). */
    public void prefetch(Collection<DebugId> ids, Map<DebugId, String> imageNames) {
        List<DebugId> missing = ids.stream().filter(id -> index.find(id).isEmpty() && !fetched.containsKey(id)).toList();
        if (missing.isEmpty()) {
            return;
        }
        Map<DebugId, FetchedFile> got = remote.fetchAll(missing, imageNames);
        fetched.putAll(got);
        // A get() before the fetch remembered "no file": forget that answer.
        synchronized (this) {
            got.keySet().forEach(id -> {
                if (unavailable.get(id) instanceof Missing) {
                    unavailable.remove(id);
                }
            });
        }
    }

    /**
     * A quarter of the physical memory when the JVM can tell, else the maximum heap: mapped debug
     * files live in the page cache, and the indexes built from them on the heap grow with them.
     */
    public static long defaultBudget() {
        long heap = Runtime.getRuntime().maxMemory();
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            return Math.max(heap, os.getTotalMemorySize() / 4);
        }
        return heap;
    }

    public DebugFileIndex index() {
        return index;
    }

    /** Where archive members are extracted (so other passes read the same files). */
    public MemberStore members() {
        return members;
    }

    /** Where load and lookup problems are reported. */
    public Diagnostics diagnostics() {
        return options.diagnostics();
    }

    /** The load outcome for {@code id}; loads it on first request. */
    public Load get(DebugId id) {
        CompletableFuture<Load> pending;
        boolean mine = false;
        synchronized (this) {
            Loaded l = lru.get(id);
            if (l != null) {
                return l;
            }
            Load u = unavailable.get(id);
            if (u != null) {
                return u;
            }
            pending = inFlight.get(id);
            if (pending == null) {
                pending = new CompletableFuture<>();
                inFlight.put(id, pending);
                mine = true;
            }
        }
        if (!mine) {
            return pending.join();
        }
        Load result = load(id);
        synchronized (this) {
            inFlight.remove(id);
            if (result instanceof Loaded l) {
                lru.put(id, l);
                mappedBytes += l.module().mappedBytes();
                evictOver(id);
            } else {
                unavailable.put(id, result);
            }
        }
        pending.complete(result);
        return result;
    }

    /**
     * Opens now, on the calling thread, the modules of the indexed identities whose symbol caches
     * are there and good, when the index holds at most {@code maxIds} identities: a report read
     * meanwhile on another thread then finds its modules open (the one-report command opens them
     * while it reads the report). Only what {@link #get} would open from a cache, silently: no debug
     * file is read, no cache built or marked as used, nothing said; a missing, bad or stale cache is
     * left to {@link #get}, which says why. An identity asked for meanwhile keeps what get found.
     */
    public void openCachedAhead(int maxIds) {
        if (options.symbolCache().isEmpty()) {
            return;
        }
        List<DebugId> ids = index.ids();
        if (ids.size() > maxIds) {
            return;
        }
        SymbolCaching caching = new SymbolCaching(options.symbolCache().get().withPages(pages), options.counters());
        for (DebugId id : ids) {
            synchronized (this) {
                if (lru.containsKey(id) || unavailable.containsKey(id) || inFlight.containsKey(id)) {
                    continue;
                }
            }
            List<DebugFileIndex.Entry> entries = index.find(id);
            Optional<SymCacheKey> key = SymbolCaching.key(id, entries);
            if (key.isEmpty()) {
                continue;
            }
            Optional<DebugModule> opened = caching.openIfGood(key.get(), options.diagnostics(),
                    new FilesOf(id, entries, Optional.of(caching), key));
            if (opened.isEmpty()) {
                continue;
            }
            synchronized (this) {
                if (!lru.containsKey(id) && !unavailable.containsKey(id) && !inFlight.containsKey(id)) {
                    lru.put(id, new Loaded(opened.get()));
                    mappedBytes += opened.get().mappedBytes();
                    evictOver(id);
                }
            }
        }
    }

    /** The DWARF of a module's debug files, for a cache found damaged later (a class, not a lambda). */
    private final class FilesOf implements java.util.function.Supplier<Optional<SourceLookup>> {
        private final DebugId id;
        private final List<DebugFileIndex.Entry> entries;
        private final Optional<SymbolCaching> caching;
        private final Optional<SymCacheKey> key;

        FilesOf(DebugId id, List<DebugFileIndex.Entry> entries, Optional<SymbolCaching> caching,
                Optional<SymCacheKey> key) {
            this.id = id;
            this.entries = entries;
            this.caching = caching;
            this.key = key;
        }

        @Override
        public Optional<SourceLookup> get() {
            Optional<DebugModule> m = fromFiles(id, entries, caching, key).loaded();
            return m.isPresent() ? m.get().dwarf() : Optional.empty();
        }
    }

    /**
     * Counts the bytes of a debug file whose DWARF a cache build has let go of, and runs the caller's
     * {@link Options#whenFilesReleased} once such bytes since the last time pass a quarter of the budget.
     * The module answered from the new cache holds none of that DWARF, but its file's mapping (clean
     * pages, counted in the RSS) and decoded units stay in memory until their buffers are collected, and
     * they are old by then: a batch on the serial collector building caches for many images, which never
     * collected its old generation, grew with the number of images (920 MB for 20 under a 256 MB budget;
     * BENCHMARKS.md, cold batch memory), so the command line collects here. Nothing unmaps them earlier:
     * in Java 17 a mapping is released only with its buffer, and slices of it may still be held by
     * lookups running on other threads.
     */
    private void released(long bytes) {
        if (options.whenFilesReleased().isEmpty()) {
            return;
        }
        boolean due;
        synchronized (this) {
            releasedBytes += bytes;
            due = releasedBytes >= budget() / 4;
            if (due) {
                releasedBytes = 0;
            }
        }
        if (due) {
            options.whenFilesReleased().get().run();
        }
    }

    /** Drops least recently used modules past the budget, never {@code keep}. */
    private void evictOver(DebugId keep) {
        long heap = Runtime.getRuntime().maxMemory();
        if (options.budgetBytes() == DEFAULT_BUDGET && mappedBytes <= heap - pageBudget(heap)) {
            return; // under any default budget (at least the heap, a quarter of it for pages): nothing to drop
        }
        Iterator<Map.Entry<DebugId, Loaded>> it = lru.entrySet().iterator();
        long forModules = budget() - pages.capacity();
        while (mappedBytes > forModules && it.hasNext()) {
            Map.Entry<DebugId, Loaded> e = it.next();
            if (!e.getKey().equals(keep)) {
                mappedBytes -= e.getValue().module().mappedBytes();
                it.remove();
            }
        }
    }

    /** Bytes of the modules kept now. */
    public synchronized long mappedBytes() {
        return mappedBytes;
    }

    /** How many modules are kept now. */
    public synchronized int loadedCount() {
        return lru.size();
    }

    private Load load(DebugId id) {
        List<DebugFileIndex.Entry> entries = index.find(id);
        FetchedFile f = fetched.get(id);
        if (entries.isEmpty() && f != null) {
            entries = List.of(new DebugFileIndex.Entry(id, f.file(), f.slice().arch(), f.slice().debugInfo(),
                    f.slice().container(), f.file().getFileName().toString(), Optional.empty()));
        }
        if (entries.isEmpty()) {
            return new Missing("no debug file with UUID " + id);
        }
        // A Breakpad symbol file answers only where no object file with debug information does
        // (columns, full names and the binary's own layout come from those); it needs no symbol cache.
        List<DebugFileIndex.Entry> symbolFiles = entries.stream()
                .filter(e -> e.container() == SliceId.Container.BREAKPAD).toList();
        if (!symbolFiles.isEmpty()) {
            List<DebugFileIndex.Entry> objects = entries.stream()
                    .filter(e -> e.container() != SliceId.Container.BREAKPAD).toList();
            if (objects.stream().noneMatch(DebugFileIndex.Entry::debugInfo)) {
                try {
                    return BreakpadModuleLoader.load(symbolFiles, members, options.diagnostics());
                } catch (CrashkitException e) {
                    return new Failed(e.getMessage());
                }
            }
            entries = objects;
        }
        Optional<SymbolCaching> caching = options.symbolCache()
                .map(s -> new SymbolCaching(s.withPages(pages), options.counters()));
        Optional<SymCacheKey> key = caching.isPresent() ? SymbolCaching.key(id, entries) : Optional.empty();
        if (key.isPresent()) {
            List<DebugFileIndex.Entry> files = entries;
            // A cache found damaged by a later lookup: the DWARF of the files answers, and a new cache replaces it.
            Optional<DebugModule> cached = caching.get().open(key.get(), options.diagnostics(),
                    () -> fromFiles(id, files, caching, key).loaded().flatMap(DebugModule::dwarf));
            if (cached.isPresent()) {
                return new Loaded(cached.get());
            }
        }
        return fromFiles(id, entries, caching, key);
    }

    /** The module read from its debug files, and its symbol cache built when it is time to. */
    private Load fromFiles(DebugId id, List<DebugFileIndex.Entry> entries, Optional<SymbolCaching> caching,
                           Optional<SymCacheKey> key) {
        Load loaded;
        try {
            loaded = entries.get(0).container() == SliceId.Container.ELF
                    ? ElfModuleLoader.load(id, entries, members, index, options.diagnostics())
                    : MachOModuleLoader.load(id, entries, members, options.diagnostics());
        } catch (CrashkitException e) {
            return new Failed(e.getMessage());
        }
        if (key.isPresent() && loaded instanceof Loaded l
                && caching.get().buildNow(key.get(), options.build())) {
            List<Path> inputs = entries.stream().map(DebugFileIndex.Entry::file).toList();
            DebugModule built = caching.get().build(key.get(), inputs, l.module(), options.diagnostics(),
                    new FilesOf(id, entries, caching, key));
            if (built != l.module()) {
                released(l.module().mappedBytes());
            }
            return new Loaded(built);
        }
        return loaded;
    }

    @Override
    public synchronized void close() {
        lru.clear();
        unavailable.clear();
        mappedBytes = 0;
    }
}
