package dev.crashkit.symbolicate.report.metrickit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.symbolicate.report.JsonTrees;
import dev.crashkit.symbolicate.report.PresetSymbol;
import dev.crashkit.symbolicate.report.HangInfo;
import dev.crashkit.symbolicate.report.ReportDocument;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One MetricKit diagnostic as read: the input's JSON tree (shared by every diagnostic of the input,
 * never modified), where this diagnostic sits in it, and for each model frame the JSON frame object it
 * came from. An aggregated tree ({@code callStackPerThread: false}) stays whole here, with its
 * {@code sampleCount}s; the model holds only its heaviest paths.
 */
public final class MetricKitDocument implements ReportDocument {
    private final PayloadParts.Part part;
    private final CallTreeModel tree;

    MetricKitDocument(PayloadParts.Part part, CallTreeModel tree) {
        this.part = part;
        this.tree = tree;
    }

    @Override
    public Optional<String> part() {
        return part.name();
    }

    /**
     * A payload holding only this diagnostic (the payload's other fields, such as its timestamps, kept),
     * as UTF-8 JSON; empty for an input that is this diagnostic alone.
     */
    @Override
    public Optional<byte[]> standalone() {
        if (part.payload().isEmpty()) {
            return Optional.empty();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            AnnotatedJson.write(outputTree(), new IdentityHashMap<>(), out);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a tree Jackson parsed, written to memory
        }
        return Optional.of(out.toByteArray());
    }

    /**
     * The tree a same-format writer writes for this diagnostic alone: the standalone payload, built of
     * the input's own nodes (so frame objects keep their identity), or the whole input.
     */
    JsonNode outputTree() {
        if (part.payload().isEmpty() || part.kind().isEmpty() || part.diagnostic().isEmpty()) {
            return part.root();
        }
        ObjectNode payload = part.payload().get();
        ObjectNode alone = payload.objectNode();
        Iterator<Map.Entry<String, JsonNode>> fields = payload.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> e = fields.next();
            if (e.getKey().equals(part.kind().get())) {
                ArrayNode one = payload.arrayNode();
                one.add(part.diagnostic().get());
                alone.set(e.getKey(), one);
            } else if (!PayloadParts.isDiagnosticArray(e.getKey(), e.getValue())) {
                alone.set(e.getKey(), e.getValue());
            }
        }
        return alone;
    }

    /**
     * A hang diagnostic is a hang like our capture's: of the main thread (MetricKit reports hangs of
     * the main run loop), its duration from {@code hangDuration} ("2.5 sec", "750 ms", "1 min").
     */
    @Override
    public Optional<HangInfo> hang() {
        if (!part.kind().map("hangDiagnostics"::equals).orElse(false)) {
            return Optional.empty();
        }
        HangInfo h = HangInfo.named("main");
        OptionalLong ms = durationMillis(metadata().path("hangDuration").asText(""));
        return Optional.of(ms.isPresent() ? h.withDuration(ms.getAsLong()) : h);
    }

    private static final java.util.regex.Pattern DURATION = java.util.regex.Pattern.compile(
            "\\s*([0-9]{1,12}(?:\\.[0-9]{1,9})?)\\s*(ms|msec|s|sec|secs|seconds?|min|mins|minutes?|h|hr|hours?)\\s*");

    /** An {@code NSMeasurement<NSUnitDuration>} as MetricKit writes it, in milliseconds. */
    static OptionalLong durationMillis(String text) {
        java.util.regex.Matcher m = DURATION.matcher(text);
        if (!m.matches()) {
            return OptionalLong.empty();
        }
        double v = Double.parseDouble(m.group(1));
        String unit = m.group(2);
        double factor = unit.startsWith("ms") ? 1 : unit.startsWith("s") ? 1_000 : unit.startsWith("m") ? 60_000
                : 3_600_000;
        return OptionalLong.of(Math.round(v * factor));
    }

    /** The whole input's tree (shared with the other diagnostics of the same input). */
    public JsonNode root() {
        return part.root();
    }

    /** The payload key this diagnostic sat under ({@code crashDiagnostics} ...), when it sat in a payload. */
    public Optional<String> kind() {
        return part.kind();
    }

    /** Its {@code diagnosticMetaData} (a missing node when it has none, e.g. a bare call stack tree). */
    public JsonNode metadata() {
        return part.diagnostic().map(d -> d.path("diagnosticMetaData")).orElse(com.fasterxml.jackson.databind.node.MissingNode.getInstance());
    }

    /** Its {@code callStackTree} (for a bare tree, the input itself). */
    public JsonNode callStackTree() {
        return part.tree();
    }

    /** True for a {@code callStackPerThread: false} tree: the model's threads are its heaviest sampled paths. */
    public boolean aggregated() {
        return tree.aggregated();
    }

    /** Every frame object in the tree, whether on a model thread or not. */
    public long jsonFrameCount() {
        return tree.jsonFrames();
    }

    /** What was kept although inconsistent (a frame whose load address disagrees with its image's ...). */
    public List<String> warnings() {
        return tree.warnings();
    }

    /** The warnings, as every reader's notes: the command prints them, the library lists them in diagnostics. */
    @Override
    public List<String> notes() {
        return tree.warnings();
    }

    /** The JSON frame object of a model frame. */
    public ObjectNode frameNode(int thread, int frame) {
        return tree.frameNodes().get(thread).get(frame);
    }

    /**
     * The name a frame object already carries: MetricKit writes none, but a payload this package wrote
     * back symbolicated ({@link MetricKitWriter}) does, and reading it again keeps them.
     */
    @Override
    public Optional<PresetSymbol> presetSymbol(int thread, int frame) {
        if (thread < 0 || thread >= threadCount() || frame < 0 || frame >= frameCount(thread)) {
            return Optional.empty();
        }
        return symbolOf(frameNode(thread, frame));
    }

    /** {@code symbol}, {@code symbolLocation}, {@code file}, {@code line} of a frame object, as the writer writes them. */
    static Optional<PresetSymbol> symbolOf(JsonNode frame) {
        Optional<String> symbol = JsonTrees.text(frame, "symbol");
        if (symbol.isEmpty()) {
            return Optional.empty();
        }
        OptionalLong line = JsonTrees.unsigned(frame, "line");
        return Optional.of(new PresetSymbol(symbol.get(), JsonTrees.unsigned(frame, "symbolLocation"),
                JsonTrees.text(frame, "file"), line.isPresent() && line.getAsLong() < Integer.MAX_VALUE
                        ? OptionalInt.of((int) line.getAsLong()) : OptionalInt.empty()));
    }

    /** How many model frames a thread has (as in the model). */
    int frameCount(int thread) {
        return tree.frameNodes().get(thread).size();
    }

    int threadCount() {
        return tree.frameNodes().size();
    }
}
