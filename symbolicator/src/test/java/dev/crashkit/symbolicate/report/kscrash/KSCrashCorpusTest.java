package dev.crashkit.symbolicate.report.kscrash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Image;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportCorpus;
import dev.crashkit.symbolicate.report.ReportFormat;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** KSCrash test resources and SentryCrash reports parse; SentryCrash images match sentry-cocoa's converter. */
class KSCrashCorpusTest {

    @ParameterizedTest
    @ValueSource(strings = {"kscrash/test-resources/oom.json", "kscrash/test-resources/processed.json",
        "kscrash/test-resources/raw.json", "kscrash/test-resources/sigterm.json", "sentrycrash/raw-crash.json",
        "sentrycrash/crash-bad-access.json", "sentrycrash/crash-report-1.json"})
    void parses(String file) throws Exception {
        ParsedReport parsed = ReportCorpus.read(ReportCorpus.path(file));
        assertEquals(ReportFormat.KSCRASH, parsed.format());
        KSCrashDocument doc = (KSCrashDocument) parsed.document();
        JsonNode root = doc.root();
        CrashReport m = parsed.model();
        assertEquals(root.path("binary_images").size(), m.images().size());
        JsonNode threads = root.path("crash").path("threads");
        assertEquals(threads.size(), m.threads().size());
        for (int t = 0; t < threads.size(); t++) {
            JsonNode contents = threads.get(t).path("backtrace").path("contents");
            assertEquals(contents.size(), m.threads().get(t).frames().size());
            for (int f = 0; f < contents.size(); f++) {
                assertEquals(contents.get(f).get("instruction_addr").asLong(), m.threads().get(t).frames().get(f).address());
            }
        }
        assertTrue(m.crash().isPresent(), "crash info");
    }

    @Test
    void sentryCrashImagesMatchConvertedEvent() throws Exception {
        ParsedReport parsed = ReportCorpus.read(ReportCorpus.path("sentrycrash/raw-crash.json"));
        JsonNode event = ReportCorpus.json(ReportCorpus.path("sentrycrash/converted-event.json"));
        JsonNode expected = event.path("debug_meta").path("images");
        assertEquals(expected.size(), parsed.model().images().size());
        for (int i = 0; i < expected.size(); i++) {
            JsonNode e = expected.get(i);
            Image img = parsed.model().images().get(i);
            assertEquals(DebugId.parse(e.get("debug_id").asText()), img.id(), "image " + i);
            assertEquals(hex(e.get("image_addr")), img.loadAddress(), "image " + i);
            assertEquals(e.get("image_size").asLong(), img.size().getAsLong(), "image " + i);
            assertEquals(e.get("code_file").asText(), img.path().orElseThrow(), "image " + i);
            // The converter writes image_vmaddr only when it is not zero.
            long vmaddr = img.slide().isPresent() ? img.loadAddress() - img.slide().getAsLong() : 0L;
            assertEquals(e.has("image_vmaddr") ? hex(e.get("image_vmaddr")) : 0L, vmaddr, "image " + i);
            assertEquals("macho", e.get("type").asText());
        }
    }

    @Test
    void crashInfoFromError() throws Exception {
        ParsedReport parsed = ReportCorpus.read(ReportCorpus.path("sentrycrash/raw-crash.json"));
        var crash = parsed.model().crash().orElseThrow();
        assertEquals(Optional.of("EXC_BAD_ACCESS (SIGSEGV)"), crash.signal());
        assertEquals(Optional.of("KERN_INVALID_ADDRESS"), crash.code());
        assertEquals(1L, crash.address().orElseThrow());
        assertEquals(0L, crash.thread().orElseThrow());
        assertEquals(Optional.of("com.apple.main-thread"), parsed.document().queue(0));
    }

    private static long hex(JsonNode n) {
        return Long.parseUnsignedLong(n.asText().substring(2), 16);
    }

}
