package dev.crashkit.symbolicate.output;

import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
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

    /** Apple-style text ({@link TextReportWriter}). */
    static ReportWriter text() {
        return new ReportWriter() {
            @Override
            public String extension() {
                return ".txt";
            }

            @Override
            public String write(ParsedReport input, SymbolicatedReport result, Optional<SymbolicatedThread> exception)
                    throws IOException {
                StringWriter w = new StringWriter();
                TextReportWriter.write(result, w);
                return w.toString();
            }

            @Override
            public void write(ParsedReport input, SymbolicatedReport result, Optional<SymbolicatedThread> exception,
                              Writer out) throws IOException {
                TextReportWriter.write(result, out);
            }
        };
    }

    /** {@code symbolicated/1} JSON ({@link JsonReportWriter}). */
    static ReportWriter json() {
        return new ReportWriter() {
            @Override
            public String extension() {
                return ".json";
            }

            @Override
            public String write(ParsedReport input, SymbolicatedReport result, Optional<SymbolicatedThread> exception)
                    throws IOException {
                StringWriter w = new StringWriter();
                JsonReportWriter.write(result, w);
                return w.toString();
            }

            @Override
            public void write(ParsedReport input, SymbolicatedReport result, Optional<SymbolicatedThread> exception,
                              Writer out) throws IOException {
                JsonReportWriter.write(result, out);
            }
        };
    }
}
