package dev.crashkit.symbolicate.formats;

import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.output.JsonReportWriter;
import dev.crashkit.symbolicate.output.OutputFormat;
import dev.crashkit.symbolicate.output.ThreadsAhead;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportFormat;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import dev.crashkit.symbolicate.symbolize.Symbolizer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.Writer;
import java.util.List;
import java.util.Optional;

/** Symbolicates a parsed report (threads and exception backtrace) and renders it in the chosen format. */
public final class ReportRenderer {

    /** The outcome: the symbolication and its rendering. */
    public record Rendered(SymbolicatedReport result, String text) {
    }

    private static final ReportWriters WRITERS = ReportWriters.standard();

    private ReportRenderer() {
    }

    /** A symbolication with the report's exception backtrace, when it has one. */
    public record Symbolicated(SymbolicatedReport result, Optional<SymbolicatedThread> exception) {
    }

    /** Symbolicates the threads and the exception backtrace, rendering nothing. */
    public static Symbolicated symbolicate(ParsedReport parsed, Symbolizer symbolizer) {
        return new Symbolicated(symbolizer.symbolicate(parsed.model()), exception(parsed, symbolizer));
    }

    /** Renders what {@link #symbolicate} returned for {@code parsed}. */
    public static void write(ParsedReport parsed, Symbolicated s, OutputFormat format, OutputStream out)
            throws IOException {
        WRITERS.writer(parsed.format(), format).write(parsed, s.result(), s.exception(), out);
    }

    /** Renders what {@link #symbolicate} returned for {@code parsed}. */
    public static void write(ParsedReport parsed, Symbolicated s, OutputFormat format, Writer out)
            throws IOException {
        WRITERS.writer(parsed.format(), format).write(parsed, s.result(), s.exception(), out);
    }

    /** Symbolicates and renders into a string (small reports, tests). */
    public static Rendered render(ParsedReport parsed, Symbolizer symbolizer, OutputFormat format) throws IOException {
        StringWriter w = new StringWriter();
        SymbolicatedReport result = render(parsed, symbolizer, format, w);
        return new Rendered(result, w.toString());
    }

    /**
     * Symbolicates and writes the rendering to {@code out} as it is produced: text and JSON never
     * exist as one string, so a report with a million frames does not need gigabytes to be written.
     */
    public static SymbolicatedReport render(ParsedReport parsed, Symbolizer symbolizer, OutputFormat format,
                                            Writer out) throws IOException {
        return renderAll(parsed, symbolizer, format, out).result();
    }

    /** As {@link #render(ParsedReport, Symbolizer, OutputFormat, Writer)}, with the exception backtrace. */
    public static Symbolicated renderAll(ParsedReport parsed, Symbolizer symbolizer, OutputFormat format,
                                         Writer out) throws IOException {
        SymbolicatedReport result = symbolizer.symbolicate(parsed.model());
        Optional<SymbolicatedThread> exception = exception(parsed, symbolizer);
        WRITERS.writer(parsed.format(), format).write(parsed, result, exception, out);
        return new Symbolicated(result, exception);
    }

    /** As {@link #render(ParsedReport, Symbolizer, OutputFormat, Writer)}, in UTF-8 bytes (not flushed). */
    public static SymbolicatedReport render(ParsedReport parsed, Symbolizer symbolizer, OutputFormat format,
                                            OutputStream out) throws IOException {
        return renderAll(parsed, symbolizer, format, out).result();
    }

    /** As {@link #render(ParsedReport, Symbolizer, OutputFormat, OutputStream)}, with the exception backtrace. */
    public static Symbolicated renderAll(ParsedReport parsed, Symbolizer symbolizer, OutputFormat format,
                                         OutputStream out) throws IOException {
        if (format == OutputFormat.json) {
            Optional<ThreadsAhead> ahead = ThreadsAhead.forReport(parsed.model());
            if (ahead.isPresent()) {
                // A big report's JSON is rendered on a second thread as its threads are symbolicated.
                try {
                    SymbolicatedReport result = symbolizer.symbolicate(parsed.model(), ahead.get());
                    // As below: the JSON has no exception backtrace, its warnings stay.
                    Optional<SymbolicatedThread> exception = exception(parsed, symbolizer);
                    JsonReportWriter.write(result, out, ahead.get(), parsed.document().hang());
                    return new Symbolicated(result, exception);
                } finally {
                    ahead.get().cancel();
                }
            }
        }
        SymbolicatedReport result = symbolizer.symbolicate(parsed.model());
        Optional<SymbolicatedThread> exception = exception(parsed, symbolizer);
        WRITERS.writer(parsed.format(), format).write(parsed, result, exception, out);
        return new Symbolicated(result, exception);
    }

    /** The symbolicated exception backtrace, when the report has one. */
    private static Optional<SymbolicatedThread> exception(ParsedReport parsed, Symbolizer symbolizer) {
        Optional<ThreadTrace> backtrace = parsed.document().exceptionBacktrace();
        if (backtrace.isEmpty()) {
            return Optional.empty();
        }
        CrashReport m = parsed.model();
        CrashReport only = new CrashReport(m.process(), m.crash(), m.images(), List.of(backtrace.get()));
        return Optional.of(symbolizer.symbolicate(only).threads().get(0));
    }

    /**
     * Writes the reports of one multi-report input as that input when its format has a combined
     * writer for {@code format} (a MetricKit payload, {@code same}); false when it has none.
     */
    public static boolean writeCombined(List<ParsedReport> parts, List<Symbolicated> results, OutputFormat format,
                                        OutputStream out) throws IOException {
        if (!hasCombined(parts, format)) {
            return false;
        }
        List<SymbolicatedReport> r = new java.util.ArrayList<>(results.size());
        for (Symbolicated s : results) {
            r.add(s.result());
        }
        WRITERS.combined(parts.get(0).format(), format).orElseThrow().write(parts, r, out);
        return true;
    }

    /** Whether {@link #writeCombined} would write these reports in {@code format}. */
    public static boolean hasCombined(List<ParsedReport> parts, OutputFormat format) {
        if (parts.isEmpty()) {
            return false;
        }
        ReportFormat first = parts.get(0).format();
        return parts.stream().allMatch(p -> p.format() == first) && WRITERS.combined(first, format).isPresent();
    }

    /** File name extension for the output of a report in {@code format}. */
    public static String extension(ParsedReport parsed, OutputFormat format) {
        return WRITERS.writer(parsed.format(), format).extension();
    }
}
