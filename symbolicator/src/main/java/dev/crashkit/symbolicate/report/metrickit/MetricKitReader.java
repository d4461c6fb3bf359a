package dev.crashkit.symbolicate.report.metrickit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.core.ReportException;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.report.JsonTrees;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportFormat;
import dev.crashkit.symbolicate.report.ReportLimits;
import dev.crashkit.symbolicate.report.ReportReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads Apple MetricKit JSON: one report per diagnostic (see the package documentation for the
 * shapes and how a call stack tree becomes threads).
 */
public final class MetricKitReader implements ReportReader {

    /** JSON nesting read and written: two levels per frame plus the payload's few (about 2,000 frames deep). */
    public static final int MAX_NESTING = MetricKitJson.MAX_NESTING;

    private final long maxFrames;

    /** A reader that refuses inputs of more frames than the default {@link ReportLimits} allow. */
    public MetricKitReader() {
        this(ReportLimits.defaults());
    }

    /** A reader that refuses inputs with more frame objects than {@code limits.maxFrames()}, before building them. */
    public MetricKitReader(ReportLimits limits) {
        this.maxFrames = limits.maxFrames();
    }

    /**
     * Whether top-level keys mark MetricKit JSON (a payload's diagnostic arrays or timestamps, a
     * diagnostic's {@code callStackTree}/{@code diagnosticMetaData}, a tree's {@code callStacks}).
     */
    public static boolean isMarker(java.util.Set<String> topLevelKeys) {
        for (String k : topLevelKeys) {
            if (PayloadParts.isMarker(k)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public ReportFormat format() {
        return ReportFormat.METRICKIT;
    }

    /** The input's one diagnostic; an input holding several (or none) is refused, naming how many. */
    @Override
    public ParsedReport read(String source, byte[] data) throws ReportException {
        List<ParsedReport> all = readAll(source, data);
        if (all.size() != 1) {
            throw new ReportException(source + ": holds " + all.size()
                    + " MetricKit diagnostics; read them all (readAll: one report per diagnostic)");
        }
        return all.get(0);
    }

    @Override
    public List<ParsedReport> readAll(String source, byte[] data) throws ReportException {
        MetricKitJson.countFrames(source, data, maxFrames);
        JsonNode root = MetricKitJson.parse(source, data);
        List<PayloadParts.Part> parts = PayloadParts.find(source, root);
        if (parts.isEmpty()) {
            throw new ReportException(source + ": MetricKit payload holds no diagnostics");
        }
        List<ParsedReport> out = new ArrayList<>(parts.size());
        for (PayloadParts.Part p : parts) {
            out.add(report(p));
        }
        return out;
    }

    private static ParsedReport report(PayloadParts.Part part) {
        JsonNode meta = part.diagnostic().map(d -> d.path("diagnosticMetaData")).orElse(com.fasterxml.jackson.databind.node.MissingNode.getInstance());
        CallTreeModel tree = CallTreeModel.of(part.tree(), DiagnosticMetadata.arch(meta));
        OptionalLong attributed = OptionalLong.empty();
        for (ThreadTrace t : tree.threads()) {
            if (t.crashed()) {
                attributed = OptionalLong.of(t.id());
                break;
            }
        }
        Optional<String> begin = part.payload().flatMap(p -> JsonTrees.text(p, "timeStampBegin"));
        CrashReport model = new CrashReport(DiagnosticMetadata.process(meta, begin),
                DiagnosticMetadata.crash(meta, part.kind(), attributed), tree.images(), tree.threads());
        return new ParsedReport(model, ReportFormat.METRICKIT, new MetricKitDocument(part, tree));
    }
}
