package dev.crashkit.symbolicator;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.ReportException;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.formats.ReportRenderer;
import dev.crashkit.symbolicate.output.AtomicFile;
import dev.crashkit.symbolicate.locate.ArchiveLimits;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.locate.IndexCache;
import dev.crashkit.symbolicate.locate.MemberStore;
import dev.crashkit.symbolicate.sources.DebugFileFetcher;
import dev.crashkit.symbolicate.sources.DebugFileSource;
import dev.crashkit.symbolicate.sources.ProgressListener;
import dev.crashkit.symbolicate.sources.SymbolServer;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import dev.crashkit.symbolicate.symbolize.Reunwinder;
import dev.crashkit.symbolicate.symbolize.StackWalker;
import dev.crashkit.symbolicate.report.minidump.MinidumpDocument;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.symbolicate.symbolize.SymCacheCounters;
import dev.crashkit.symbolicate.symbolize.SymbolCaching;
import dev.crashkit.symbolicate.symbolize.Symbolizer;
import dev.crashkit.symbolicate.symcache.SymCacheKey;
import dev.crashkit.symbolicate.symcache.SymCacheStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * crashkit's one entry point: symbolicates crash reports with the debug files of a
 * {@link SymbolicatorConfig}, matched to report images by UUID / build-id, fetched from symbol servers
 * when no local path has them. Built once ({@link #open}), then thread-safe: any number of threads may
 * symbolicate at once, sharing the loaded debug files (kept within the memory budget). Debug files
 * added later ({@link #addDebugFiles}, {@link #refresh}) answer from the next report on.
 *
 * <pre>{@code
 * try (Symbolicator s = Symbolicator.open(SymbolicatorConfig.defaults().withDebugFiles(List.of(dsym)))) {
 *     Symbolication result = s.symbolicate(Path.of("crash.ips"));
 *     result.write(OutputFormat.JSON, System.out);
 * }
 * }</pre>
 */
public final class Symbolicator implements AutoCloseable {
    private final SymbolicatorConfig config;
    private final List<Path> roots;
    private final List<SymbolServer> servers;
    private final SymCacheCounters counters = new SymCacheCounters();
    private final ModuleCache.Options moduleOptions;
    private final AtomicLong generation = new AtomicLong();
    /** The debug files now: replaced as a whole when files are added, never changed. */
    private volatile Modules current;
    private boolean closed;

    /** One generation of debug files and what looks addresses up in them. */
    private record Modules(ModuleCache cache, Optional<DebugFileFetcher> fetcher, Symbolizer symbolizer,
                           Symbolizer simplified) {
    }

    private Symbolicator(SymbolicatorConfig config, List<SymbolServer> servers) {
        this.config = config;
        this.roots = new ArrayList<>(config.debugFiles());
        this.servers = servers;
        DiagnosticSink sink = config.diagnostics();
        long budget = config.memoryBudgetBytes() == 0 ? ModuleCache.DEFAULT_BUDGET : config.memoryBudgetBytes();
        ModuleCache.Options o = new ModuleCache.Options(budget, new LookupProblems(sink)).withCounters(counters);
        if (config.whenDebugFilesReleased().isPresent()) {
            o = o.whenFilesReleased(config.whenDebugFilesReleased().get());
        }
        if (config.cacheFolder().isPresent() && config.symbolCache() != SymbolCachePolicy.OFF) {
            o = o.withSymbolCache(SymCacheStore.in(config.cacheFolder().get()), switch (config.symbolCache()) {
                case BUILD_ON_FIRST_USE -> SymbolCaching.Build.FIRST_USE;
                case BUILD_APART -> SymbolCaching.Build.APART;
                default -> SymbolCaching.Build.SECOND_USE;
            });
        }
        this.moduleOptions = o;
    }

    /**
     * Resolves the symbol servers, indexes the debug-file paths (through the index cache, when there is
     * a cache folder) and opens up to {@link SymbolicatorConfig#openAhead()} symbol caches.
     *
     * @param config the debug files, symbol servers, cache folder and the rest
     * @return the symbolicator, to close when done
     * @throws CrashkitException        a path that does not exist, a config file that cannot be read
     * @throws IllegalArgumentException a symbol server or header that is malformed, or a header for a
     *                                  server not given (the message says which)
     */
    public static Symbolicator open(SymbolicatorConfig config) throws CrashkitException {
        // Servers first: a bad server value is said before a long folder scan.
        List<SymbolServer> servers = config.symbolSources().resolve();
        Symbolicator s = new Symbolicator(config, List.copyOf(servers));
        s.current = s.scan();
        if (config.openAhead() > 0) {
            s.current.cache().openCachedAhead(config.openAhead());
        }
        return s;
    }

    /** {@return the configuration this symbolicator was built from} */
    public SymbolicatorConfig config() {
        return config;
    }

    /**
     * Reads a report file (within the configuration's input limits) and symbolicates it.
     *
     * @param report the report file, in any format {@link Report} reads
     * @return the result
     * @throws CrashkitException the report cannot be read, is over a limit or is no report (a
     *                           {@link ReportException} naming the file)
     */
    public Symbolication symbolicate(Path report) throws CrashkitException {
        return symbolicate(Report.read(report, config.inputLimits()));
    }

    /**
     * Reads report bytes and symbolicates them.
     *
     * @param source names the report in error messages (a file name, an upload, a record id)
     * @param report the report's bytes
     * @return the result
     * @throws CrashkitException the report is over a limit or is no report (a {@link ReportException}
     *                           naming {@code source})
     */
    public Symbolication symbolicate(String source, byte[] report) throws CrashkitException {
        return symbolicate(Report.read(source, report, config.inputLimits()));
    }

    /**
     * Reads a report from a stream (not closed) and symbolicates it.
     *
     * @param source names the report in error messages (a file name, an upload, a record id)
     * @param report the report's bytes
     * @return the result
     * @throws CrashkitException the stream fails, or the report is over a limit or is no report (a
     *                           {@link ReportException} naming {@code source})
     */
    public Symbolication symbolicate(String source, InputStream report) throws CrashkitException {
        return symbolicate(Report.read(source, report, config.inputLimits()));
    }

    /**
     * Symbolicates a report already read: its threads and its exception backtrace.
     *
     * @param report the report
     * @return the result
     */
    public Symbolication symbolicate(Report report) {
        report = walked(report);
        Modules m = current;
        return new Symbolication(report, ReportRenderer.symbolicate(report.parsed(), m.symbolizer()),
                signatureSymbolizer(m));
    }

    /**
     * Looks up ahead, on this thread and in address order, what the frames of {@code reports} will look
     * up in symbol caches: for a batch worker that symbolicates a chunk of small reports next (their
     * lookups together touch each block of a cache once, in order). This thread's lookups are answered
     * from there until the result is closed; nothing symbolicated changes. A minidump not walked yet
     * is left out (its frames come from walking it).
     *
     * @param reports the reports this thread symbolicates next
     * @return forgets the answers when closed, on this thread
     */
    public LookedAhead lookAhead(List<Report> reports) {
        List<CrashReport> models = new ArrayList<>(reports.size());
        for (Report r : reports) {
            if (!(r.parsed().document() instanceof MinidumpDocument) || r.walked()) {
                models.add(r.parsed().model());
            }
        }
        return current.symbolizer().lookAhead(models)::close;
    }

    /** Answers looked up ahead by {@link #lookAhead}, used by that thread's lookups until closed. */
    @FunctionalInterface
    public interface LookedAhead extends AutoCloseable {
        /** Forgets the answers: the thread's lookups go to the symbol caches again. Call on that thread. */
        @Override
        void close();
    }

    /**
     * Symbolicates and writes at once, the rendering streamed as it is produced (a big report's JSON
     * rendered on a second thread as its threads are done): for a command line or a batch writing
     * each result once. The returned result can be written again.
     *
     * @param report the report
     * @param format what to render
     * @param out    where to, in UTF-8 (not closed, not flushed)
     * @return the result
     * @throws IOException writing to {@code out} failed
     */
    public Symbolication symbolicate(Report report, OutputFormat format, OutputStream out) throws IOException {
        report = walked(report);
        Modules m = current;
        return new Symbolication(report, ReportRenderer.renderAll(report.parsed(), m.symbolizer(), format.internal(),
                out), signatureSymbolizer(m));
    }

    /**
     * As {@link #symbolicate(Report, OutputFormat, OutputStream)}, into a file that is complete or absent,
     * never truncated: written under a temporary name beside it, then renamed.
     *
     * @param report the report
     * @param format what to render
     * @param target the file to write
     * @return the result
     * @throws CrashkitException the file cannot be written (the message names it)
     * @throws IOException       as {@link CrashkitException}, which it is
     */
    public Symbolication symbolicate(Report report, OutputFormat format, Path target) throws IOException {
        Symbolication[] result = new Symbolication[1];
        try {
            AtomicFile.writeBytes(target, out -> result[0] = symbolicate(report, format, out));
        } catch (CrashkitException e) {
            throw e;
        } catch (IOException e) {
            throw new CrashkitException(target + ": cannot write: " + e.getMessage(), e);
        }
        return result[0];
    }

    /**
     * As {@link #symbolicate(Report, OutputFormat, OutputStream)}, to characters.
     *
     * @param report the report
     * @param format what to render
     * @param out    where to (not closed, not flushed)
     * @return the result
     * @throws IOException writing to {@code out} failed
     */
    public Symbolication symbolicate(Report report, OutputFormat format, Writer out) throws IOException {
        report = walked(report);
        Modules m = current;
        return new Symbolication(report, ReportRenderer.renderAll(report.parsed(), m.symbolizer(), format.internal(),
                out), signatureSymbolizer(m));
    }

    /**
     * Symbolicates every report of one input ({@link Report#readAll}) and writes them as one output:
     * a single report exactly as {@link #symbolicate(Report, OutputFormat, OutputStream)}; several as
     * a JSON array of {@code symbolicated/1} documents ({@code json}), texts each headed by a line
     * {@code ==> NAME <==} ({@code text}), and for {@code same} the input written back whole when its
     * format can be (a MetricKit payload with every diagnostic's frames annotated), else each report
     * in its format under such a header.
     *
     * @param reports the reports of one input, in input order
     * @param format  what to render
     * @param out     where to, in UTF-8 (not closed, not flushed)
     * @return each report's result, in order
     * @throws IOException writing to {@code out} failed
     */
    public List<Symbolication> symbolicateAll(List<Report> reports, OutputFormat format, OutputStream out)
            throws IOException {
        if (reports.size() == 1) {
            return List.of(symbolicate(reports.get(0), format, out));
        }
        List<Report> walkedReports = new ArrayList<>(reports.size());
        for (Report r : reports) {
            walkedReports.add(walked(r));
        }
        reports = walkedReports;
        List<Symbolication> results = new ArrayList<>(reports.size());
        List<dev.crashkit.symbolicate.report.ParsedReport> parts = new ArrayList<>(reports.size());
        for (Report r : reports) {
            parts.add(r.parsed());
        }
        if (ReportRenderer.hasCombined(parts, format.internal())) {
            Modules m = current;
            List<ReportRenderer.Symbolicated> done = new ArrayList<>(reports.size());
            for (Report r : reports) {
                ReportRenderer.Symbolicated s = ReportRenderer.symbolicate(r.parsed(), m.symbolizer());
                done.add(s);
                results.add(new Symbolication(r, s, signatureSymbolizer(m)));
            }
            ReportRenderer.writeCombined(parts, done, format.internal(), out);
            return results;
        }
        boolean json = format == OutputFormat.JSON;
        byte[] separator = (json ? ",\n" : "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        if (json) {
            out.write('[');
        }
        for (int i = 0; i < reports.size(); i++) {
            Report r = reports.get(i);
            if (i > 0) {
                out.write(separator);
            }
            if (!json) {
                out.write(("==> " + r.name() + " <==\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
            results.add(symbolicate(r, format, out));
        }
        if (json) {
            out.write("]\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        return results;
    }

    /**
     * As {@link #symbolicateAll(List, OutputFormat, OutputStream)}, into a file that is complete or
     * absent, never truncated.
     *
     * @param reports the reports of one input, in input order
     * @param format  what to render
     * @param target  the file to write
     * @return each report's result, in order
     * @throws CrashkitException the file cannot be written (the message names it)
     * @throws IOException       as {@link CrashkitException}, which it is
     */
    public List<Symbolication> symbolicateAll(List<Report> reports, OutputFormat format, Path target)
            throws IOException {
        List<List<Symbolication>> result = new ArrayList<>(1);
        try {
            AtomicFile.writeBytes(target, out -> result.add(symbolicateAll(reports, format, out)));
        } catch (CrashkitException e) {
            throw e;
        } catch (IOException e) {
            throw new CrashkitException(target + ": cannot write: " + e.getMessage(), e);
        }
        return result.get(0);
    }

    /**
     * {@return the file name extension of {@code report} rendered in {@code format}}
     * {@code .json}, {@code .ips}, ...
     *
     * @param report the report
     * @param format what would be rendered
     */
    public static String fileExtension(Report report, OutputFormat format) {
        return ReportRenderer.extension(report.parsed(), format.internal());
    }

    /** Null when the configured names are the signature's (simplified): the result serves both. */
    private Symbolizer signatureSymbolizer(Modules m) {
        return m.simplified() == m.symbolizer() ? null : m.simplified();
    }

    /**
     * The report with the threads that carry registers and a stack window (our capture's) unwound
     * again with the binaries' call-frame information (x86-64 ELF: the very binaries, matched by
     * build-id, must be among the debug files). A thread that cannot be rebuilt keeps its frames.
     *
     * @param report the report, read with its registers and stack windows
     * @return the report with the threads unwound again; the others as they were
     */
    public Report reunwind(Report report) {
        DiagnosticSink sink = config.diagnostics();
        return report.withModel(new Reunwinder(current.cache(), sink::unwinding).reunwind(report.model()));
    }

    /**
     * The report with its threads' stacks walked, for a minidump (which saves registers and memory,
     * not frames): with the binaries among the debug files, matched by build-id. Other reports, and a
     * minidump already walked, come back as they are. Problems reading the dump and walking it go to
     * the diagnostics sink's {@code unwinding}, each naming the report.
     *
     * @param report the report
     * @return the report with walked threads
     */
    public Report walked(Report report) {
        if (!(report.parsed().document() instanceof MinidumpDocument dump) || report.walked()) {
            return report;
        }
        DiagnosticSink sink = config.diagnostics();
        String name = report.name();
        for (String problem : dump.problems()) {
            sink.unwinding(name + ": " + problem);
        }
        if (!dump.notWalked().isEmpty()) {
            sink.unwinding(name + ": " + dump.notWalked().size() + " threads of architecture " + dump.arch()
                    + " not walked (no stack walker for it): each keeps the frame of its registers");
        }
        CrashReport model = new StackWalker(current.cache(), message -> sink.unwinding(name + ": " + message))
                .walk(report.model(), dump.arch(), dump.memory(), dump.walkStarts(), config.inputLimits().maxFrames());
        return report.withWalkedModel(model);
    }

    /**
     * Looks addresses up in one binary or debug file (Apple's {@code atos}): {@code arch} picks the
     * slice of a universal file (required when it has several). Through the symbol cache as configured.
     *
     * @param file a binary, a debug file or a .dSYM bundle
     * @param arch the slice ({@code arm64}, {@code x86_64}, ...); empty for a file with one
     * @return the lookups in that file
     * @throws CrashkitException the file cannot be read, or has no such slice
     */
    public ImageLookup image(Path file, Optional<String> arch) throws CrashkitException {
        return ImageLookup.open(file, arch, symbolCacheStore(), buildPolicy(), config.demangling(),
                config.diagnostics());
    }

    /**
     * Looks addresses up in the debug file of {@code id}: from the debug-file paths, the download cache
     * or the symbol servers; empty when none of them has it.
     *
     * @param id the image's UUID / build-id
     * @return the lookups in its debug file, or empty
     * @throws CrashkitException the debug file found cannot be read
     */
    public Optional<ImageLookup> image(DebugId id) throws CrashkitException {
        ModuleCache modules = current.cache();
        modules.prefetch(List.of(id));
        ModuleCache.Load load = modules.get(id);
        if (load instanceof ModuleCache.Loaded loaded) {
            return Optional.of(new ImageLookup(loaded.module(), Optional.of(id), config.demangling()));
        }
        if (load instanceof ModuleCache.Failed failed) {
            throw new CrashkitException(failed.error());
        }
        return Optional.empty();
    }

    /**
     * Adds debug-file paths and indexes them with the others: reports symbolicated from now on find
     * them (a server's late uploads). Reports already under way finish with the files they had.
     *
     * @param paths debug files, bundles, archives or folders, as {@link SymbolicatorConfig#debugFiles()}
     * @throws CrashkitException a path that does not exist
     */
    public synchronized void addDebugFiles(List<Path> paths) throws CrashkitException {
        roots.addAll(paths);
        refresh();
    }

    /**
     * Indexes the debug-file paths again (cheap for files already indexed), so that files added to
     * their folders since are found, and forgets which identities were missing.
     *
     * @throws CrashkitException a path that no longer exists
     */
    public synchronized void refresh() throws CrashkitException {
        Modules previous = current;
        current = scan();
        generation.incrementAndGet();
        // A report still using the old ones finishes with what it has; their mappings go with them.
        previous.fetcher().ifPresent(DebugFileFetcher::close);
    }

    /**
     * Deletes what the cache folder holds for debug files under {@code roots} that were removed (or are
     * about to be): the symbol caches built from them, and the archive members extracted from them for
     * those caches. Such caches could never be opened again (their keys name the files' sizes and times),
     * they only take room; a file stored again later gets a cache of its own on first use. Nothing without
     * a cache folder.
     *
     * @param roots files or folders of debug files
     * @return how many symbol caches were deleted
     * @throws CrashkitException when the cache folder cannot be listed or a file in it cannot be deleted
     */
    public int dropCachesBuiltFrom(Collection<Path> roots) throws CrashkitException {
        if (config.cacheFolder().isEmpty() || roots.isEmpty()) {
            return 0;
        }
        Path members = config.cacheFolder().get().resolve(MemberStore.FOLDER);
        try {
            SymCacheStore.Removed removed = SymCacheStore.in(config.cacheFolder().get()).removeBuiltFrom(roots);
            Path realMembers = Files.isDirectory(members) ? members.toRealPath() : members.toAbsolutePath();
            for (SymCacheKey.Input input : removed.inputs()) {
                if (input.member().isPresent()) {
                    // A member of a removed archive: named by the archive as it was, which the key recorded.
                    Files.deleteIfExists(members.resolve(MemberStore.extractedName(input.file(), input.size(),
                            input.mtimeNanos() / 1_000_000, input.member().get())));
                } else if (input.file().startsWith(realMembers)) {
                    // Only what the cache folder made: a --dsym file a key also names is the user's.
                    Files.deleteIfExists(input.file());
                }
            }
            // Members no symbol cache names (caches off, or none built yet), found by their archive's real path.
            List<Path> realRoots = new ArrayList<>();
            for (Path root : roots) {
                realRoots.add(realPathOf(root));
            }
            MemberStore.removeExtractedFrom(members, realRoots);
            return removed.caches().size();
        } catch (IOException e) {
            throw new CrashkitException("dropping the caches of removed debug files in " + config.cacheFolder().get()
                    + ": " + e.getMessage(), e);
        }
    }

    /** A path's real path, or its folder's with its name when it is gone (a removed file's). */
    private static Path realPathOf(Path p) throws IOException {
        Path abs = p.toAbsolutePath().normalize();
        if (Files.exists(abs)) {
            return abs.toRealPath();
        }
        Path parent = abs.getParent();
        return parent == null ? abs : realPathOf(parent).resolve(abs.getFileName());
    }

    /**
     * {@return a number that changes at every {@link #refresh}}
     * A symbolication that began before one may have missed files.
     */
    public long generation() {
        return generation.get();
    }

    /**
     * The debug identities in one file, dSYM or archive, without adding it (a server checks an upload
     * with it). Uses the index cache when there is a cache folder.
     *
     * @param file an object file, a .dSYM bundle or an archive of them
     * @return each identity found, with its architecture and where in the file
     * @throws CrashkitException the file is no object file, dSYM or archive of them, or holds no identity
     */
    public synchronized List<DebugFileIdentity> identify(Path file) throws CrashkitException {
        Optional<IndexCache> cache = config.cacheFolder().isPresent()
                ? Optional.of(IndexCache.open(config.cacheFolder().get())) : Optional.empty();
        List<String> problems = new ArrayList<>();
        DebugFileIndex index = DebugFileIndex.scan(List.of(file), new DebugFileIndex.ScanOptions(cache,
                ArchiveLimits.defaults()), problems::add);
        List<DebugFileIdentity> out = new ArrayList<>();
        Optional<List<IndexCache.Item>> items = Optional.empty();
        if (cache.isPresent()) {
            try { // the cache keeps the file's slices in the order they were found
                items = cache.get().get(file, Files.size(file), Files.getLastModifiedTime(file).toMillis());
            } catch (IOException e) {
                throw new CrashkitException(file + ": cannot read: " + e.getMessage(), e);
            }
        }
        if (items.isPresent()) {
            for (IndexCache.Item item : items.get()) {
                out.add(new DebugFileIdentity(item.slice().id().toString(), item.slice().arch().label(),
                        item.slice().debugInfo(), item.member()));
            }
        } else {
            for (DebugId id : index.ids()) {
                for (DebugFileIndex.Entry e : index.find(id)) {
                    out.add(new DebugFileIdentity(id.toString(), e.arch().label(), e.debugInfo(),
                            e.member().map(m -> m.name())));
                }
            }
        }
        if (out.isEmpty()) {
            throw new CrashkitException(file + ": no UUID or build-id found"
                    + (problems.isEmpty() ? "" : ": " + problems.get(0)));
        }
        return out;
    }

    /** {@return what the symbol cache did so far} */
    public SymbolCacheStats symbolCacheStats() {
        return new SymbolCacheStats(counters.opened(), counters.built(), counters.rebuilt(), counters.wanted());
    }

    /** Releases the loaded debug files and stops the downloads. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        current.fetcher().ifPresent(DebugFileFetcher::close);
        current.cache().close();
    }

    private Modules scan() throws CrashkitException {
        Optional<Path> cache = config.cacheFolder();
        DiagnosticSink sink = config.diagnostics();
        Optional<DebugFileFetcher> fetcher = Optional.empty();
        if (!servers.isEmpty()) {
            ProgressListener progress = sink.progressTerminal().isPresent()
                    ? ProgressListener.terminal(sink.progressTerminal().get(), PROGRESS_MIN_BYTES)
                    : ProgressListener.none();
            fetcher = Optional.of(DebugFileFetcher.create(config.symbolSources().options(servers, cache),
                    new DownloadProblems(sink), progress));
        }
        // Plain code and a named class, not Optional.map and a lambda: on the command line's index
        // thread, first in the run, a method reference spun a method-handle class (BENCHMARKS.md).
        Optional<IndexCache> indexCache = cache.isPresent() ? Optional.of(IndexCache.open(cache.get()))
                : Optional.empty();
        DebugFileIndex index = DebugFileIndex.scan(roots,
                new DebugFileIndex.ScanOptions(indexCache, ArchiveLimits.defaults()), new IndexProblems(sink));
        DebugFileSource remote = fetcher.isPresent() ? fetcher.get() : DebugFileSource.none();
        ModuleCache modules = new ModuleCache(index, new MemberStore(cache, ArchiveLimits.defaults()), remote,
                moduleOptions);
        Symbolizer symbolizer = new Symbolizer(modules, config.demangling().style());
        Symbolizer simplified = config.demangling() == Demangling.SIMPLIFIED ? symbolizer
                : new Symbolizer(modules, Demangling.SIMPLIFIED.style());
        return new Modules(modules, fetcher, symbolizer, simplified);
    }

    private Optional<SymCacheStore> symbolCacheStore() {
        return config.cacheFolder().isPresent() && config.symbolCache() != SymbolCachePolicy.OFF
                ? Optional.of(SymCacheStore.in(config.cacheFolder().get())) : Optional.empty();
    }

    private SymbolCaching.Build buildPolicy() {
        return config.symbolCache() == SymbolCachePolicy.BUILD_ON_FIRST_USE ? SymbolCaching.Build.FIRST_USE
                : SymbolCaching.Build.SECOND_USE;
    }

    /** Downloads smaller than this draw no progress. */
    private static final long PROGRESS_MIN_BYTES = 4L << 20;

    /** Index warnings to the sink (a class, not a lambda: see {@link #scan}). */
    private static final class IndexProblems implements Diagnostics {
        private final DiagnosticSink sink;

        IndexProblems(DiagnosticSink sink) {
            this.sink = sink;
        }

        @Override
        public void warn(String message) {
            sink.indexing(message);
        }
    }

    /** Lookup problems to the sink. */
    private static final class LookupProblems implements Diagnostics {
        private final DiagnosticSink sink;

        LookupProblems(DiagnosticSink sink) {
            this.sink = sink;
        }

        @Override
        public void warn(String message) {
            sink.lookup(message);
        }
    }

    /** Symbol-server warnings to the sink. */
    private static final class DownloadProblems implements java.util.function.Consumer<String> {
        private final DiagnosticSink sink;

        DownloadProblems(DiagnosticSink sink) {
            this.sink = sink;
        }

        @Override
        public void accept(String message) {
            sink.download(message);
        }
    }
}
