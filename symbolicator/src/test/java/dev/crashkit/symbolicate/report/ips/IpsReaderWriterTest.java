package dev.crashkit.symbolicate.report.ips;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.core.ReportException;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashInfo;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.report.JsonTrees;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.PresetSymbol;
import dev.crashkit.symbolicate.report.ReportFormat;
import dev.crashkit.symbolicate.report.SyntheticResults;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The .ips reader, its round trip and its symbolicating writer, on a synthetic report. */
class IpsReaderWriterTest {

    private static final Path FILE = Path.of("testdata/reports/ips/synthetic-macos-arm64.ips");
    // Numbers as written in the file.
    private static final long DEMO_BASE = 4294967296L;
    private static final long DYLD_BASE = 6444023808L;
    private static final long KERNEL_BASE = 6445293568L;

    private static ParsedReport read() throws Exception {
        assertTrue(Files.isRegularFile(FILE), "missing " + FILE);
        return ReportFormats.standard().read(FILE);
    }

    @Test
    void readsModel() throws Exception {
        ParsedReport p = read();
        assertEquals(ReportFormat.IPS, p.format());
        CrashReport m = p.model();
        assertEquals(Optional.of("Demo"), m.process().name());
        assertEquals(4242L, m.process().pid().orElseThrow());
        assertEquals(Optional.of("arm64"), m.process().arch().map(Arch::label));
        assertEquals(Optional.of("macOS 14.4 (23E214)"), m.process().os());

        assertEquals(4, m.images().size());
        Image demo = m.images().get(0);
        assertEquals("Demo", demo.name());
        assertEquals(DEMO_BASE, demo.loadAddress());
        assertEquals(32768L, demo.size().orElseThrow());
        assertEquals(DebugId.parse("6AE1ABF4-20F1-3F44-A1AD-D3A11F9C0D86"), demo.id());
        assertEquals(Optional.of("arm64e"), m.images().get(1).arch().map(Arch::label));
        assertTrue(m.images().get(3).id().orElseThrow().isZero());
        assertTrue(m.images().get(3).size().isEmpty());

        assertEquals(2, m.threads().size());
        ThreadTrace t0 = m.threads().get(0);
        assertEquals(0L, t0.id());
        assertEquals(1, m.threads().get(1).id());
        assertTrue(t0.crashed());
        assertEquals(List.of(DEMO_BASE + 16180, DEMO_BASE + 16224, DYLD_BASE + 24800),
                t0.frames().stream().map(f -> f.address()).toList());
        assertEquals(List.of(false, true, true), t0.frames().stream().map(f -> f.returnAddress()).toList());
        ThreadTrace t1 = m.threads().get(1);
        assertFalse(t1.crashed());
        assertEquals(Optional.of("worker"), t1.name());
        assertEquals(List.of(KERNEL_BASE + 14724, DEMO_BASE + 20000, 8000L),
                t1.frames().stream().map(f -> f.address()).toList());

        CrashInfo c = m.crash().orElseThrow();
        assertEquals(Optional.of("EXC_BAD_ACCESS (SIGSEGV)"), c.signal());
        assertEquals(0L, c.address().orElseThrow());
        assertEquals(0L, c.thread().orElseThrow());
        assertEquals(Optional.of("abort() called"), c.reason());

        assertEquals(Optional.of("com.apple.main-thread"), p.document().queue(0));
        var regs = p.document().registers(0);
        assertEquals(List.of("x0", "x1", "x2", "lr", "cpsr", "fp", "sp", "esr", "pc", "far"), List.copyOf(regs.keySet()));
        assertEquals(6171092816L, regs.get("x2"));
        assertEquals(2449473542L, regs.get("esr"));
        assertEquals(4294983476L, regs.get("pc"));
        assertTrue(p.document().registers(1).isEmpty());
        assertEquals(Optional.empty(), p.document().presetSymbol(0, 0));
        assertEquals(Optional.of(PresetSymbol.of("main", 44)), p.document().presetSymbol(0, 1));
        PresetSymbol helper = p.document().presetSymbol(1, 1).orElseThrow();
        assertEquals(Optional.of("helper.c"), helper.file());
        assertEquals(7, helper.line().orElseThrow());
    }

    @Test
    void roundTripWithoutDebugFilesKeepsHeaderBytesAndJsonTree() throws Exception {
        ParsedReport p = read();
        IpsDocument doc = (IpsDocument) p.document();
        String out = IpsWriter.write(doc, SyntheticResults.noDebugFiles(p.model()));
        String in = Files.readString(FILE, StandardCharsets.UTF_8);
        assertEquals(in.substring(0, in.indexOf('\n')), out.substring(0, out.indexOf('\n')), "header line");
        JsonNode inBody = JsonTrees.mapper().readTree(in.substring(in.indexOf('\n') + 1));
        JsonNode outBody = JsonTrees.mapper().readTree(out.substring(out.indexOf('\n') + 1));
        assertEquals(inBody, outBody);
        ParsedReport again = ReportFormats.standard().read("out.ips", out.getBytes(StandardCharsets.UTF_8));
        assertEquals(p.model(), again.model());
    }

