package dev.crashkit.symbolicate.report.applecrash;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.PresetSymbol;
import dev.crashkit.symbolicate.report.ReportCorpus;
import dev.crashkit.symbolicate.report.ReportFormat;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Parses getsentry/apple-crash-report-parser's fixtures and compares every thread, frame, register,
 * binary image and header field with that project's insta snapshots of the same files.
 */
class AppleCrashSnapshotTest {

    @ParameterizedTest
    @ValueSource(strings = {"XCDYouTubeKit-54", "bruno", "handcrafted", "spaces"})
    void matchesUpstreamSnapshot(String name) throws Exception {
        ParsedReport parsed = ReportCorpus.read(ReportCorpus.path("apple-crash-report-parser/fixtures/" + name + ".txt"));
        JsonNode snap = ReportCorpus.snapshot(ReportCorpus.path(
                "apple-crash-report-parser/snapshots/test_snapshots__" + name + ".snap"));
        assertEquals(ReportFormat.APPLE_CRASH, parsed.format());
        AppleCrashDocument doc = (AppleCrashDocument) parsed.document();
        CrashReport model = parsed.model();

        JsonNode threads = snap.get("threads");
        assertEquals(threads.size(), model.threads().size(), "thread count");
        for (int t = 0; t < threads.size(); t++) {
            JsonNode st = threads.get(t);
            ThreadTrace mt = model.threads().get(t);
            String where = name + " thread " + t;
            assertEquals(st.get("id").asLong(), mt.id(), where);
            assertEquals(st.get("crashed").asBoolean(), mt.crashed(), where + " crashed");
            assertEquals(Optional.ofNullable(st.get("name")).map(JsonNode::asText), mt.name(), where + " name");
            JsonNode frames = st.get("frames");
            assertEquals(frames.size(), mt.frames().size(), where + " frame count");
            for (int f = 0; f < frames.size(); f++) {
                JsonNode sf = frames.get(f);
                Frame mf = mt.frames().get(f);
                FrameLine fl = doc.threads().get(t).frames().get(f);
                String fw = where + " frame " + f;
                assertEquals(sf.get("instruction_addr").asText(), "0x" + Long.toHexString(mf.address()), fw);
                assertEquals(f > 0, mf.returnAddress(), fw);
                if (sf.has("module")) {
                    assertEquals(sf.get("module").asText(), fl.module(), fw + " module");
                }
                Optional<PresetSymbol> sym = parsed.document().presetSymbol(t, f);
                assertEquals(Optional.ofNullable(sf.get("symbol")).map(JsonNode::asText),
                        sym.map(PresetSymbol::name), fw + " symbol");
                if (sf.has("filename")) {
                    assertEquals(sf.get("filename").asText(), sym.flatMap(PresetSymbol::file).orElseThrow(), fw);
                    assertEquals(sf.get("lineno").asInt(), sym.orElseThrow().line().orElseThrow(), fw);
                }
            }
            if (st.has("registers")) {
                Map<String, Long> regs = doc.threads().get(t).registers();
                assertEquals(st.get("registers").size(), regs.size(), where + " register count");
                for (Iterator<Map.Entry<String, JsonNode>> it = st.get("registers").fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    assertEquals(e.getValue().asText(), "0x" + Long.toHexString(regs.get(e.getKey())), e.getKey());
                }
            }
        }

        JsonNode images = snap.get("binary_images");
        assertEquals(images.size(), model.images().size(), "image count");
        for (int i = 0; i < images.size(); i++) {
            JsonNode si = images.get(i);
            Image mi = model.images().get(i);
            ImageLine il = doc.images().get(i);
            String where = name + " image " + i;
            assertEquals(si.get("addr").asText(), "0x" + Long.toHexString(mi.loadAddress()), where);
            // The upstream parser stores end - start; the end address is inclusive, so our size is one more.
            assertEquals(si.get("size").asLong() + 1, mi.size().getAsLong(), where + " size");
            assertEquals(DebugId.parse(si.get("uuid").asText()), mi.id(), where + " uuid");
            assertEquals(si.get("name").asText(), mi.name(), where + " name");
            assertEquals(si.get("path").asText(), mi.path().orElse(""), where + " path");
            assertEquals(Optional.ofNullable(si.get("arch")).map(a -> a.asText().replace("(", "").replace(")", "")),
                    mi.arch().map(Arch::label), where + " arch");
            assertEquals(Optional.ofNullable(si.get("version")).map(JsonNode::asText), il.version(), where + " version");
        }

        JsonNode meta = snap.get("metadata");
        for (Iterator<Map.Entry<String, JsonNode>> it = meta.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            assertEquals(e.getValue().asText(), doc.header().get(e.getKey()), "header " + e.getKey());
        }
        if (snap.has("application_specific_information")) {
            assertEquals(snap.get("application_specific_information").asText(),
                    doc.header().get("Application Specific Information"));
        }
        if (snap.has("code_type")) {
            assertEquals(snap.get("code_type").asText(), doc.header().get("Code Type"));
        }
        if (doc.header().containsKey("Report Version")) {
            assertEquals(snap.get("report_version").asText(), doc.header().get("Report Version"));
        }
        String incident = doc.header().getOrDefault("Incident Identifier", "00000000-0000-0000-0000-000000000000");
        assertEquals(snap.get("incident_identifier").asText(), incident.toLowerCase(java.util.Locale.ROOT));
        if (snap.has("path")) {
            assertEquals(snap.get("path").asText(), doc.header().get("Path"));
        }
    }
}
