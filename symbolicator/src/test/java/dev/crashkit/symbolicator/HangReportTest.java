package dev.crashkit.symbolicator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * A crashreport/1 of a hang ({@code "kind": "hang"}, as our capture's watchdog writes it) is read as
 * a hang, keeps its hang fields through symbolicated/1, and groups apart from a crash in the same code.
 */
class HangReportTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path SAMPLE = Path.of("testdata/reports/sample-crash.json");

    private static byte[] asHang(boolean ongoing) throws Exception {
        ObjectNode root = (ObjectNode) JSON.readTree(Files.readAllBytes(SAMPLE));
        long tid = root.get("crash").get("thread").asLong();
        root.put("kind", "hang");
        ObjectNode hang = root.putObject("hang");
        hang.put("thread", tid).put("name", "main-loop").put("threshold_ms", 2000).put("duration_ms", 3456);
        if (ongoing) {
            hang.put("ongoing", true);
        }
        return JSON.writeValueAsBytes(root);
    }

    private static Symbolicator open() throws Exception {
        return Symbolicator.open(SymbolicatorConfig.defaults().withDebugFiles(List.of(Path.of("testdata/macho"))));
    }

    @Test
    void aHangIsReadAsOneWithItsFields() throws Exception {
        Report r = Report.read("hang.json", asHang(true), InputLimits.defaults());
        assertEquals("hang", r.kind());
        Hang h = r.hang().orElseThrow();
        assertEquals("main-loop", h.name());
        assertEquals(OptionalLong.of(2000), h.thresholdMs());
        assertEquals(OptionalLong.of(3456), h.durationMs());
        assertTrue(h.ongoing());
        Report crash = Report.read(SAMPLE, InputLimits.defaults());
        assertEquals("crash", crash.kind());
        assertTrue(crash.hang().isEmpty());
    }

    @Test
    void symbolicatedJsonCarriesKindAndHang() throws Exception {
        try (Symbolicator s = open()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            Symbolication result = s.symbolicate(Report.read("hang.json", asHang(false), InputLimits.defaults()),
                    OutputFormat.JSON, out);
            JsonNode doc = JSON.readTree(out.toString(StandardCharsets.UTF_8));
            assertEquals("hang", doc.get("kind").asText());
            assertEquals("main-loop", doc.get("hang").get("name").asText());
            assertEquals(3456, doc.get("hang").get("duration_ms").asLong());
            assertFalse(doc.get("hang").has("ongoing"));
            // Written again from the result: the same document.
            ByteArrayOutputStream again = new ByteArrayOutputStream();
            result.write(OutputFormat.JSON, again);
            assertEquals(doc, JSON.readTree(again.toByteArray()));
            ByteArrayOutputStream crash = new ByteArrayOutputStream();
            s.symbolicate(Report.read(SAMPLE, InputLimits.defaults()), OutputFormat.JSON, crash);
            assertFalse(JSON.readTree(crash.toByteArray()).has("kind"), "a crash's document is as before");
        }
    }

    @Test
    void aMetricKitReadersWarningsReachTheDiagnostics() throws Exception {
        byte[] flamegraph = Files.readAllBytes(Path.of("testdata/third-party/sentry-cocoa/per-thread-flamegraph.json"));
        try (Symbolicator s = open()) {
            List<String> d = s.symbolicate("flamegraph.json", flamegraph).diagnostics();
            // The sample's frames have addresses 0..3 and offsets 0: load addresses that disagree, kept and said.
            assertFalse(d.isEmpty(), "diagnostics: " + d);
            assertTrue(d.stream().allMatch(line -> !line.isBlank() && line.indexOf('\n') < 0), d.toString());
        }
    }

    @Test
    void aHangGroupsApartFromACrashInTheSameFrames() throws Exception {
        try (Symbolicator s = open()) {
            Signature hang = s.symbolicate("hang.json", asHang(false)).signature();
            Signature crash = s.symbolicate(SAMPLE).signature();
            assertNotEquals(crash.id(), hang.id());
            assertEquals("hang", hang.exception());
            assertEquals(crash.frames(), hang.frames(), "the same thread's frames, only the kind differs");
            // The duration is not part of the group: a longer hang in the same place is the same group.
            ObjectNode longer = (ObjectNode) JSON.readTree(asHang(false));
            ((ObjectNode) longer.get("hang")).put("duration_ms", 99_999);
            assertEquals(hang.id(), s.symbolicate("longer.json", JSON.writeValueAsBytes(longer)).signature().id());
        }
    }
}
