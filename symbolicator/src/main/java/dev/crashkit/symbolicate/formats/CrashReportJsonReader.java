package dev.crashkit.symbolicate.formats;

import dev.crashkit.core.ReportException;
import dev.crashkit.core.crashreport.CrashReportJson;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportDocument;
import dev.crashkit.symbolicate.report.ReportFormat;
import dev.crashkit.symbolicate.report.ReportReader;
import dev.crashkit.symbolicate.report.Texts;

/** Adapts our own {@code crashreport/1} JSON reader to {@link ReportReader}; it has no format extras. */
final class CrashReportJsonReader implements ReportReader {

    @Override
    public ReportFormat format() {
        return ReportFormat.CRASHREPORT;
    }

    @Override
    public ParsedReport read(String source, byte[] data) throws ReportException {
        return new ParsedReport(CrashReportJson.read(Texts.decode(data), source), ReportFormat.CRASHREPORT,
                new ReportDocument() { });
    }

    /** The same from a document already parsed for detection. */
    ParsedReport read(String source, CrashReportJson.Document document) throws ReportException {
        return new ParsedReport(CrashReportJson.read(document, source), ReportFormat.CRASHREPORT,
                new ReportDocument() { });
    }
}
