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
}
