package dev.crashkit.symbolicate.report;

import dev.crashkit.core.ReportException;

/** Reads one report format into the model plus its document. */
public interface ReportReader {

    /** The format this reader reads. */
    ReportFormat format();

    /**
     * Parses a whole report.
     *
     * @param source name of the input used in error messages (usually the file name)
     * @param data   the file's bytes
     * @throws ReportException when the data is not a valid report of this format
     */
    ParsedReport read(String source, byte[] data) throws ReportException;

    /**
     * Parses every report an input holds: one for most formats, one per diagnostic of a MetricKit
     * payload. Each report of a multi-report input names its part ({@link ReportDocument#part()}).
     * {@link #read} of an input holding other than one report fails, naming how many it holds.
     *
     * @param source name of the input used in error messages
     * @param data   the input's bytes
     * @return at least one report, in input order
     * @throws ReportException when the data is not valid for this format or holds no report
     */
    default java.util.List<ParsedReport> readAll(String source, byte[] data) throws ReportException {
        return java.util.List.of(read(source, data));
    }
}
