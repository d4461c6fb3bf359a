package dev.crashkit.symbolicate.report;

import dev.crashkit.core.ReportException;
import dev.crashkit.core.crashreport.CrashReportJson;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.symbolicate.formats.ReportFormats;
import java.util.Objects;

/**
 * Reading as before crashreport/1 was parsed once for detection and reading: detection's own scan,
 * then the reader on the text. {@link #same} says whether the standard one-pass read gives the same
 * report or the same error message.
 */
public final class TwoPassReading {
    /** The standard readers with a crashreport/1 reader that is not ours, so the one-pass path is off. */
    private static final ReportFormats TWO_PASS = ReportFormats.standard().with(new ReportReader() {
        @Override
        public ReportFormat format() {
            return ReportFormat.CRASHREPORT;
        }

        @Override
        public ParsedReport read(String source, byte[] data) throws ReportException {
            return new ParsedReport(CrashReportJson.read(Texts.decode(data), source), ReportFormat.CRASHREPORT,
                    new ReportDocument() { });
        }
    });

    private TwoPassReading() {
    }

    /** Null when both paths agree; otherwise what differs. */
    public static String difference(String source, byte[] data) {
        String one = outcome(ReportFormats.standard(), source, data);
        String two = outcome(TWO_PASS, source, data);
        return Objects.equals(one, two) ? null : "one pass: " + one + "\ntwo passes: " + two;
    }

    private static String outcome(ReportFormats formats, String source, byte[] data) {
        try {
            ParsedReport p = formats.read(source, data);
            CrashReport model = p.model();
            return p.format() + " " + model;
        } catch (ReportException e) {
            return "error " + e.getMessage();
        }
    }
}
