package dev.crashkit.symbolicate.report.metrickit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.core.model.Frame;
import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.Symbolizer;
import dev.crashkit.testkit.TestData;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link MetricKitWriter#writePayload}: the whole input written back with every diagnostic's frames named,
 * the names checked against llvm-symbolizer's ({@code testdata/reports/metrickit/app.expected.tsv}).
 */
class MetricKitWriterTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** "0xADDRESS pc|return" to llvm-symbolizer's concrete function (its last entry). */
    private static Map<String, String> concreteFunctions() throws Exception {
        Map<String, String> g = new HashMap<>();
        for (String line : Files.readAllLines(TestData.file("reports/metrickit/app.expected.tsv"))) {
            if (!line.startsWith("#") && !line.isBlank()) {
                String[] c = line.split("\t", -1);
                g.put(c[0] + " " + c[1], c[3]); // rows go innermost first: the last one stays
            }
        }
        return g;
    }

    private static String key(long address, boolean pc) {
        return "0x" + Long.toHexString(address) + (pc ? " pc" : " return");
    }

    /** Every frame object of a tree with whether it is a root, by a walk of our own. */
    private static List<Map.Entry<JsonNode, Boolean>> frameObjects(JsonNode tree) {
        List<Map.Entry<JsonNode, Boolean>> out = new ArrayList<>();
        Deque<JsonNode> todo = new ArrayDeque<>();
        todo.push(tree);
        while (!todo.isEmpty()) {
            JsonNode n = todo.pop();
            n.forEach(todo::push);
            if (n.isObject()) {
                n.path("callStackRootFrames").forEach(f -> out.add(Map.entry(f, true)));
                n.path("subFrames").forEach(f -> out.add(Map.entry(f, false)));
            }
        }
        return out;
    }

    @Test
    void wholePayloadArrayNamedFromEveryDiagnostic() throws Exception {
        byte[] input = Files.readAllBytes(TestData.file("reports/metrickit/app-payloads.json"));
        List<ParsedReport> parts = new MetricKitReader().readAll("payloads", input);
        Symbolizer symbolizer = new Symbolizer(new ModuleCache(DebugFileIndex.scan(List.of(TestData.file("macho")),
                m -> { })), Optional.of(DemangleStyle.FULL));
        List<SymbolicatedReport> results = new ArrayList<>();
        Set<String> modelFrames = new HashSet<>();
        for (ParsedReport p : parts) {
            results.add(symbolizer.symbolicate(p.model()));
            for (var t : p.model().threads()) {
                for (Frame f : t.frames()) {
                    modelFrames.add(key(f.address(), !f.returnAddress()));
                }
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        MetricKitWriter.writePayload(parts, results, out);
        JsonNode written = JSON.readTree(out.toByteArray());
        assertTrue(written.isArray());
        assertEquals(2, written.size());

        Map<String, String> golden = concreteFunctions();
        int named = 0;
        int unnamed = 0;
        for (Map.Entry<JsonNode, Boolean> e : frameObjects(written)) {
            String key = key(e.getKey().path("address").asLong(), e.getValue());
            if (modelFrames.contains(key)) {
                // A model frame, or an object of the same address and role elsewhere: named.
                assertEquals(golden.get(key), e.getKey().path("symbol").asText(), key);
                named++;
            } else {
                // Off every model path (a lighter branch of a sampled tree): left as it was.
                assertFalse(e.getKey().has("symbol"), key);
                unnamed++;
            }
        }
        assertTrue(named >= 15 && unnamed >= 2, named + " named, " + unnamed + " unnamed");

        // Read again, the written names are the report's own (preset) names of the same frames.
        List<ParsedReport> again = new MetricKitReader().readAll("again", out.toByteArray());
        assertEquals(parts.size(), again.size());
        for (int p = 0; p < again.size(); p++) {
            ParsedReport r = again.get(p);
            for (int t = 0; t < r.model().threads().size(); t++) {
                List<Frame> frames = r.model().threads().get(t).frames();
                for (int f = 0; f < frames.size(); f++) {
                    String key = key(frames.get(f).address(), !frames.get(f).returnAddress());
                    assertEquals(Optional.of(golden.get(key)), r.document().presetSymbol(t, f).map(x -> x.name()), key);
                    assertEquals(Optional.of(golden.get(key)), frames.get(f).reported().flatMap(x -> x.symbol()), key);
                }
            }
        }

        // Without the names, it is the input.
        for (Map.Entry<JsonNode, Boolean> e : frameObjects(written)) {
            ((ObjectNode) e.getKey()).remove(AnnotatedJson.KEYS);
        }
        assertEquals(JSON.readTree(input), written);
    }

    @Test
    void refusesMismatchedOrForeignParts() throws Exception {
        byte[] input = Files.readAllBytes(TestData.file("reports/metrickit/app-payload.json"));
        List<ParsedReport> a = new MetricKitReader().readAll("a", input);
        List<ParsedReport> b = new MetricKitReader().readAll("b", input);
        Symbolizer symbolizer = new Symbolizer(new ModuleCache(DebugFileIndex.scan(List.of(), m -> { })),
                Optional.empty());
        SymbolicatedReport r = symbolizer.symbolicate(a.get(0).model());
        assertThrows(IllegalArgumentException.class, () -> MetricKitWriter.writePayload(a, List.of(r),
                new ByteArrayOutputStream()));
        assertThrows(IllegalArgumentException.class, () -> MetricKitWriter.writePayload(List.of(a.get(0), b.get(1)),
                List.of(r, symbolizer.symbolicate(b.get(1).model())), new ByteArrayOutputStream()));
    }
}
