package dev.crashkit.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.core.CrashkitException;
import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.group.CrashSignature;
import dev.crashkit.symbolicate.locate.ArchiveLimits;
import dev.crashkit.symbolicate.sources.DebugFileFetcher;
import dev.crashkit.symbolicate.sources.DebugFileSource;
import dev.crashkit.symbolicate.sources.ProgressListener;
import dev.crashkit.symbolicate.sources.SourceOptions;
import dev.crashkit.symbolicate.sources.SymbolServer;
import dev.crashkit.symbolicate.locate.IndexCache;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.output.OutputFormat;
import dev.crashkit.symbolicate.formats.ReportRenderer;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.core.crashreport.CrashReportJson;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.locate.MemberStore;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import dev.crashkit.symbolicate.symbolize.SymCacheCounters;
import dev.crashkit.symbolicate.symcache.SymCacheStore;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.Symbolizer;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * The one place this module calls the symbolicator. It uses the same path as
 * {@code symbolicate batch --format json}: {@link ReportFormats#standard()} reads the report,
 * {@link ReportRenderer} symbolicates it and writes {@code symbolicated/1}; the debug files are
 * indexed as {@code --dsym} does. Everything else in this module works on the JSON text and the
 * neutral values returned here, so a reshaped symbolicator API touches this file only.
 */
final class Symbolicator {

    /**
     * A symbolicated report: detected format, the {@code symbolicated/1} text, and the grouping
     * signature (the server's rule, {@link CrashSignature}): its id and title.
     */
    record Outcome(String format, String json, String signature, String signatureTitle) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final byte[] JAVA_EXCEPTION_KEY = "\"java_exception\"".getBytes(StandardCharsets.US_ASCII);

    /** Larger reports are refused (the symbolicator's own limit). */
    static final long MAX_REPORT_BYTES = ReportFormats.MAX_REPORT_BYTES;

    private final Symbolizer symbolizer;
    private final SymCacheCounters symbolCaches;
    /** Simplified names, as the signature rule wants them; the same symbolizer when --demangle is simplified. */
    private final Symbolizer forSignature;
    /** Shared: the readers keep no state between reports ({@code batch}'s workers share one too). */
    private static final ReportFormats FORMATS = ReportFormats.standard();

    private Symbolicator(Symbolizer symbolizer, Symbolizer forSignature, SymCacheCounters symbolCaches) {
        this.symbolizer = symbolizer;
        this.forSignature = forSignature;
        this.symbolCaches = symbolCaches;
    }

    /**
     * Indexes the local debug-file paths of {@code settings} (as {@code --dsym} does) and builds a
     * symbolizer over them; warnings about skipped files go to {@code warnings}. With a cache folder
     * (and symbol caches not turned off) modules go through symbol caches in its {@code symcache/}, as
     * the CLI's do: a debug file is flattened once per executor disk, later executor JVMs map the cache.
     */
    static Symbolicator open(SymbolSettings settings, List<Path> localDsyms, Consumer<String> warnings)
            throws IOException {
        Optional<Path> cache = settings.cacheDirectory().map(Path::of);
        DebugFileIndex.ScanOptions options = new DebugFileIndex.ScanOptions(cache.map(IndexCache::open),
                ArchiveLimits.defaults());
        DebugFileSource remote = settings.symbolServers().isEmpty() ? DebugFileSource.none()
                : DebugFileFetcher.create(SourceOptions.defaults(symbolServers(settings), cache), warnings,
                        ProgressListener.none());
        DebugFileIndex index = DebugFileIndex.scan(localDsyms, options, warnings::accept);
        SymCacheCounters counters = new SymCacheCounters();
        ModuleCache.Options moduleOptions = ModuleCache.Options.defaults().withCounters(counters);
        if (cache.isPresent() && settings.symbolCache()) {
            moduleOptions = moduleOptions.withSymbolCache(SymCacheStore.in(cache.get()));
        }
        ModuleCache modules = new ModuleCache(index, new MemberStore(cache, ArchiveLimits.defaults()), remote,
                moduleOptions);
        Symbolizer symbolizer = new Symbolizer(modules, style(settings.demangle()));
        return new Symbolicator(symbolizer, settings.demangle().equals("simplified") ? symbolizer
                : new Symbolizer(modules, Optional.of(DemangleStyle.SIMPLIFIED)), counters);
    }

    /** What the symbol cache did for this symbolicator's modules (opened, built, rebuilt). */
    SymCacheCounters symbolCaches() {
        return symbolCaches;
    }

    /**
     * The symbol servers of {@code settings}, with their headers attached.
     *
     * @throws IllegalArgumentException a value that is not {@code LAYOUT=URL} / a header that is not
     *                                  {@code Name: value} / a header for a server not given (the message says which)
     */
    static List<SymbolServer> symbolServers(SymbolSettings settings) {
        List<SymbolServer> all = new ArrayList<>();
        for (String spec : settings.symbolServers()) {
            all.add(SymbolServer.parse(spec));
        }
        List<String> h = settings.serverHeaders();
        for (int i = 0; i + 1 < h.size(); i += 2) {
            String key = SymbolServer.parse(h.get(i)).key();
            SymbolServer.Header header = SymbolServer.Header.parse(h.get(i + 1));
            boolean matched = false;
            for (int j = 0; j < all.size(); j++) {
                if (all.get(j).key().equals(key)) {
                    all.set(j, all.get(j).withHeader(header));
                    matched = true;
                }
            }
            if (!matched) {
                throw new IllegalArgumentException("--symbol-server-header " + h.get(i) + ": no such --symbol-server");
            }
        }
        return all;
    }

    private static Optional<DemangleStyle> style(String demangle) {
        switch (demangle) {
            case "full": return Optional.of(DemangleStyle.FULL);
            case "none": return Optional.empty();
            default: return Optional.of(DemangleStyle.SIMPLIFIED);
        }
    }

    /** True for the {@code --demangle} values the symbolicator knows. */
    static boolean knownDemangleStyle(String demangle) {
        return demangle.equals("simplified") || demangle.equals("full") || demangle.equals("none");
    }

    /**
     * Reads and symbolicates one report.
     *
     * @throws IOException the report cannot be read (the message names the source and the problem)
     */
    Outcome symbolicate(String source, byte[] data) throws IOException {
        ParsedReport parsed = FORMATS.read(source, data);
        ReportRenderer.Rendered r = ReportRenderer.render(parsed, symbolizer, OutputFormat.json);
        SymbolicatedReport simplified = forSignature == symbolizer ? r.result() : forSignature.symbolicate(parsed.model());
        CrashSignature signature = CrashSignature.of(simplified, javaException(data));
        return new Outcome(formatName(parsed), r.text(), signature.id(), signature.title());
    }

    /**
     * The debug identity of the report's first image (the main executable in every format we
     * read), used to place reports of one app build in the same partitions; empty when the
     * report cannot be read or its first image has no identity.
     */
    static Optional<String> mainImageKey(String source, byte[] data) {
        try {
            List<Image> images = FORMATS.read(source, data).model().images();
            return images.isEmpty() ? Optional.empty() : images.get(0).id().map(Object::toString);
        } catch (CrashkitException | RuntimeException e) {
            return Optional.empty(); // the symbolication pass reports the error (or the bug) on the report's row
        }
    }

    /**
     * For the benchmark's report generator: the debug identities of a report's images, printed
     * (UUIDs upper case with dashes, build-ids lower-case hex).
     */
    static List<String> imageIds(String source, byte[] data) throws IOException {
        return FORMATS.read(source, data).model().images().stream()
                .flatMap(i -> i.id().stream()).map(Object::toString).toList();
    }

    /**
     * For the benchmark's report generator: the report as a {@code crashreport/1} document with
     * each image identity replaced by {@code ids} (given and returning the printed form), keeping
     * the crashed thread and the first other threads up to {@code maxThreads} in all, and the first
     * image and those the kept frames fall into.
     */
    static String asCrashReport(String source, byte[] data, UnaryOperator<String> ids, int maxThreads)
            throws IOException {
        CrashReport m = FORMATS.read(source, data).model();
        List<ThreadTrace> threads = new ArrayList<>();
        m.threads().stream().filter(ThreadTrace::crashed).limit(maxThreads).forEach(threads::add);
        m.threads().stream().filter(t -> !t.crashed()).limit(Math.max(0, maxThreads - threads.size()))
                .forEach(threads::add);
        // The first image, and those the kept frames point into (found as the symbolizer finds them).
        SymbolicatedReport placed = new Symbolizer(new ModuleCache(DebugFileIndex.empty()), Optional.empty())
                .symbolicate(new CrashReport(m.process(), m.crash(), m.images(), threads));
        java.util.Set<String> used = placed.threads().stream().flatMap(t -> t.frames().stream())
                .flatMap(f -> f.image().stream()).collect(Collectors.toSet());
        List<Image> images = new ArrayList<>();
        for (int k = 0; k < m.images().size(); k++) {
            Image i = m.images().get(k);
            if (k == 0 || used.contains(i.name())) {
                images.add(new Image(i.name(), i.path(), i.id().map(id -> DebugId.parse(ids.apply(id.toString())).orElse(id)),
                        i.arch(), i.loadAddress(), i.slide(), i.size()));
            }
        }
        StringWriter w = new StringWriter();
        CrashReportJson.write(new CrashReport(m.process(), m.crash(), images, threads), w);
        return w.toString();
    }

    private static String formatName(ParsedReport parsed) {
        return parsed.format().name().toLowerCase(Locale.ROOT);
    }

    /**
     * The {@code java_exception} text of our capture's crashreport/1 (the uncaught Java exception
     * that triggered it), which the signature rule prefers; looked for only when the bytes name it.
     */
    private static Optional<String> javaException(byte[] data) {
        if (!contains(data, JAVA_EXCEPTION_KEY)) {
            return Optional.empty();
        }
        try {
            JsonNode root = JSON.readTree(data);
            JsonNode e = root == null ? null : root.get("java_exception");
            return e != null && e.isTextual() ? Optional.of(e.textValue()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty(); // not one JSON document: not our capture's format
        }
    }

    private static boolean contains(byte[] data, byte[] key) {
        outer:
        for (int i = 0; i + key.length <= data.length; i++) {
            for (int j = 0; j < key.length; j++) {
                if (data[i + j] != key[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
