package dev.crashkit.symbolicate.formats;

import dev.crashkit.symbolicate.output.OutputFormat;
import dev.crashkit.symbolicate.output.ReportWriter;
import dev.crashkit.symbolicate.report.ReportFormat;
import dev.crashkit.symbolicate.report.applecrash.AppleCrashWriter;
import dev.crashkit.symbolicate.report.hserr.HsErrWriter;
import dev.crashkit.symbolicate.report.ips.IpsWriter;
import java.util.EnumMap;
import java.util.Map;

/**
 * Which {@link ReportWriter} writes a report of a given input format in a given output format:
 * {@code json} and {@code text} always the generic writers; {@code same} the input format's own
 * writer when it has one ({@code .ips}, {@code .crash}, hs_err logs), text otherwise.
 */
public final class ReportWriters {
    private final Map<ReportFormat, ReportWriter> sameFormat;

    private ReportWriters(Map<ReportFormat, ReportWriter> sameFormat) {
        this.sameFormat = sameFormat;
    }

    /** The writers of every format that has a symbolicated form of its own. */
    public static ReportWriters standard() {
        Map<ReportFormat, ReportWriter> m = new EnumMap<>(ReportFormat.class);
        m.put(ReportFormat.IPS, new IpsWriter());
        m.put(ReportFormat.APPLE_CRASH, new AppleCrashWriter());
        m.put(ReportFormat.HS_ERR, new HsErrWriter());
        return new ReportWriters(m);
    }

    public ReportWriter writer(ReportFormat input, OutputFormat output) {
        return switch (output) {
            case json -> ReportWriter.json();
            case text -> ReportWriter.text();
            case same -> sameFormat.getOrDefault(input, ReportWriter.text());
        };
    }
}
