package dev.crashkit.symbolicate.report.applecrash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Image;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.SyntheticResults;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** macOS 12 text layout: TAB separators, double colons, dashed UUIDs, images without arch. */
class AppleCrashMacos12Test {

    private static final Path FILE = Path.of("testdata/reports/crash/synthetic-macos12-tabs.crash");

    @Test
    void parsesAndRewrites() throws Exception {
        assertTrue(Files.isRegularFile(FILE), "missing " + FILE);
        ParsedReport p = ReportFormats.standard().read(FILE);
        CrashReport m = p.model();
        AppleCrashDocument doc = (AppleCrashDocument) p.document();
        assertEquals(2, m.threads().size());
        assertEquals(Optional.of("Dispatch queue: com.apple.main-thread"), m.threads().get(0).name());
        assertTrue(m.threads().get(0).crashed());
        assertEquals(Optional.of("worker"), m.threads().get(1).name());
        assertEquals(List.of(0x102f5ff34L, 0x102f5ff60L, 0x1a2b3c938L),
                m.threads().get(0).frames().stream().map(f -> f.address()).toList());
        assertEquals("Demo", doc.threads().get(0).frames().get(0).module());
        assertEquals(0x102f5c000L, doc.threads().get(0).frames().get(0).loadAddress().orElseThrow());
        assertEquals("main", p.document().presetSymbol(0, 1).orElseThrow().name());
        assertEquals(0x92000006L, doc.threads().get(0).registers().get("esr"));
        assertEquals(0x10L, doc.threads().get(0).registers().get("far"));
        assertEquals(9, doc.threads().get(0).registers().size()); // x0 x1 fp lr sp pc cpsr far esr

        assertEquals(3, m.images().size());
        Image app = m.images().get(0);
        assertEquals("dev.crashkit.Demo", app.name());
        assertEquals(Optional.empty(), app.arch());
        assertEquals(Optional.of("1.0"), doc.images().get(0).version());
        assertEquals(DebugId.parse("6AE1ABF4-20F1-3F44-A1AD-D3A11F9C0D86"), app.id());
        assertEquals(0x4000L, app.size().orElseThrow());
        assertEquals("dyld", m.images().get(1).name());
        assertEquals(Optional.of("*"), doc.images().get(1).version());

        var crash = m.crash().orElseThrow();
        assertEquals(0L, crash.thread().orElseThrow());
        assertEquals(0x10L, crash.address().orElseThrow());
        assertEquals(Optional.of("arm64"), m.process().arch().map(Arch::label));

        String out = AppleCrashWriter.write(doc, SyntheticResults.with(SyntheticResults.noDebugFiles(m), 0,
                List.of(SyntheticResults.named(0, 0x102f5ff34L, "crash()", 8, "/src/main.c", 3, false))));
        String in = Files.readString(FILE, StandardCharsets.UTF_8);
        assertEquals(in.replace("0x102f5ff34 0x102f5c000 + 16180", "0x102f5ff34 crash() + 8 (main.c:3)"), out);

        // The exception backtrace is a pseudo-thread; its symbolication rewrites its own lines.
        var exc = p.document().exceptionBacktrace().orElseThrow();
        assertEquals(List.of(0x1a2b40990L, 0x102f5ff00L), exc.frames().stream().map(f -> f.address()).toList());
        var excResult = new dev.crashkit.symbolicate.symbolize.SymbolicatedThread(exc, List.of(
                SyntheticResults.named(1, 0x102f5ff00L, "-[Demo throw]", 12, "/src/Demo.m", 40, false)));
        String out2 = AppleCrashWriter.write(doc, SyntheticResults.noDebugFiles(m), Optional.of(excResult));
        assertEquals(in.replace("0x102f5ff00 0x102f5c000 + 16128", "0x102f5ff00 -[Demo throw] + 12 (Demo.m:40)"), out2);
        assertEquals(m, ReportFormats.standard().read("out.crash", out2.getBytes(StandardCharsets.UTF_8)).model());

        // CrashSymbolicator style, as in Xcode's output "0x10e311e45 -[MyClass crashingMethod] (in CrashingTest) (main.m:21)".
        String out3 = AppleCrashWriter.write(doc, SyntheticResults.with(SyntheticResults.noDebugFiles(m), 0, List.of(
                        SyntheticResults.named(0, 0x102f5ff34L, "crash()", 8, "/src/main.c", 3, false),
                        SyntheticResults.named(2, 0x1a2b3c938L, "start", 2360, null, 0, false))),
                Optional.empty(), AppleCrashWriter.Style.CRASH_SYMBOLICATOR);
        assertEquals(in.replace("0x102f5ff34 0x102f5c000 + 16180", "0x102f5ff34 crash() (in img) (main.c:3)")
                .replace("0x1a2b3c938 start + 2360", "0x1a2b3c938 start (in img) + 2360"), out3);
        ParsedReport back = ReportFormats.standard().read("out3.crash", out3.getBytes(StandardCharsets.UTF_8));
        assertEquals(SyntheticResults.withoutReportedNames(m), SyntheticResults.withoutReportedNames(back.model()));
        assertEquals("crash()", back.document().presetSymbol(0, 0).orElseThrow().name());
        assertEquals("start", back.document().presetSymbol(0, 2).orElseThrow().name());
    }
}
