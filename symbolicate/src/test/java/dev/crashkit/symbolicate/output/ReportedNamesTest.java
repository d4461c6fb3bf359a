package dev.crashkit.symbolicate.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.core.crashreport.CrashReportJson;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.symbolicate.cli.Main;
import dev.crashkit.symbolicate.report.ReportCorpus;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A frame we cannot symbolicate (here: no debug file at all) keeps the names its report gave, in
 * text and JSON. The expected names come from the inputs themselves and from a parser we did not
 * write (getsentry/apple-crash-report-parser's snapshot of its handcrafted fixture).
 */
class ReportedNamesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path HANDCRAFTED = ReportCorpus.path("apple-crash-report-parser/fixtures/handcrafted.txt");
    /** {@code idx  module  0xADDR  tail} of the input file, module and tail as written. */
    private static final Pattern INPUT_FRAME = Pattern.compile("^\\d+\\s+(.+?)\\s+0x[0-9a-f]{1,16}\\s+(.*)$");

    @Test
    void legacyCrashTextKeepsModulesAndSymbols() throws Exception {
        JsonNode snap = ReportCorpus.snapshot(ReportCorpus.path(
                "apple-crash-report-parser/snapshots/test_snapshots__handcrafted.snap"));
        List<List<String>> input = threads(Files.readString(HANDCRAFTED));
        List<List<String>> text = threads(run(HANDCRAFTED, "text"));
        JsonNode threads = snap.get("threads");
        assertEquals(threads.size(), text.size());
        int moduleOnly = 0;
        int symbols = 0;
        for (int t = 0; t < threads.size(); t++) {
            JsonNode frames = threads.get(t).get("frames");
            assertEquals(frames.size(), text.get(t).size(), "thread " + t);
            for (int f = 0; f < frames.size(); f++) {
                JsonNode sf = frames.get(f);
                String line = text.get(t).get(f);
                String where = "thread " + t + " frame " + f + ": " + line;
                String module = sf.has("module") ? sf.get("module").asText() : "???";
                assertEquals(module, line.substring(4, 39).strip(), where);
                String tail = line.substring(4 + 35 + 20);
                if (sf.has("module")) {
                    // Nothing to symbolicate with: the report's own tail comes back as it was written.
                    Matcher m = INPUT_FRAME.matcher(input.get(t).get(f));
                    assertTrue(m.matches(), input.get(t).get(f));
                    assertEquals(m.group(2), tail, where);
                    moduleOnly += sf.has("symbol") ? 0 : 1;
                }
                if (sf.has("symbol")) {
                    assertTrue(tail.startsWith(sf.get("symbol").asText()), where);
                    symbols++;
                }
                if (sf.has("filename")) {
                    assertTrue(tail.endsWith("(" + sf.get("filename").asText() + ":" + sf.get("lineno").asInt() + ")"),
                            where);
                }
                assertFalse(tail.contains("???"), where);
            }
        }
        assertTrue(symbols >= 3 && moduleOnly >= 10, symbols + " symbols, " + moduleOnly + " module-only frames");
    }

    @Test
    void legacyCrashJsonSaysWhatTheReportSaid() throws Exception {
        JsonNode snap = ReportCorpus.snapshot(ReportCorpus.path(
                "apple-crash-report-parser/snapshots/test_snapshots__handcrafted.snap"));
        JsonNode out = JSON.readTree(run(HANDCRAFTED, "json"));
        JsonNode threads = snap.get("threads");
        int checked = 0;
        for (int t = 0; t < threads.size(); t++) {
            JsonNode frames = threads.get(t).get("frames");
            JsonNode ours = out.get("threads").get(t).get("frames");
            assertEquals(frames.size(), ours.size());
            for (int f = 0; f < frames.size(); f++) {
                JsonNode sf = frames.get(f);
                JsonNode of = ours.get(f);
                String where = "thread " + t + " frame " + f + ": " + of;
                assertEquals(f, of.get("index").asInt(), where);
                assertTrue(of.get("symbol").isNull(), "no symbol of ours: " + where);
                if (sf.has("symbol")) {
                    assertEquals("report", of.get("source").asText(), where);
                    JsonNode said = of.get("reported");
                    assertEquals(sf.get("symbol").asText(), said.get("symbol").asText(), where);
                    assertEquals(sf.get("module").asText(), said.get("image").asText(), where);
                    if (sf.has("filename")) {
                        assertEquals(sf.get("filename").asText(), said.get("file").asText(), where);
                        assertEquals(sf.get("lineno").asInt(), said.get("line").asInt(), where);
                    }
                    checked++;
                } else if (sf.has("module") && of.get("image").isNull()) {
                    // An image the Binary Images list lacks: its name is the report's.
                    assertEquals(sf.get("module").asText(), of.get("reported").get("image").asText(), where);
                    assertTrue(of.get("source").isNull(), where);
                    checked++;
                } else {
                    assertFalse(of.has("reported"), "nothing to add: " + where);
                }
            }
        }
        assertTrue(checked >= 10, "frames checked: " + checked);
    }

    /** KSCrash names each frame's image and symbol ({@code object_name}, {@code symbol_name}/{@code symbol_addr}). */
    @Test
    void kscrashTextKeepsObjectAndSymbolNames() throws Exception {
        int checked = 0;
        for (Path p : ReportCorpus.files("kscrash/example-reports", ".json")) {
            JsonNode in = JSON.readTree(p.toFile());
            List<List<String>> text = threads(run(p, "text"));
            JsonNode threads = in.get("crash").get("threads");
            assertEquals(threads.size(), text.size(), p.toString());
            for (int t = 0; t < threads.size(); t++) {
                JsonNode frames = threads.get(t).path("backtrace").path("contents");
                for (int f = 0; f < frames.size(); f++) {
                    JsonNode sf = frames.get(f);
                    String line = text.get(t).get(f);
                    String where = p.getFileName() + " thread " + t + " frame " + f + ": " + line;
                    if (sf.has("object_name")) {
                        assertEquals(sf.get("object_name").asText(), line.substring(4, 39).strip(), where);
                    }
                    if (sf.has("symbol_name")) {
                        long offset = sf.get("instruction_addr").asLong() - sf.get("symbol_addr").asLong();
                        assertTrue(line.substring(4 + 35 + 20).startsWith(sf.get("symbol_name").asText() + " + "
                                + offset), where);
                        checked++;
                    }
                }
            }
        }
        assertTrue(checked >= 50, "frames checked: " + checked);
    }

    /** Sentry events name each frame's {@code function} (with {@code symbol_addr}), unless redacted. */
    @Test
    void sentryTextKeepsFunctionNames() throws Exception {
        int checked = 0;
        for (Path p : ReportCorpus.files("sentry-crashprobe/release-arm64", ".json")) {
            List<String> lines = new ArrayList<>();
            threads(run(p, "text")).forEach(lines::addAll);
            List<JsonNode> frames = new ArrayList<>();
            collectFrames(JSON.readTree(p.toFile()), frames);
            for (JsonNode sf : frames) {
                String function = sf.path("function").asText("<redacted>");
                if (function.equals("<redacted>") || !sf.has("symbol_addr")) {
                    continue;
                }
                long pc = Long.parseUnsignedLong(sf.get("instruction_addr").asText().substring(2), 16);
                long start = Long.parseUnsignedLong(sf.get("symbol_addr").asText().substring(2), 16);
                String hex = String.format("0x%016x ", pc);
                String expected = hex + function + " + " + (pc - start);
                assertTrue(lines.stream().anyMatch(l -> l.contains(hex)), p.getFileName() + ": no line for " + hex);
                assertTrue(lines.stream().filter(l -> l.contains(hex)).allMatch(l -> l.contains(expected)),
                        p.getFileName() + ": " + expected);
                checked++;
            }
        }
        assertTrue(checked >= 50, "frames checked: " + checked);
    }

    private static void collectFrames(JsonNode n, List<JsonNode> out) {
        if (n.isObject() && n.has("instruction_addr")) {
            out.add(n);
        }
        n.forEach(child -> collectFrames(child, out));
    }

    /** The names read from a legacy report survive a trip through crashreport/1. */
    @Test
    void reportedNamesRoundTripThroughCrashReport1() throws Exception {
        CrashReport model = ReportCorpus.read(HANDCRAFTED).model();
        assertTrue(model.threads().get(0).frames().get(11).reported().isPresent());
        StringWriter w = new StringWriter();
        CrashReportJson.write(model, w);
        assertEquals(model, CrashReportJson.read(w.toString(), "round-trip.json"));
    }

    private static String run(Path report, String format) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), report.toString(), "--format", format,
                "--no-cache");
        assertEquals(1, code, "no debug files: exit 1; stderr: " + err);
        return out.toString();
    }

    /** Frame lines per thread block ({@code Thread N:} / {@code Thread N Crashed:} ... blank line). */
    private static List<List<String>> threads(String text) {
        List<List<String>> out = new ArrayList<>();
        List<String> current = null;
        for (String line : text.split("\n", -1)) {
            if (line.matches("^Thread \\d+( Crashed)?:.*")) {
                current = new ArrayList<>();
                out.add(current);
            } else if (line.isBlank() || line.startsWith("Thread ") || line.startsWith("Binary Images")) {
                current = null;
            } else if (current != null && line.matches("^\\d+\\s.*")) {
                current.add(line);
            }
        }
        return out;
    }
}
