package dev.crashkit.symbolicate.output;

import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * Writes every report of one multi-report input back as that one input, symbolicated (a MetricKit
 * payload with all its diagnostics' frames annotated): what {@code --format same} means for it.
 */
public interface CombinedReportWriter {

    /**
     * @param parts   the reports of one input, in input order
     * @param results the symbolication of each, in the same order
     * @param out     where to, UTF-8 (not flushed, not closed)
     */
    void write(List<ParsedReport> parts, List<SymbolicatedReport> results, OutputStream out) throws IOException;
}
