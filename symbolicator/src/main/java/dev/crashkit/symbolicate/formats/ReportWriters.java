package dev.crashkit.symbolicate.formats;

import dev.crashkit.symbolicate.output.CombinedReportWriter;
import dev.crashkit.symbolicate.output.OutputFormat;
import dev.crashkit.symbolicate.output.ReportWriter;
import dev.crashkit.symbolicate.report.ReportFormat;
import dev.crashkit.symbolicate.report.applecrash.AppleCrashWriter;
import dev.crashkit.symbolicate.report.hserr.HsErrWriter;
import dev.crashkit.symbolicate.report.ips.IpsWriter;
import dev.crashkit.symbolicate.report.metrickit.MetricKitWriter;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * Which {@link ReportWriter} writes a report of a given input format in a given output format:
 * {@code json} and {@code text} always the generic writers; {@code same} the input format's own
 * writer when it has one ({@code .ips}, {@code .crash}, MetricKit JSON, hs_err logs), text otherwise.
 */
public final class ReportWriters {
    private final Map<ReportFormat, ReportWriter> sameFormat;
    private final Map<ReportFormat, CombinedReportWriter> combined;

    private ReportWriters(Map<ReportFormat, ReportWriter> sameFormat, Map<ReportFormat, CombinedReportWriter> combined) {
        this.sameFormat = sameFormat;
        this.combined = combined;
    }

    /** The writers of every format that has a symbolicated form of its own. */
    public static ReportWriters standard() {
        Map<ReportFormat, ReportWriter> m = new EnumMap<>(ReportFormat.class);
        m.put(ReportFormat.IPS, new IpsWriter());
        m.put(ReportFormat.APPLE_CRASH, new AppleCrashWriter());
        m.put(ReportFormat.METRICKIT, new MetricKitWriter());
        m.put(ReportFormat.HS_ERR, new HsErrWriter());
        Map<ReportFormat, CombinedReportWriter> c = new EnumMap<>(ReportFormat.class);
        c.put(ReportFormat.METRICKIT, MetricKitWriter::writePayload);
        return new ReportWriters(m, c);
    }

    /**
     * The writer that writes all reports of one multi-report input of format {@code input} back as
     * that one input ({@code same} only), when the format has one.
     */
    public Optional<CombinedReportWriter> combined(ReportFormat input, OutputFormat output) {
        return output == OutputFormat.same ? Optional.ofNullable(combined.get(input)) : Optional.empty();
    }

    public ReportWriter writer(ReportFormat input, OutputFormat output) {
        return switch (output) {
            case json -> ReportWriter.json();
            case text -> ReportWriter.text();
            case same -> sameFormat.getOrDefault(input, ReportWriter.text());
        };
    }
}
