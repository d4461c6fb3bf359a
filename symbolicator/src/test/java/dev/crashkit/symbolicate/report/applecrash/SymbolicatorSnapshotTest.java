package dev.crashkit.symbolicate.report.applecrash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashInfo;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportCorpus;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * getsentry/symbolicator's response for its apple_crash_report.txt fixture (no debug files, so a
 * parse oracle): threads, names, crashed flag, frame addresses, registers, modules, crash reason.
 */
class SymbolicatorSnapshotTest {

    @Test
    void matchesSymbolicatorResponse() throws Exception {
        ParsedReport parsed = ReportCorpus.read(ReportCorpus.path("symbolicator/apple_crash_report.txt"));
        JsonNode snap = ReportCorpus.snapshot(ReportCorpus.path(
                "symbolicator/integration__symbolication__apple_crash_report.snap"));
        CrashReport model = parsed.model();
        AppleCrashDocument doc = (AppleCrashDocument) parsed.document();

        CrashInfo crash = model.crash().orElseThrow();
        assertEquals(snap.get("crash_reason").asText(), crash.signal().orElseThrow());
        assertEquals(snap.get("crash_details").asText(), crash.reason().orElseThrow());
        JsonNode sys = snap.get("system_info");
        assertTrue(model.process().os().orElseThrow().contains(sys.get("os_build").asText()));
        assertTrue(model.process().os().orElseThrow().contains(sys.get("os_version").asText()));
        assertEquals(sys.get("cpu_arch").asText(), model.process().arch().orElseThrow().label());
        assertEquals(sys.get("device_model").asText(), doc.header().get("Hardware Model"));

        JsonNode stacks = snap.get("stacktraces");
        assertEquals(stacks.size(), model.threads().size());
        for (int t = 0; t < stacks.size(); t++) {
            JsonNode st = stacks.get(t);
            ThreadTrace mt = model.threads().get(t);
            assertEquals(st.get("thread_id").asLong(), mt.id());
            assertEquals(Optional.ofNullable(st.get("thread_name")).map(JsonNode::asText), mt.name());
            assertEquals(st.get("is_requesting").asBoolean(), mt.crashed());
            JsonNode frames = st.get("frames");
            assertEquals(frames.size(), mt.frames().size());
            for (int f = 0; f < frames.size(); f++) {
                assertEquals(f, frames.get(f).get("original_index").asInt());
                assertEquals(frames.get(f).get("instruction_addr").asText(),
                        "0x" + Long.toHexString(mt.frames().get(f).address()));
            }
            if (st.has("registers")) {
                Map<String, Long> regs = doc.threads().get(t).registers();
                assertEquals(st.get("registers").size(), regs.size());
                for (Iterator<Map.Entry<String, JsonNode>> it = st.get("registers").fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    assertEquals(e.getValue().asText(), "0x" + Long.toHexString(regs.get(e.getKey())), e.getKey());
                }
            }
        }

        JsonNode modules = snap.get("modules");
        assertEquals(modules.size(), model.images().size());
        for (JsonNode m : modules) {
            long addr = Long.parseUnsignedLong(m.get("image_addr").asText().substring(2), 16);
            Image img = model.images().stream().filter(i -> i.loadAddress() == addr).findFirst().orElseThrow();
            assertEquals(m.get("image_size").asLong() + 1, img.size().getAsLong());
            assertEquals(DebugId.parse(m.get("debug_id").asText()), img.id());
            assertEquals(m.get("code_file").asText(), img.path().orElseThrow());
        }
    }

    @Test
    void xcode16HeaderOnlyReportParsesWithFractionalTimestamp() throws Exception {
        // Upstream's only check for this file is that its 4-digit fractional timestamp parses.
        ParsedReport parsed = ReportCorpus.read(ReportCorpus.path("apple-crash-report-parser/fixtures/xcode16.txt"));
        assertEquals(Optional.of("2020-03-27 18:06:51.4969 -0700"), parsed.model().process().timestamp());
        assertEquals(Optional.of("TouchCanvas"), parsed.model().process().name());
        assertEquals(1052L, parsed.model().process().pid().orElseThrow());
        assertEquals(Optional.of("arm64"), parsed.model().process().arch().map(Arch::label));
    }
}
