package dev.crashkit.symbolicate.output;

import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportFormat;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import java.io.BufferedWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Writes a symbolicated report. The generic forms ({@link #text()}, {@link #json()}) write any
 * report; a format's own writer (Apple {@code .ips}, {@code .crash}) writes its input back
 * symbolicated. {@code formats.ReportWriters} picks one by the input's format, never by looking at
 * the document's class.
 */
public interface ReportWriter {

    /** File name extension of what it writes ({@code .txt}, {@code .json}, {@code .ips} ...). */
    String extension();

    /**
     * @param input     the report as read (its document carries what a same-format writer keeps)
     * @param result    the symbolication of {@code input.model()}
     * @param exception the symbolicated exception backtrace, when the input has one
     */
    String write(ParsedReport input, SymbolicatedReport result, Optional<SymbolicatedThread> exception)
            throws IOException;

    /**
     * Writes to {@code out} as the rendering is produced. The generic writers stream (a report with a
     * million frames never exists as one string); a format's own writer writes its whole text.
     */
    default void write(ParsedReport input, SymbolicatedReport result, Optional<SymbolicatedThread> exception,
                       Writer out) throws IOException {
        out.write(write(input, result, exception));
    }

    /**
     * Writes the rendering's UTF-8 bytes to {@code out} as they are produced (not flushed, not closed).
     * Writers of text encode through a buffered {@link OutputStreamWriter}; JSON writes bytes itself.
     */
    default void write(ParsedReport input, SymbolicatedReport result, Optional<SymbolicatedThread> exception,
                       OutputStream out) throws IOException {
        Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
        write(input, result, exception, w);
        w.flush();
    }

    /** Apple-style text ({@link TextReportWriter}). */
    static ReportWriter text() {
        // minidump_stackwalk prints the crashed (requesting) thread first, then the others in order;
        // a minidump's thread list may hold the crashed thread anywhere. Other formats keep their order.
        return streaming(".txt", (input, result, out) -> TextReportWriter.write(result, out,
                input.format() == ReportFormat.MINIDUMP));
    }

    /** {@code symbolicated/1} JSON ({@link JsonReportWriter}), written as bytes. */
    static ReportWriter json() {
        return new ReportWriter() {
            @Override
            public String extension() {
                return ".json";
            }

            @Override
            public String write(ParsedReport input, SymbolicatedReport result, Optional<SymbolicatedThread> exception)
                    throws IOException {
                ByteArrayOutputStream b = new ByteArrayOutputStream();
                JsonReportWriter.write(result, b, null, input.document().hang());
                return b.toString(StandardCharsets.UTF_8);
            }

            @Override
            public void write(ParsedReport input, SymbolicatedReport result, Optional<SymbolicatedThread> exception,
                              Writer out) throws IOException {
                JsonReportWriter.write(result, input.document().hang(), out);
            }

            @Override
            public void write(ParsedReport input, SymbolicatedReport result, Optional<SymbolicatedThread> exception,
                              OutputStream out) throws IOException {
                JsonReportWriter.write(result, out, null, input.document().hang());
            }
        };
    }

    /** How a generic writer renders the symbolicated report (with its input's format at hand), as it goes. */
    @FunctionalInterface
    interface Body {
        void write(ParsedReport input, SymbolicatedReport result, Writer out) throws IOException;
    }

    /** A writer that needs only the symbolicated report and streams it; the string form collects the stream. */
    private static ReportWriter streaming(String extension, Body body) {
        return new ReportWriter() {
            @Override
            public String extension() {
                return extension;
            }

            @Override
            public String write(ParsedReport input, SymbolicatedReport result, Optional<SymbolicatedThread> exception)
                    throws IOException {
                StringWriter w = new StringWriter();
                body.write(input, result, w);
                return w.toString();
            }

            @Override
            public void write(ParsedReport input, SymbolicatedReport result, Optional<SymbolicatedThread> exception,
                              Writer out) throws IOException {
                body.write(input, result, out);
            }
        };
    }
}
