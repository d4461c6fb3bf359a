package dev.crashkit.symbolicate.report.metrickit;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.symbolicate.output.SymbolicatedFrames;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes a JSON tree with names added to chosen frame objects, in a loop over an explicit stack
 * (Jackson's own tree serialisation recurses once per level, and a call stack tree may be thousands
 * of levels deep). A named frame object gets {@code symbol}, {@code symbolLocation} (bytes from the
 * symbol's start), {@code file} and {@code line} of its concrete function and, for calls inlined
 * there, {@code inlinedFrames}: one object each (symbol, file, line), innermost first; they are
 * written before its {@code subFrames}. Names already in the input under those keys are replaced.
 */
final class AnnotatedJson {

    static final Set<String> KEYS = Set.of("symbol", "symbolLocation", "file", "line", "inlinedFrames");

    /** MetricKit's own layout ({@code jsonRepresentation} pretty-prints with two spaces). */
    private static final DefaultPrettyPrinter PRINTER = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"));

    private AnnotatedJson() {
    }

    /** One open object or array: what is left of it, and the names still to add to it. */
    private static final class Level {
        final Iterator<Map.Entry<String, JsonNode>> fields;
        final Iterator<JsonNode> elements;
        List<SymbolicatedFrame> names;

        Level(JsonNode node, List<SymbolicatedFrame> names) {
            this.fields = node.isObject() ? node.fields() : null;
            this.elements = node.isArray() ? node.elements() : null;
            this.names = names;
        }
    }

    /**
     * @param names per frame object (by identity), its entries as {@link SymbolicatedFrames#newNames} gives
     *              them: inlined calls first, the concrete function last
     */
    static void write(JsonNode root, Map<JsonNode, List<SymbolicatedFrame>> names, OutputStream out)
            throws IOException {
        try (JsonGenerator g = MetricKitJson.mapper().createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.setPrettyPrinter(PRINTER);
            Deque<Level> open = new ArrayDeque<>();
            start(g, root, names, open);
            while (!open.isEmpty()) {
                Level l = open.peek();
                if (l.fields != null) {
                    if (l.fields.hasNext()) {
                        Map.Entry<String, JsonNode> e = l.fields.next();
                        if (l.names != null && KEYS.contains(e.getKey())) {
                            continue;
                        }
                        if (l.names != null && e.getKey().equals("subFrames")) {
                            name(g, l.names);
                            l.names = null;
                        }
                        g.writeFieldName(e.getKey());
                        start(g, e.getValue(), names, open);
                    } else {
                        if (l.names != null) {
                            name(g, l.names);
                        }
                        g.writeEndObject();
                        open.pop();
                    }
                } else if (l.elements.hasNext()) {
                    start(g, l.elements.next(), names, open);
                } else {
                    g.writeEndArray();
                    open.pop();
                }
            }
            g.writeRaw('\n');
        }
    }

    private static void start(JsonGenerator g, JsonNode n, Map<JsonNode, List<SymbolicatedFrame>> names,
                              Deque<Level> open) throws IOException {
        if (n.isObject()) {
            g.writeStartObject();
            List<SymbolicatedFrame> mine = names.get(n);
            open.push(new Level(n, mine == null || mine.isEmpty() ? null : mine));
        } else if (n.isArray()) {
            g.writeStartArray();
            open.push(new Level(n, null));
        } else {
            g.writeTree(n);
        }
    }

    private static void name(JsonGenerator g, List<SymbolicatedFrame> entries) throws IOException {
        SymbolicatedFrame last = entries.get(entries.size() - 1);
        if (!last.inlined()) {
            g.writeStringField("symbol", last.symbol().orElseThrow());
            g.writeNumberField("symbolLocation", last.offset());
            place(g, last);
        }
        int inlined = last.inlined() ? entries.size() : entries.size() - 1;
        if (inlined > 0) {
            g.writeArrayFieldStart("inlinedFrames");
            for (int i = 0; i < inlined; i++) {
                SymbolicatedFrame f = entries.get(i);
                g.writeStartObject();
                g.writeStringField("symbol", f.symbol().orElseThrow());
                place(g, f);
                g.writeEndObject();
            }
            g.writeEndArray();
        }
    }

    private static void place(JsonGenerator g, SymbolicatedFrame f) throws IOException {
        if (f.file().isPresent()) {
            g.writeStringField("file", f.file().get());
            if (f.line().isPresent()) {
                g.writeNumberField("line", f.line().getAsInt());
            }
        }
    }
}
