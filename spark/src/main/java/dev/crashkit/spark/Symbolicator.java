package dev.crashkit.spark;

import dev.crashkit.symbolicate.SymbolicationException;
import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.locate.ArchiveLimits;
import dev.crashkit.symbolicate.locate.IndexCache;
import dev.crashkit.symbolicate.model.CrashInfo;
import dev.crashkit.symbolicate.model.CrashReport;
import dev.crashkit.symbolicate.model.DebugId;
import dev.crashkit.symbolicate.model.Image;
import dev.crashkit.symbolicate.model.ThreadTrace;
import dev.crashkit.symbolicate.output.OutputFormat;
import dev.crashkit.symbolicate.output.ReportRenderer;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportFormats;
import dev.crashkit.symbolicate.report.crashreport.CrashReportJson;
import dev.crashkit.symbolicate.symbolize.DebugFileIndex;
import dev.crashkit.symbolicate.symbolize.MemberStore;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import dev.crashkit.symbolicate.symbolize.Symbolizer;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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

    /** A symbolicated report: detected format, the {@code symbolicated/1} text, the grouping signature. */
    record Outcome(String format, String json, String signature) {
    }

    /** Larger reports are refused (the symbolicator's own limit). */
    static final long MAX_REPORT_BYTES = ReportFormats.MAX_REPORT_BYTES;

    private final Symbolizer symbolizer;
    private final ReportFormats formats = ReportFormats.standard();

    private Symbolicator(Symbolizer symbolizer) {
        this.symbolizer = symbolizer;
    }

    /**
     * Indexes the local debug-file paths of {@code settings} (as {@code --dsym} does) and builds a
     * symbolizer over them; warnings about skipped files go to {@code warnings}.
     */
    static Symbolicator open(SymbolSettings settings, List<Path> localDsyms, Consumer<String> warnings)
            throws IOException {
        Optional<Path> cache = settings.cacheDirectory().map(Path::of);
        DebugFileIndex.ScanOptions options = new DebugFileIndex.ScanOptions(cache.map(IndexCache::open),
                ArchiveLimits.defaults());
        DebugFileIndex index = DebugFileIndex.scan(localDsyms, options, warnings::accept);
        ModuleCache modules = new ModuleCache(index, new MemberStore(cache, ArchiveLimits.defaults()));
        return new Symbolicator(new Symbolizer(modules, style(settings.demangle())));
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
        ParsedReport parsed = formats.read(source, data);
        ReportRenderer.Rendered r = ReportRenderer.render(parsed, symbolizer, OutputFormat.json);
        return new Outcome(formatName(parsed), r.text(),
                TemporarySignature.of(signatureInput(parsed.model(), r.result())));
    }

    /**
     * The debug identity of the report's first image (the main executable in every format we
     * read), used to place reports of one app build in the same partitions; empty when the
     * report cannot be read or its first image has no identity.
     */
    static Optional<String> mainImageKey(String source, byte[] data) {
        try {
            List<Image> images = ReportFormats.standard().read(source, data).model().images();
            return images.isEmpty() ? Optional.empty() : images.get(0).id().map(Object::toString);
        } catch (SymbolicationException e) {
            return Optional.empty(); // the symbolication pass reports the error on the report's row
        }
    }

    /**
     * For the benchmark's report generator: the debug identities of a report's images, printed
     * (UUIDs upper case with dashes, build-ids lower-case hex).
     */
    static List<String> imageIds(String source, byte[] data) throws IOException {
        return ReportFormats.standard().read(source, data).model().images().stream()
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
        CrashReport m = ReportFormats.standard().read(source, data).model();
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

    /** The crashed thread (the first one when none is marked) in neutral values for the signature. */
    private static SignatureInput signatureInput(CrashReport report, SymbolicatedReport result) {
        Optional<String> type = report.crash().flatMap(CrashInfo::signal).or(() -> report.crash().flatMap(CrashInfo::reason));
        Map<String, Optional<String>> paths = report.images().stream()
                .collect(Collectors.toMap(Image::name, Image::path, (a, b) -> a));
        List<SymbolicatedThread> threads = result.threads();
        Optional<SymbolicatedThread> crashed = threads.stream().filter(t -> t.thread().crashed()).findFirst()
                .or(() -> threads.stream().findFirst());
        List<SignatureInput.Frame> frames = new ArrayList<>();
        for (SymbolicatedFrame f : crashed.map(SymbolicatedThread::frames).orElse(List.of())) {
            Optional<String> image = f.image();
            frames.add(new SignatureInput.Frame(image, image.flatMap(n -> paths.getOrDefault(n, Optional.empty())),
                    f.symbol(), f.symbolAddress().isPresent() ? Optional.empty()
                            : Optional.of(f.offset())));
        }
        return new SignatureInput(type, frames);
    }
}
