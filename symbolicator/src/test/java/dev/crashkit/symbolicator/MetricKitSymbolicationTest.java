package dev.crashkit.symbolicator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.metrickit.MetricKitReader;
import dev.crashkit.testkit.TestData;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * MetricKit payloads whose frames point into the testdata/macho binaries, symbolicated through the library's
 * facade, against what llvm-symbolizer answers for each frame (testdata/reports/metrickit/make_metrickit.py
 * wrote the payloads and {@code app.expected.tsv}). Each diagnostic goes in alone, as the standalone bytes
 * its report gives (what a server stores), so those are checked too.
 */
class MetricKitSymbolicationTest {

    /** One llvm-symbolizer entry: function, file (or "??"), line (0 when none). */
    private record Entry(String function, String file, int line) {
    }

    /** "0xADDRESS pc|return" to its entries, innermost first. */
    private static Map<String, List<Entry>> golden() throws Exception {
        Map<String, List<Entry>> g = new HashMap<>();
        for (String line : Files.readAllLines(TestData.file("reports/metrickit/app.expected.tsv"))) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String[] c = line.split("\t", -1);
            g.computeIfAbsent(c[0] + " " + c[1], k -> new ArrayList<>())
                    .add(new Entry(c[3], c[4], Integer.parseInt(c[5])));
        }
        return g;
    }

    private static SymbolicatorConfig withMacho() {
        return SymbolicatorConfig.defaults().withDebugFiles(List.of(TestData.file("macho")))
                .withDemangling(Demangling.FULL);
    }

    @ParameterizedTest
    @ValueSource(strings = {"app-payload.json", "app-payloads.json"})
    void everyFrameIsWhatLlvmSymbolizerSays(String name) throws Exception {
        Map<String, List<Entry>> golden = golden();
        byte[] input = Files.readAllBytes(TestData.file("reports/metrickit/" + name));
        List<ParsedReport> parts = new MetricKitReader().readAll(name, input);
        assertEquals(name.equals("app-payload.json") ? 3 : 4, parts.size());
        Set<String> seen = new HashSet<>();
        int checked = 0;
        try (Symbolicator s = Symbolicator.open(withMacho())) {
            for (ParsedReport part : parts) {
                String source = name + " " + part.document().part().orElseThrow();
                Symbolication r = s.symbolicate(source, part.document().standalone().orElseThrow());
                assertEquals("METRICKIT", r.report().format().toUpperCase(java.util.Locale.ROOT), source);
                assertEquals(part.model(), r.report().model(), source + ": standalone reads back equal");
                for (int t = 0; t < r.threads().size(); t++) {
                    ThreadTrace thread = r.threads().get(t).thread();
                    for (int f = 0; f < thread.frames().size(); f++) {
                        Frame frame = thread.frames().get(f);
                        String key = "0x" + Long.toHexString(frame.address()) + " "
                                + (frame.returnAddress() ? "return" : "pc");
                        String where = source + " thread " + t + " frame " + f + " (" + key + ")";
                        List<Entry> want = golden.get(key);
                        assertTrue(want != null, where + ": not in the golden");
                        int index = f;
                        List<StackFrame> got = r.threads().get(t).frames().stream().filter(x -> x.index() == index)
                                .toList();
                        assertEquals(want.size(), got.size(), where + ": entries (inlined calls + function)");
                        for (int e = 0; e < want.size(); e++) {
                            Entry w = want.get(e);
                            StackFrame g = got.get(e);
                            assertEquals(StackFrame.Status.SYMBOLICATED, g.status(), where);
                            assertEquals(w.function(), g.function().orElse(""), where + " entry " + e);
                            assertEquals(e < want.size() - 1, g.inlined(), where + " entry " + e);
                            if (w.file().equals("??")) {
                                assertTrue(g.file().isEmpty(), where + " entry " + e + ": no file");
                            } else {
                                assertEquals(w.file(), g.file().orElse(""), where + " entry " + e);
                            }
                            if (w.line() != 0) {
                                assertEquals(w.line(), g.line().orElse(-1), where + " entry " + e);
                            } else {
                                assertTrue(g.line().isEmpty() || g.line().getAsInt() == 0, where + " entry " + e);
                            }
                        }
                        seen.add(key);
                        checked++;
                    }
                }
            }
        }
        assertTrue(checked >= 10, "frames checked: " + checked);
        // Every frame object of the crash's two chains is a model frame: nothing left out.
        JsonNode payload = new ObjectMapper().readTree(input);
        JsonNode crash = (payload.isArray() ? payload.get(0) : payload).path("crashDiagnostics").path(0);
        int frames = 0;
        for (JsonNode stack : crash.path("callStackTree").path("callStacks")) {
            JsonNode node = stack.path("callStackRootFrames").path(0);
            for (boolean root = true; !node.isMissingNode(); root = false, node = node.path("subFrames").path(0)) {
                String key = "0x" + Long.toHexString(node.path("address").asLong()) + (root ? " pc" : " return");
                assertTrue(seen.contains(key), key);
                frames++;
            }
        }
        assertEquals(6, frames);
    }

    /** {@code --format same}: every frame object of the crash gets the concrete function's name, file and line. */
    @ParameterizedTest
    @ValueSource(strings = {"app-payload.json"})
    void sameFormatNamesEveryFrameObject(String name) throws Exception {
        Map<String, List<Entry>> golden = golden();
        ParsedReport crash = new MetricKitReader().readAll(name,
                Files.readAllBytes(TestData.file("reports/metrickit/" + name))).get(0);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Symbolicator s = Symbolicator.open(withMacho())) {
            Report report = Report.read("crash.json", crash.document().standalone().orElseThrow(),
                    InputLimits.defaults());
            s.symbolicate(report, OutputFormat.SAME, out);
        }
        JsonNode written = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));
        assertEquals(1, written.path("crashDiagnostics").size());
        assertFalse(written.has("hangDiagnostics"), "only this diagnostic");
        assertEquals("2026-11-28 00:00:00 +0000", written.path("timeStampBegin").asText());
        int named = 0;
        for (JsonNode stack : written.path("crashDiagnostics").path(0).path("callStackTree").path("callStacks")) {
            JsonNode node = stack.path("callStackRootFrames").path(0);
            boolean root = true;
            while (!node.isMissingNode()) {
                String key = "0x" + Long.toHexString(node.path("address").asLong()) + (root ? " pc" : " return");
                List<Entry> want = golden.get(key);
                Entry concrete = want.get(want.size() - 1);
                assertEquals(concrete.function(), node.path("symbol").asText(), key);
                if (!concrete.file().equals("??")) {
                    assertEquals(concrete.file(), node.path("file").asText(), key);
                }
                if (concrete.line() != 0) {
                    assertEquals(concrete.line(), node.path("line").asInt(), key);
                }
                assertEquals(want.size() - 1, node.path("inlinedFrames").size(), key);
                for (int i = 0; i < want.size() - 1; i++) {
                    assertEquals(want.get(i).function(), node.path("inlinedFrames").path(i).path("symbol").asText());
                    assertEquals(want.get(i).line(), node.path("inlinedFrames").path(i).path("line").asInt());
                }
                named++;
                node = node.path("subFrames").path(0);
                root = false;
            }
        }
        assertEquals(6, named);
    }
}
