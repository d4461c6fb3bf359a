package dev.crashkit.symbolicate.formats;

import dev.crashkit.core.ReportException;
import dev.crashkit.core.crashreport.CrashReportJson;
import dev.crashkit.core.model.CrashReport;
import java.util.Optional;
import dev.crashkit.symbolicate.report.HangInfo;
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
        Optional<CrashReportJson.Document> doc = CrashReportJson.tryParse(text);
        return new ParsedReport(model, ReportFormat.CRASHREPORT,
                new Extras(doc.flatMap(d -> d.text(JAVA_EXCEPTION)), doc.flatMap(CrashReportJsonReader::hang)));
    }

    /** The same from a document already parsed for detection. */
    ParsedReport read(String source, CrashReportJson.Document document) throws ReportException {
        return new ParsedReport(CrashReportJson.read(document, source), ReportFormat.CRASHREPORT,
                new Extras(document.text(JAVA_EXCEPTION), hang(document)));
    }

    /**
     * Our capture's hang fields: {@code "kind": "hang"} and {@code "hang": {thread, name, threshold_ms,
     * duration_ms, ongoing}}. A kind other than hang, or a hang object without a kind, is a crash.
     */
    static Optional<HangInfo> hang(CrashReportJson.Document d) {
        if (!d.text("kind").map("hang"::equals).orElse(false)) {
            return Optional.empty();
        }
        Optional<CrashReportJson.Document> h = d.object("hang");
        if (h.isEmpty()) {
            return Optional.of(HangInfo.named("unknown"));
        }
        CrashReportJson.Document o = h.get();
        return Optional.of(new HangInfo(o.integer("thread"), o.text("name").orElse("unknown"),
                o.integer("threshold_ms"), o.integer("duration_ms"), o.bool("ongoing").orElse(false)));
    }

    /** Our capture's field for the uncaught Java exception's printed stack trace. */
    private static final String JAVA_EXCEPTION = "java_exception";

    /** What crashreport/1 carries beyond the model: the Java exception and a hang, the one place they are read. */
    private record Extras(Optional<String> javaException, Optional<HangInfo> hang) implements ReportDocument {
    }
}
