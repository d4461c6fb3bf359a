package dev.crashkit.symbolicate.formats;

import dev.crashkit.core.ReportException;
import dev.crashkit.core.crashreport.CrashReportJson;
import dev.crashkit.core.model.CrashReport;
import java.util.Optional;
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
        String text = Texts.decode(data);
        CrashReport model = CrashReportJson.read(text, source);
        return new ParsedReport(model, ReportFormat.CRASHREPORT,
                new Extras(CrashReportJson.tryParse(text).flatMap(d -> d.text(JAVA_EXCEPTION))));
    }

    /** The same from a document already parsed for detection. */
    ParsedReport read(String source, CrashReportJson.Document document) throws ReportException {
        return new ParsedReport(CrashReportJson.read(document, source), ReportFormat.CRASHREPORT,
                new Extras(document.text(JAVA_EXCEPTION)));
    }

    /** Our capture's field for the uncaught Java exception's printed stack trace. */
    private static final String JAVA_EXCEPTION = "java_exception";

    /** What crashreport/1 carries beyond the model: the Java exception, the one place it is read. */
    private record Extras(Optional<String> javaException) implements ReportDocument {
    }
}
