package dev.crashkit.symbolicate.report.applecrash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.PresetSymbol;
import dev.crashkit.symbolicate.report.ReportCorpus;
import dev.crashkit.symbolicate.report.ReportFormat;
import dev.crashkit.symbolicate.report.SyntheticResults;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Round trip and symbolicating writer for Apple legacy text reports. */
class AppleCrashWriterTest {

    /** Every Apple-style text report of the corpus, including KSCrash's text renderings. */
    static List<Path> textReports() throws Exception {
        List<Path> all = new ArrayList<>(ReportCorpus.files("apple-crash-report-parser/fixtures", ".txt"));
        all.addAll(ReportCorpus.files("kscrash/example-reports", ".txt"));
        all.add(ReportCorpus.path("symbolicator/apple_crash_report.txt"));
        return all;
    }

    @Test
    void roundTripWithoutDebugFilesIsByteIdentical() throws Exception {
        List<Path> files = textReports();
        assertEquals(16, files.size());
        for (Path p : files) {
            byte[] in = Files.readAllBytes(p);
            ParsedReport parsed = ReportFormats.standard().read(p);
            assertEquals(ReportFormat.APPLE_CRASH, parsed.format(), p.toString());
            String out = AppleCrashWriter.write((AppleCrashDocument) parsed.document(),
                    SyntheticResults.noDebugFiles(parsed.model()));
            assertEquals(new String(in, StandardCharsets.UTF_8), out, p.toString());
        }
    }

    @Test
    void rewritesOnlyNamedFrameLines() throws Exception {
        Path p = ReportCorpus.path("apple-crash-report-parser/fixtures/handcrafted.txt");
        ParsedReport parsed = ReportFormats.standard().read(p);
        long pc = parsed.model().threads().get(0).frames().get(10).address();
        SymbolicatedReport r = SyntheticResults.with(SyntheticResults.noDebugFiles(parsed.model()), 0, List.of(
                SyntheticResults.named(10, pc, "inlined()", 3, "/src/Inl.h", 5, true),
                SyntheticResults.named(10, pc, "-[Game tick:]", 43, "/src/Game.m", 120, false)));
        String out = AppleCrashWriter.write((AppleCrashDocument) parsed.document(), r);

        List<String> in = Files.readAllLines(p, StandardCharsets.UTF_8);
        List<String> got = out.lines().toList();
        assertEquals(in.size() + 1, got.size());
        int at = in.indexOf("10  YetAnotherMac                       0x0000000108b7092b 0x10864e000 + 5384491");
        assertTrue(at > 0);
        assertEquals(in.subList(0, at), got.subList(0, at));
        assertEquals("10  YetAnotherMac                       0x0000000108b7092b inlined() (Inl.h:5)", got.get(at));
        assertEquals("10  YetAnotherMac                       0x0000000108b7092b -[Game tick:] + 43 (Game.m:120)",
                got.get(at + 1));
        assertEquals(in.subList(at + 1, in.size()), got.subList(at + 2, got.size()));

        // Reading the output back: same frames, the new name now as the report's own symbol.
        ParsedReport again = ReportFormats.standard().read("out.crash", out.getBytes(StandardCharsets.UTF_8));
        assertEquals(SyntheticResults.withoutReportedNames(parsed.model()),
                SyntheticResults.withoutReportedNames(again.model()));
        assertEquals(Optional.of("-[Game tick:]"),
                again.model().threads().get(0).frames().get(10).reported().orElseThrow().symbol());
        PresetSymbol s = again.document().presetSymbol(0, 10).orElseThrow();
        assertEquals("-[Game tick:]", s.name());
        assertEquals(43L, s.offset().orElseThrow());
        assertEquals(Optional.of("Game.m"), s.file());
        assertEquals(120, s.line().orElseThrow());
        // Symbolicating the output again replaces the inlined line instead of adding another.
        assertEquals(out, AppleCrashWriter.write((AppleCrashDocument) again.document(), r));
    }

    @Test
    void onlyInlinedEntriesKeepTheFrameLine() throws Exception {
        Path p = ReportCorpus.path("apple-crash-report-parser/fixtures/handcrafted.txt");
        ParsedReport parsed = ReportFormats.standard().read(p);
        long pc = parsed.model().threads().get(0).frames().get(10).address();
        String out = AppleCrashWriter.write((AppleCrashDocument) parsed.document(), SyntheticResults.with(
                SyntheticResults.noDebugFiles(parsed.model()), 0,
                List.of(SyntheticResults.named(10, pc, "inlined()", 3, "/src/Inl.h", 5, true))));
        assertEquals(parsed.model(), ReportFormats.standard().read("o", out.getBytes(StandardCharsets.UTF_8)).model());
        assertTrue(out.contains("0x0000000108b7092b inlined() (Inl.h:5)\n10  YetAnotherMac"), out);
    }

    @Test
    void textWithIpsHeaderLine() throws Exception {
        Path p = ReportCorpus.path("apple-crash-report-parser/fixtures/handcrafted.txt");
        String header = "{\"app_name\":\"YetAnotherMac\",\"bug_type\":\"109\",\"os_version\":\"Mac OS X 10.14.0 (18A391)\"}";
        String text = header + "\n" + ReportCorpus.text(p);
        ParsedReport withHeader = ReportFormats.standard().read("h.crash", text.getBytes(StandardCharsets.UTF_8));
        ParsedReport plain = ReportFormats.standard().read(p);
        assertEquals(ReportFormat.APPLE_CRASH, withHeader.format());
        assertEquals(Optional.of(header), ((AppleCrashDocument) withHeader.document()).ipsHeader());
        assertEquals(plain.model(), withHeader.model());
        assertEquals(text, AppleCrashWriter.write((AppleCrashDocument) withHeader.document(),
                SyntheticResults.noDebugFiles(withHeader.model())));
    }

    @Test
    void textWithHeaderOfAnotherBugTypeIsRefused() throws Exception {
        String text = "{\"bug_type\":\"288\"}\n" + ReportCorpus.text(ReportCorpus.path(
                "apple-crash-report-parser/fixtures/handcrafted.txt"));
        var e = org.junit.jupiter.api.Assertions.assertThrows(dev.crashkit.core.ReportException.class,
                () -> ReportFormats.standard().read("hang.txt", text.getBytes(StandardCharsets.UTF_8)));
        assertEquals("hang.txt: not a crash report (bug_type 288)", e.getMessage());
    }

    @Test
    void crlfLineEndingsSurvive() throws Exception {
        Path p = ReportCorpus.path("apple-crash-report-parser/fixtures/handcrafted.txt");
        String crlf = ReportCorpus.text(p).replace("\n", "\r\n");
        ParsedReport parsed = ReportFormats.standard().read("crlf.crash", crlf.getBytes(StandardCharsets.UTF_8));
        assertEquals(ReportFormats.standard().read(p).model(), parsed.model());
        long pc = parsed.model().threads().get(1).frames().get(0).address();
        String out = AppleCrashWriter.write((AppleCrashDocument) parsed.document(), SyntheticResults.with(
                SyntheticResults.noDebugFiles(parsed.model()), 1, List.of(
                        SyntheticResults.named(0, pc, "__pthread_kill", 10, null, 0, false))));
        assertTrue(out.contains("0x00007fff61bc85be __pthread_kill + 10\r\n"), out);
        assertEquals(crlf.split("\r\n", -1).length, out.split("\r\n", -1).length);
    }
}
