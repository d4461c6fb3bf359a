package dev.crashkit.symbolicator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.model.Trust;
import dev.crashkit.testkit.TestData;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A minidump through the facade: walked without any flag when symbolicated, trust in the JSON and
 * text outputs, and without its binary only the registers' frame per thread, with a warning.
 */
class MinidumpSymbolicationTest {

    @Test
    void walkedWhenSymbolicatedWithTrustInBothOutputs() throws Exception {
        try (Symbolicator s = Symbolicator.open(SymbolicatorConfig.defaults()
                .withDebugFiles(List.of(TestData.file("minidump/crashy"))))) {
            Report report = Report.read(TestData.file("minidump/crashy.dmp"), InputLimits.defaults());
            assertEquals("minidump", report.format());
            assertEquals(1, report.model().threads().get(0).frames().size(), "read: only the context's frame");
            Symbolication result = s.symbolicate(report);
            assertTrue(result.report().model().threads().get(0).frames().size() > 3);
            StringWriter json = new StringWriter();
            result.write(OutputFormat.JSON, json);
            assertTrue(json.toString().contains("\"trust\" : \"cfi\""), json.toString());
            assertTrue(json.toString().contains("\"trust\" : \"scan\""));
            StringWriter text = new StringWriter();
            result.write(OutputFormat.TEXT, text);
            assertTrue(text.toString().contains("SIGSEGV"), text.toString());
            assertTrue(text.toString().contains("crash_here"));
            assertTrue(text.toString().contains("[scan]"));
            // Walking the walked report again changes nothing.
            assertEquals(result.report().model(), s.walked(result.report()).model());
        }
    }

    @Test
    void withoutTheBinaryThreadsAreWalkedByScanningTheModules() throws Exception {
        List<String> said = new ArrayList<>();
        try (Symbolicator s = Symbolicator.open(SymbolicatorConfig.defaults()
                .withDiagnostics(DiagnosticSink.all(said::add)))) {
            Symbolication result = s.symbolicate(Report.read(TestData.file("minidump/crashy.dmp"), InputLimits.defaults()));
            // No CFI: past the registers' frame only frame records and scanned words of the modules' ranges.
            result.report().model().threads().forEach(t -> {
                assertTrue(t.frames().size() > 1);
                t.frames().stream().skip(1).forEach(f -> assertTrue(f.trust().orElseThrow() == Trust.SCAN
                        || f.trust().orElseThrow() == Trust.FP, f.toString()));
            });
            assertTrue(said.stream().anyMatch(m -> m.contains("crashy.dmp: no binary of the report's modules")), said.toString());
        }
    }
}
