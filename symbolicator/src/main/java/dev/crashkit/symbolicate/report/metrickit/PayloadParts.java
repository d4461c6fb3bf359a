package dev.crashkit.symbolicate.report.metrickit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.core.ReportException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the diagnostics a MetricKit input holds, by its shape: an {@code MXDiagnosticPayload} (arrays
 * of diagnostics under keys ending in {@code Diagnostics}), a JSON array of payloads, one diagnostic's
 * {@code jsonRepresentation} ({@code callStackTree} + {@code diagnosticMetaData}), or a bare
 * {@code MXCallStackTree} ({@code callStacks}).
 */
final class PayloadParts {

    /** The diagnostic arrays Apple's {@code MXDiagnosticPayload} writes (iOS 14-17). */
    static final List<String> KNOWN_KINDS = List.of("crashDiagnostics", "hangDiagnostics",
            "cpuExceptionDiagnostics", "diskWriteExceptionDiagnostics", "appLaunchDiagnostics");

    /**
     * One diagnostic.
     *
     * @param name       its part name ({@code crashDiagnostics[0]}, {@code [2].hangDiagnostics[1]}); empty
     *                   for an input that is the diagnostic (or the tree) itself
     * @param kind       the payload key it sat under; empty for a lone diagnostic or tree
     * @param root       the whole input
     * @param payload    the payload object it sat in; empty for a lone diagnostic or tree
     * @param diagnostic the diagnostic object; empty for a bare call stack tree
     * @param tree       its call stack tree object (missing node when it has none)
     */
    record Part(Optional<String> name, Optional<String> kind, JsonNode root, Optional<ObjectNode> payload,
                Optional<ObjectNode> diagnostic, JsonNode tree) {
    }

    private PayloadParts() {
    }

    /** Whether a top-level key marks a MetricKit payload, diagnostic or tree (used by detection). */
    static boolean isMarker(String key) {
        return KNOWN_KINDS.contains(key) || key.equals("timeStampBegin") || key.equals("timeStampEnd")
                || key.equals("callStackTree") || key.equals("diagnosticMetaData") || key.equals("callStacks");
    }

    static List<Part> find(String source, JsonNode root) throws ReportException {
        List<Part> parts = new ArrayList<>();
        if (root.isArray()) {
            for (int i = 0; i < root.size(); i++) {
                if (!(root.get(i) instanceof ObjectNode payload)) {
                    throw new ReportException(source + ": MetricKit payload array element [" + i
                            + "] is not an object");
                }
                inPayload(source, root, payload, "[" + i + "].", parts);
            }
        } else if (root instanceof ObjectNode object) {
            if (object.has("callStackTree") || object.has("diagnosticMetaData")) {
                parts.add(new Part(Optional.empty(), Optional.empty(), root, Optional.empty(), Optional.of(object),
                        object.path("callStackTree")));
            } else if (object.has("callStacks")) {
                parts.add(new Part(Optional.empty(), Optional.empty(), root, Optional.empty(), Optional.empty(),
                        object));
            } else {
                inPayload(source, root, object, "", parts);
            }
        } else {
            throw new ReportException(source + ": MetricKit JSON is neither an object nor an array");
        }
        return parts;
    }

    /** Diagnostics of one payload in its key order, each array in its order. */
    private static void inPayload(String source, JsonNode root, ObjectNode payload, String prefix, List<Part> parts)
            throws ReportException {
        Iterator<Map.Entry<String, JsonNode>> fields = payload.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> e = fields.next();
            if (!isDiagnosticArray(e.getKey(), e.getValue())) {
                continue;
            }
            JsonNode array = e.getValue();
            for (int i = 0; i < array.size(); i++) {
                String name = prefix + e.getKey() + "[" + i + "]";
                if (!(array.get(i) instanceof ObjectNode diagnostic)) {
                    throw new ReportException(source + ": MetricKit " + name + " is not an object");
                }
                parts.add(new Part(Optional.of(name), Optional.of(e.getKey()), root, Optional.of(payload),
                        Optional.of(diagnostic), diagnostic.path("callStackTree")));
            }
        }
    }

    /**
     * Apple's five kinds, and any later array named {@code ...Diagnostics} (MetricKit has grown one
     * kind per release or two), so a new kind is read rather than silently dropped.
     */
    static boolean isDiagnosticArray(String key, JsonNode value) {
        return value.isArray() && (KNOWN_KINDS.contains(key) || key.endsWith("Diagnostics"));
    }
}
