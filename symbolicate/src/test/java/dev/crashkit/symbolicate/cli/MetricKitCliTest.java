package dev.crashkit.symbolicate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.symbolicator.InputLimits;
import dev.crashkit.symbolicator.Report;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A MetricKit payload with several diagnostics through the command line and batch: every diagnostic
 * printed (each exactly as the payload holding it alone, whose frames {@code MetricKitSymbolicationTest}
 * checks against llvm-symbolizer), a JSON array, the payload written back whole, and a batch that
 * writes, counts and lists each diagnostic; a hang diagnostic is a hang downstream.
 */
class MetricKitCliTest {
    private static final Path PAYLOAD = Path.of("testdata/reports/metrickit/app-payload.json");
    private static final Path PAYLOADS = Path.of("testdata/reports/metrickit/app-payloads.json");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> PARTS = List.of("crashDiagnostics[0]", "hangDiagnostics[0]",
            "cpuExceptionDiagnostics[0]");

    record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter so = new StringWriter();
        StringWriter se = new StringWriter();
        int code = Main.run(new PrintWriter(so), new PrintWriter(se), args);
        return new Run(code, so.toString(), se.toString());
    }

    /** The standalone payload of each diagnostic, as files. */
    private static List<Path> alone(Path tmp) throws Exception {
        List<Path> out = new ArrayList<>();
        int i = 0;
        for (Report r : Report.readAll(PAYLOAD, InputLimits.defaults())) {
            Path p = tmp.resolve("alone-" + i++ + ".json");
            Files.write(p, r.standalone().orElseThrow());
            out.add(p);
        }
        return out;
    }

    @Test
    void textPrintsEveryDiagnosticAsItsPayloadAloneWould(@TempDir Path tmp) throws Exception {
        Run r = run(PAYLOAD.toString(), "--dsym", "testdata/macho", "--no-cache");
        assertTrue(r.code() == 0 || r.code() == 1, r.err());
        List<Path> alone = alone(tmp);
        assertEquals(PARTS.size(), alone.size());
        String[] sections = r.out().split("(?m)^==> ", -1);
        assertEquals(PARTS.size() + 1, sections.length, r.out());
        for (int i = 0; i < PARTS.size(); i++) {
            String s = sections[i + 1];
            assertEquals(PAYLOAD + " " + PARTS.get(i) + " <==", s.substring(0, s.indexOf('\n')));
            String body = s.substring(s.indexOf('\n') + 1);
            Run one = run(alone.get(i).toString(), "--dsym", "testdata/macho", "--no-cache");
            assertEquals(one.out(), i + 1 < PARTS.size() ? body.substring(0, body.length() - 1) : body, PARTS.get(i));
        }
    }

    @Test
    void jsonIsAnArrayAndTheHangDiagnosticIsAHang() throws Exception {
        Run r = run(PAYLOAD.toString(), "--dsym", "testdata/macho", "--no-cache", "--format", "json");
        assertTrue(r.code() == 0 || r.code() == 1, r.err());
        JsonNode all = JSON.readTree(r.out());
        assertEquals(PARTS.size(), all.size());
        assertFalse(all.get(0).has("kind"), "a crash diagnostic is a crash");
        assertEquals("hang", all.get(1).get("kind").asText());
        assertEquals("main", all.get(1).get("hang").get("name").asText());
        assertEquals(2_500, all.get(1).get("hang").get("duration_ms").asLong(), "hangDuration 2.5 sec");
        long named = 0;
        for (JsonNode t : all.get(0).get("threads")) {
            for (JsonNode f : t.get("frames")) {
                named += f.path("symbol").isTextual() ? 1 : 0;
            }
        }
        assertTrue(named > 0, all.get(0).toString());
    }

    @Test
    void sameWritesThePayloadBackWholeWithEveryDiagnosticAnnotated() throws Exception {
        Run r = run(PAYLOAD.toString(), "--dsym", "testdata/macho", "--no-cache", "--format", "same");
        assertTrue(r.code() == 0 || r.code() == 1, r.err());
        JsonNode in = JSON.readTree(PAYLOAD.toFile());
        JsonNode out = JSON.readTree(r.out());
        for (String key : List.of("timeStampBegin", "timeStampEnd")) {
            assertEquals(in.get(key), out.get(key));
        }
        for (String kind : List.of("crashDiagnostics", "hangDiagnostics", "cpuExceptionDiagnostics")) {
            assertEquals(1, out.get(kind).size(), kind);
            assertTrue(out.get(kind).toString().contains("\"symbol\""), kind + " annotated: " + out.get(kind));
        }
    }

    @Test
    void batchWritesCountsAndListsEachDiagnostic(@TempDir Path tmp) throws Exception {
        Path in = tmp.resolve("in");
        Files.createDirectories(in);
        Files.copy(PAYLOADS, in.resolve("payloads.json"));
        Path out = tmp.resolve("out");
        Run r = run("batch", in.toString(), "--dsym", "testdata/macho", "--no-cache", "--out", out.toString(),
                "--format", "json");
        assertTrue(r.code() == 0 || r.code() == 1, r.err() + r.out());
        JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
        int diagnostics = Report.readAll(PAYLOADS, InputLimits.defaults()).size();
        assertTrue(diagnostics > 2, "several payloads of several diagnostics");
        assertEquals(diagnostics, summary.get("reports_done").asInt(), summary.toString());
        assertEquals(0, summary.get("reports_failed").asInt(), summary.toString());
        assertTrue(Files.exists(out.resolve("payloads.json.[0].hangDiagnostics[0].json")),
                String.join(",", out.toFile().list()));
        assertEquals("hang", JSON.readTree(out.resolve("payloads.json.[0].hangDiagnostics[0].json").toFile())
                .get("kind").asText());
        List<String> journal = Files.readAllLines(out.resolve("summary.jsonl"));
        assertEquals(diagnostics, journal.size(), journal.toString());
        assertTrue(journal.get(0).contains("payloads.json [0].crashDiagnostics[0]"), journal.get(0));
    }
}