    @Test
    void writerFillsSymbolsAndInlinedFrames() throws Exception {
        ParsedReport p = read();
        IpsDocument doc = (IpsDocument) p.document();
        long pc = DEMO_BASE + 16180;
        SymbolicatedReport r = SyntheticResults.with(SyntheticResults.noDebugFiles(p.model()), 0, List.of(
                SyntheticResults.named(0, pc, "inlinedHelper()", 4, "/src/helper.h", 3, true),
                SyntheticResults.named(0, pc, "crashingFunction", 20, "/src/main.c", 12, false)));
        String out = IpsWriter.write(doc, r);
        JsonNode body = JsonTrees.mapper().readTree(out.substring(out.indexOf('\n') + 1));
        JsonNode frames = body.get("threads").get(0).get("frames");
        assertEquals(4, frames.size());
        JsonNode inl = frames.get(0);
        assertTrue(inl.get("inline").asBoolean());
        assertEquals("inlinedHelper()", inl.get("symbol").asText());
        assertEquals(16180, inl.get("imageOffset").asLong());
        assertEquals(0, inl.get("imageIndex").asInt());
        assertEquals("helper.h", inl.get("sourceFile").asText());
        assertEquals(3, inl.get("sourceLine").asInt());
        assertEquals(4, inl.get("symbolLocation").asInt());
        JsonNode concrete = frames.get(1);
        assertFalse(concrete.has("inline"));
        assertEquals("crashingFunction", concrete.get("symbol").asText());
        assertEquals(20, concrete.get("symbolLocation").asLong());
        assertEquals("main.c", concrete.get("sourceFile").asText());
        assertEquals(12, concrete.get("sourceLine").asInt());
        assertEquals("main", frames.get(2).get("symbol").asText());

        // Still a valid .ips for our reader (and so for tools reading the same fields): same frames.
        ParsedReport again = ReportFormats.standard().read("out.ips", out.getBytes(StandardCharsets.UTF_8));
        assertEquals(SyntheticResults.withoutReportedNames(p.model()), SyntheticResults.withoutReportedNames(again.model()));
        assertEquals(Optional.of("crashingFunction"),
                again.model().threads().get(0).frames().get(0).reported().orElseThrow().symbol());
        assertEquals("crashingFunction", again.document().presetSymbol(0, 0).orElseThrow().name());
        // Symbolicating the output again replaces its inlined frames instead of stacking more.
        assertEquals(out, IpsWriter.write((IpsDocument) again.document(), r));
    }

    @Test
    void lastExceptionBacktraceIsAPseudoThreadTheWriterRewrites() throws Exception {
        ParsedReport p = read();
        var exc = p.document().exceptionBacktrace().orElseThrow();
        assertEquals(List.of(DEMO_BASE + 16100, DEMO_BASE + 16224), exc.frames().stream().map(f -> f.address()).toList());
        var excResult = new dev.crashkit.symbolicate.symbolize.SymbolicatedThread(exc, List.of(
                SyntheticResults.named(0, DEMO_BASE + 16100, "-[Demo throw]", 4, "/src/Demo.m", 40, false)));
        String out = IpsWriter.write((IpsDocument) p.document(), SyntheticResults.noDebugFiles(p.model()),
                Optional.of(excResult));
        JsonNode body = JsonTrees.mapper().readTree(out.substring(out.indexOf('\n') + 1));
        JsonNode last = body.get("lastExceptionBacktrace");
        assertEquals(2, last.size());
        assertEquals("-[Demo throw]", last.get(0).get("symbol").asText());
        assertEquals(4, last.get(0).get("symbolLocation").asInt());
        assertEquals("Demo.m", last.get(0).get("sourceFile").asText());
        assertFalse(last.get(1).has("symbol"));
        assertEquals(body.get("threads"), JsonTrees.mapper().readTree(
                Files.readString(FILE).substring(Files.readString(FILE).indexOf('\n') + 1)).get("threads"));
    }

    @Test
    void onlyInlinedEntriesKeepTheConcreteFrame() throws Exception {
        ParsedReport p = read();
        long pc = DEMO_BASE + 16180;
        SymbolicatedReport r = SyntheticResults.with(SyntheticResults.noDebugFiles(p.model()), 0, List.of(
                SyntheticResults.named(0, pc, "inlinedHelper()", 4, "/src/helper.h", 3, true)));
        String out = IpsWriter.write((IpsDocument) p.document(), r);
        ParsedReport again = ReportFormats.standard().read("out.ips", out.getBytes(StandardCharsets.UTF_8));
        assertEquals(p.model(), again.model());
    }

    @Test
    void otherBugTypesAreRefused() {
        String text = "{\"bug_type\":\"288\",\"name\":\"stackshot\"}\n{\"threads\":[]}\n";
        ReportException e = assertThrows(ReportException.class,
                () -> ReportFormats.standard().read("hang.ips", text.getBytes(StandardCharsets.UTF_8)));
        assertEquals("hang.ips: not a crash report (bug_type 288)", e.getMessage());
    }

    @Test
    void badImageIndexNamesFileAndFrame() {
        String text = "{\"bug_type\":\"309\"}\n{\"threads\":[{\"frames\":[{\"imageIndex\":5,\"imageOffset\":1}]}],"
                + "\"usedImages\":[]}";
        ReportException e = assertThrows(ReportException.class,
                () -> ReportFormats.standard().read("x.ips", text.getBytes(StandardCharsets.UTF_8)));
        assertEquals("x.ips: threads[0].frames[0] imageIndex 5 out of range (0 usedImages)", e.getMessage());
    }
}
