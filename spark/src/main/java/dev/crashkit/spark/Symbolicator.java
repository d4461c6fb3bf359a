package dev.crashkit.spark;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.crashreport.CrashReportJson;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicator.Demangling;
import dev.crashkit.symbolicator.DiagnosticSink;
import dev.crashkit.symbolicator.InputLimits;
import dev.crashkit.symbolicator.MissingDebugFile;
import dev.crashkit.symbolicator.Report;
import dev.crashkit.symbolicator.Signature;
import dev.crashkit.symbolicator.SymbolCachePolicy;
import dev.crashkit.symbolicator.SymbolCacheStats;
import dev.crashkit.symbolicator.SymbolSources;
import dev.crashkit.symbolicator.Symbolication;
import dev.crashkit.symbolicator.SymbolicatorConfig;
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
import org.apache.spark.sql.Row;

/**
 * The one place this module calls the symbolicator, through its library API
 * ({@link dev.crashkit.symbolicator.Symbolicator}): the same path as {@code symbolicate batch --format
 * json}. Everything else in this module works on the rows and the neutral values returned here.
 */
final class Symbolicator {

    /**
     * A symbolicated report: detected format, the {@code symbolicated/1} document as a row of
     * {@link OutputSchema#SYMBOLICATED}, the grouping signature (the server's rule): its id and title, and
     * the debug files that would have named frames.
     */
    record Outcome(String format, Row symbolicated, String signature, String signatureTitle,
                   List<MissingDebugFile> missing, Optional<String> part) {
    }

    /** Larger reports are refused (the symbolicator's own limit). */
    static final long MAX_REPORT_BYTES = InputLimits.defaults().maxBytes();

    private static final InputLimits LIMITS = InputLimits.defaults();

    private final dev.crashkit.symbolicator.Symbolicator symbolicator;

    private Symbolicator(dev.crashkit.symbolicator.Symbolicator symbolicator) {
        this.symbolicator = symbolicator;
    }

    /**
     * Indexes the local debug-file paths of {@code settings} (as {@code --dsym} does) and builds a
     * symbolicator over them; warnings about skipped files go to {@code warnings}. With a cache folder
     * (and symbol caches not turned off) modules go through symbol caches in its {@code symcache/}, as
     * the CLI's do: a debug file is flattened once per executor disk, later executor JVMs map the cache.
     */
    static Symbolicator open(SymbolSettings settings, List<Path> localDsyms, Consumer<String> warnings)
            throws IOException {
        SymbolicatorConfig config = SymbolicatorConfig.defaults()
                .withDebugFiles(localDsyms)
                .withSymbolSources(sources(settings))
                .withCacheFolder(settings.cacheDirectory().map(Path::of))
                .withSymbolCache(settings.symbolCache() ? SymbolCachePolicy.BUILD_ON_FIRST_USE : SymbolCachePolicy.OFF)
                .withDemangling(Demangling.fromName(settings.demangle()))
                .withDiagnostics(DiagnosticSink.all(warnings));
        return new Symbolicator(dev.crashkit.symbolicator.Symbolicator.open(config));
    }

    /** What the symbol cache did for this symbolicator's modules (opened, built, rebuilt). */
    SymbolCacheStats symbolCaches() {
        return symbolicator.symbolCacheStats();
    }

    /** The symbol servers of {@code settings}, with their headers attached (DEBUGINFOD_URLS is not read). */
    static SymbolSources sources(SymbolSettings settings) {
        List<SymbolSources.ServerHeader> headers = new ArrayList<>();
        List<String> h = settings.serverHeaders();
        for (int i = 0; i + 1 < h.size(); i += 2) {
            headers.add(new SymbolSources.ServerHeader(h.get(i), h.get(i + 1)));
        }
        return SymbolSources.none().withServers(settings.symbolServers()).withHeaders(headers);
    }

    /**
     * Checks the symbol servers of {@code settings}.
     *
     * @throws IllegalArgumentException a value that is not {@code LAYOUT=URL} / a header that is not
     *                                  {@code Name: value} / a header for a server not given (the message says which)
     */
    static void checkSymbolServers(SymbolSettings settings) {
        try {
            sources(settings).check();
        } catch (IllegalArgumentException e) {
            Optional<String> unknown = SymbolSources.unknownServerOf(e);
            throw unknown.isPresent()
                    ? new IllegalArgumentException("--symbol-server-header " + unknown.get() + ": no such --symbol-server")
                    : e;
        } catch (IOException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** True for the {@code --demangle} values the symbolicator knows. */
    static boolean knownDemangleStyle(String demangle) {
        try {
            Demangling.fromName(demangle);
            return demangle.equals(demangle.toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Reads and symbolicates one report.
     *
     * @throws IOException the report cannot be read (the message names the source and the problem)
     */
    Outcome symbolicate(String source, byte[] data) throws IOException {
        return symbolicate(Report.read(source, data, LIMITS));
    }

    /**
     * Reads and symbolicates every report of one input (one per diagnostic of a MetricKit payload).
     *
     * @throws IOException the input cannot be read (the message names the source and the problem)
     */
    List<Outcome> symbolicateAll(String source, byte[] data) throws IOException {
        List<Outcome> out = new ArrayList<>();
        for (Report report : Report.readAll(source, data, LIMITS)) {
            out.add(symbolicate(report));
        }
        return out;
    }

    private Outcome symbolicate(Report report) {
        Symbolication r = symbolicator.symbolicate(report);
        Signature signature = r.signature();
        return new Outcome(report.format(), SymbolicatedRow.of(r), signature.id(), signature.title(),
                r.missingDebugFiles(), report.part());
    }

    /**
     * The debug identity of the report's first image (the main executable in every format we
     * read), used to place reports of one app build in the same partitions; empty when the
     * report cannot be read or its first image has no identity.
     */
    static Optional<String> mainImageKey(String source, byte[] data) {
        try {
            List<Image> images = Report.readAll(source, data, LIMITS).get(0).model().images();
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
        return Report.read(source, data, LIMITS).model().images().stream()
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
        CrashReport m = Report.read(source, data, LIMITS).model();
        List<ThreadTrace> threads = new ArrayList<>();
        m.threads().stream().filter(ThreadTrace::crashed).limit(maxThreads).forEach(threads::add);
        m.threads().stream().filter(t -> !t.crashed()).limit(Math.max(0, maxThreads - threads.size()))
                .forEach(threads::add);
        // The first image, and those the kept frames point into (found as the symbolizer finds them).
        StringWriter kept = new StringWriter();
        CrashReportJson.write(new CrashReport(m.process(), m.crash(), m.images(), threads), kept);
        java.util.Set<String> used;
        try (dev.crashkit.symbolicator.Symbolicator placing = dev.crashkit.symbolicator.Symbolicator.open(
                SymbolicatorConfig.defaults().withDemangling(Demangling.NONE))) {
            used = placing.symbolicate(source, kept.toString().getBytes(StandardCharsets.UTF_8)).threads().stream()
                    .flatMap(t -> t.frames().stream()).flatMap(f -> f.image().stream()).collect(Collectors.toSet());
        }
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
}
