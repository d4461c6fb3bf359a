package dev.crashkit.symbolicate.report.metrickit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.symbolicate.output.ReportWriter;
import dev.crashkit.symbolicate.output.SymbolicatedFrames;
import dev.crashkit.symbolicate.report.JsonTrees;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Writes MetricKit JSON back symbolicated ({@code --format same}): the diagnostic's payload (only that
 * diagnostic, as {@link MetricKitDocument#standalone()}), or the whole input when it is the diagnostic
 * alone, with names added to its frame objects ({@link AnnotatedJson} says which keys). Every model frame
 * names its own JSON frame object; a frame object off the model's paths (a branch of a sampled tree)
 * takes the names of a named frame of the same image and address in the same role (root frames are
 * exact PCs, the others return addresses, looked up one byte earlier), and stays as it was otherwise.
 * {@link #writePayload} writes a multi-diagnostic input whole.
 */
public final class MetricKitWriter implements ReportWriter {

    /** The writer as a {@link ReportWriter} ({@link #writePayload} serves callers that hold every part). */
    public MetricKitWriter() {
    }

    @Override
    public String extension() {
        return ".json";
    }

    /** Writes {@code input} back; it must have been read by {@link MetricKitReader}. */
    @Override
    public String write(ParsedReport input, SymbolicatedReport result, Optional<SymbolicatedThread> exception)
            throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(input, result, exception, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void write(ParsedReport input, SymbolicatedReport result, Optional<SymbolicatedThread> exception,
                      OutputStream out) throws IOException {
        MetricKitDocument doc = document(input);
        JsonNode tree = doc.outputTree();
        AnnotatedJson.write(tree, names(tree, List.of(doc), List.of(result)), out);
    }

    /**
     * Writes the input that {@code parts} were all read from (one {@link MetricKitReader#readAll}), whole:
     * the payload or array of payloads with every diagnostic's frames named from its result.
     *
     * @param parts   every report of one input, as read
     * @param results their symbolications, in the same order
     * @throws IllegalArgumentException when the lists differ in length, a part is no MetricKit report, or
     *                                  the parts come from different inputs
     */
    public static void writePayload(List<ParsedReport> parts, List<SymbolicatedReport> results, OutputStream out)
            throws IOException {
        if (parts.isEmpty() || parts.size() != results.size()) {
            throw new IllegalArgumentException(parts.size() + " MetricKit parts, " + results.size() + " results");
        }
        List<MetricKitDocument> docs = new java.util.ArrayList<>(parts.size());
        for (ParsedReport p : parts) {
            docs.add(document(p));
        }
        JsonNode root = docs.get(0).root();
        for (MetricKitDocument d : docs) {
            if (d.root() != root) {
                throw new IllegalArgumentException("MetricKit parts read from different inputs");
            }
        }
        AnnotatedJson.write(root, names(root, docs, results), out);
    }

    private static MetricKitDocument document(ParsedReport input) {
        if (!(input.document() instanceof MetricKitDocument doc)) {
            throw new IllegalArgumentException(input.format() + " report given to the MetricKit writer");
        }
        return doc;
    }

    /** Names per frame object: from the model frames, then shared with unnamed look-alikes in {@code tree}. */
    private static Map<JsonNode, List<SymbolicatedFrame>> names(JsonNode tree, List<MetricKitDocument> docs,
                                                                List<SymbolicatedReport> results) {
        Map<JsonNode, List<SymbolicatedFrame>> names = new IdentityHashMap<>();
        Map<String, List<SymbolicatedFrame>> byKey = new HashMap<>();
        for (int d = 0; d < docs.size(); d++) {
            MetricKitDocument doc = docs.get(d);
            SymbolicatedReport result = results.get(d);
            SymbolicatedFrames.requireThreads(result, doc.threadCount());
            for (int t = 0; t < doc.threadCount(); t++) {
                int frames = doc.frameCount(t);
                List<List<SymbolicatedFrame>> entries = SymbolicatedFrames.newNames(result.threads().get(t), frames);
                for (int f = 0; f < frames; f++) {
                    if (!entries.get(f).isEmpty()) {
                        ObjectNode node = doc.frameNode(t, f);
                        names.put(node, entries.get(f));
                        byKey.putIfAbsent(key(node, f == 0), entries.get(f));
                    }
                }
            }
        }
        shareWithLookAlikes(tree, names, byKey);
        return names;
    }

    /** Walks every call stack tree under {@code tree} (a loop, not recursion) and names unnamed look-alikes. */
    private static void shareWithLookAlikes(JsonNode tree, Map<JsonNode, List<SymbolicatedFrame>> names,
                                            Map<String, List<SymbolicatedFrame>> byKey) {
        if (byKey.isEmpty()) {
            return;
        }
        Deque<JsonNode> todo = new ArrayDeque<>();
        todo.push(tree);
        while (!todo.isEmpty()) {
            JsonNode n = todo.pop();
            if (n.isArray()) {
                n.forEach(todo::push);
            } else if (n.isObject()) {
                n.fields().forEachRemaining(e -> {
                    boolean roots = e.getKey().equals("callStackRootFrames");
                    if ((roots || e.getKey().equals("subFrames")) && e.getValue().isArray()) {
                        for (JsonNode frame : e.getValue()) {
                            if (frame.isObject() && !names.containsKey(frame)) {
                                List<SymbolicatedFrame> same = byKey.get(key(frame, roots));
                                if (same != null) {
                                    names.put(frame, same);
                                }
                            }
                        }
                    }
                    todo.push(e.getValue());
                });
            }
        }
    }

    private static String key(JsonNode frame, boolean root) {
        return JsonTrees.text(frame, "binaryUUID").orElse("").toUpperCase(Locale.ROOT) + "|"
                + Long.toHexString(JsonTrees.unsigned(frame, "address").orElse(0)) + "|" + root;
    }
}
