package dev.crashkit.symbolicate.report.sentry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportCorpus;
import dev.crashkit.symbolicate.report.ReportFormat;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The 21 sentry-crashprobe Sentry events parse: images, thread frames (innermost first), crashed thread. */
class SentryCrashProbeTest {

    private static final DebugId APP = DebugId.parse("54039061-A983-3323-A49D-837A894D667F").orElseThrow();

    @Test
    void everyEventParses() throws Exception {
        List<Path> files = ReportCorpus.files("sentry-crashprobe/release-arm64", ".json");
        assertEquals(21, files.size());
        for (Path p : files) {
            ParsedReport parsed = ReportCorpus.read(p);
            assertEquals(ReportFormat.SENTRY, parsed.format(), p.toString());
            JsonNode root = ((SentryDocument) parsed.document()).root();
            assertEquals(root.path("debug_meta").path("images").size(), parsed.model().images().size());
            assertTrue(parsed.model().images().stream().map(Image::id).anyMatch(Optional.of(APP)::equals));
            JsonNode threads = root.path("threads").path("values");
            assertEquals(threads.size(), parsed.model().threads().size());
            JsonNode excFrames = root.path("exception").path("values").get(0).path("stacktrace").path("frames");
            ThreadTrace crashed = parsed.model().threads().stream().filter(ThreadTrace::crashed).findFirst()
                    .orElseThrow();
            assertEquals(root.path("exception").path("values").get(0).get("thread_id").asLong(), crashed.id());
            assertEquals(excFrames.size(), crashed.frames().size(), p.toString());
            for (int f = 0; f < excFrames.size(); f++) {
                // Sentry lists frames outermost first; the model innermost first.
                JsonNode sf = excFrames.get(excFrames.size() - 1 - f);
                assertEquals(Long.parseUnsignedLong(sf.get("instruction_addr").asText().substring(2), 16),
                        crashed.frames().get(f).address());
                assertEquals(f > 0, crashed.frames().get(f).returnAddress());
            }
        }
    }

    @Test
    void crashInfoAndProcess() throws Exception {
        ParsedReport parsed = ReportCorpus.read(ReportCorpus.path("sentry-crashprobe/release-arm64/Call abort().json"));
        var crash = parsed.model().crash().orElseThrow();
        assertEquals(Optional.of("EXC_CRASH (SIGABRT)"), crash.signal());
        assertEquals(0x80643014L, crash.address().orElseThrow());
        assertEquals(Optional.of("iOS 10.2 (14C92)"), parsed.model().process().os());
        assertEquals(Optional.of("arm64"), parsed.model().process().arch().map(Arch::label));
    }
}
