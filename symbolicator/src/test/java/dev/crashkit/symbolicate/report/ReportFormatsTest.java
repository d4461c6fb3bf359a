package dev.crashkit.symbolicate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.crashkit.core.ReportException;
import dev.crashkit.symbolicate.formats.ReportFormats;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Format detection looks at content only, and refuses what is no crash report with a one-line message. */
class ReportFormatsTest {

    private static ReportFormat detect(String text) throws ReportException {
        return ReportFormats.detect("x", text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void detectsEachCorpusFormatWhateverTheFileName(@TempDir Path tmp) throws Exception {
        Object[][] cases = {
            {"apple-crash-report-parser/fixtures/bruno.txt", ReportFormat.APPLE_CRASH},
            {"kscrash/example-reports/Abort.json", ReportFormat.KSCRASH},
            {"sentrycrash/raw-crash.json", ReportFormat.KSCRASH},
            {"plcrashreporter/appcenter/live_report_exception.plcrash", ReportFormat.PLCRASH},
            {"sentry-crashprobe/release-arm64/Swift.json", ReportFormat.SENTRY},
            {"sentry-cocoa/tree-real.json", ReportFormat.METRICKIT},
        };
        for (Object[] c : cases) {
            Path renamed = tmp.resolve("report.ips");
            Files.copy(ReportCorpus.path((String) c[0]), renamed, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            assertEquals(c[1], ReportFormats.standard().read(renamed).format(), (String) c[0]);
        }
        Path ips = tmp.resolve("report.crash");
        Files.copy(Path.of("testdata/reports/ips/synthetic-macos-arm64.ips"), ips);
        assertEquals(ReportFormat.IPS, ReportFormats.standard().read(ips).format());
    }

    @Test
    void detectsSmallSamples() throws Exception {
        assertEquals(ReportFormat.IPS, detect("{\"bug_type\":\"309\"}\n{\"threads\":[]}"));
        assertEquals(ReportFormat.APPLE_CRASH, detect("{\"bug_type\":\"109\"}\nIncident Identifier: X\n"));
        assertEquals(ReportFormat.CRASHREPORT, detect("{\"schema\":\"crashreport/1\",\"threads\":[]}"));
        assertEquals(ReportFormat.APPLE_CRASH, detect("\uFEFFProcess: a [1]\n"));
        assertEquals(ReportFormat.METRICKIT, detect("{\"timeStampBegin\":\"t\",\"crashDiagnostics\":[]}"));
        assertEquals(ReportFormat.METRICKIT, detect(" [{\"timeStampBegin\":\"t\",\"hangDiagnostics\":[]}]"));
        assertEquals(ReportFormat.METRICKIT, detect("{\"callStacks\":[],\"callStackPerThread\":true}"));
        assertEquals(ReportFormat.METRICKIT, detect("{\"diagnosticMetaData\":{},\"callStackTree\":{}}"));
    }

    /** crashreport/1 is parsed once for detection and reading: same reports, same errors as two passes. */
    @Test
    void crashReportParsedOnceReadsAsTwoPasses() {
        String ok = "{\"schema\":\"crashreport/1\",\"images\":[{\"name\":\"a\",\"uuid\":"
                + "\"4C4C447D-5555-3144-A1C5-5335E981ED00\",\"load_address\":\"0x1000\"}],"
                + "\"threads\":[{\"frames\":[\"0x1010\",{\"address\":\"0x1020\",\"trust\":\"cfi\"}]}]}";
        String[] inputs = {
            ok, ok + "\n", "  " + ok, ok.replace("]}]}", "],}]}"), // a trailing comma: detection takes it, the reader not
            ok.replace("{\"schema\"", "{\"bug_type\":\"309\",\"schema\""),
            ok.replace("\"schema\":\"crashreport/1\"", "\"schema\":1,\"format\":\"crashreport/1\""),
            ok.replace("\"schema\":\"crashreport/1\"", "\"schema\":\"crashreport/2\""),
            ok.replace("\"schema\":\"crashreport/1\"", "\"schema\":\"x\",\"note\":\"crashreport/1\""),
            ok.replace("\"name\":\"a\",", "\"name\":\"a\",\"name\":\"b\","), // duplicate key
            ok.replace("0x1010", "0xZZ"), ok.replace("0x1020", "zz"), ok.replace("\"0x1000\"", "true"),
            ok.replace("4C4C447D-5555-3144-A1C5-5335E981ED00", "4C4C447D-5555-3144-A1C5-5335E981ED0G"),
            ok.replace("\"load_address\":\"0x1000\"", "\"size\":\"0x1\""), ok.substring(0, 60),
            "{\"schema\":\"crashreport/1\"}", "{\"schema\":\"crashreport/1\",\"images\":[],\"threads\":[1]}",
            "{\"bug_type\":\"309\"}\n" + ok, "{\"b\\u0075g_type\":\"309\"}\n" + ok,
        };
        for (String in : inputs) {
            assertEquals(null, TwoPassReading.difference("x", in.getBytes(StandardCharsets.UTF_8)), in);
        }
    }

    @Test
    void refusals() {
        assertEquals("x: empty file", assertThrows(ReportException.class, () -> detect("")).getMessage());
        assertEquals("x: not a crash report (unknown format)",
                assertThrows(ReportException.class, () -> detect("hello world\n")).getMessage());
        assertEquals("x: not a crash report (JSON without known top-level keys)",
                assertThrows(ReportException.class, () -> detect("{\"a\":1}")).getMessage());
        assertEquals("x: not a crash report (unknown format)",
                assertThrows(ReportException.class, () -> detect("[1,2]")).getMessage());
        ReportException e = assertThrows(ReportException.class, () -> detect("{\"a\":"));
        assertEquals(true, e.getMessage().startsWith("x: invalid JSON in report at line 1"), e.getMessage());
    }

    @Test
    void deepNestingIsAReportException() {
        String deep = "{\"a\":".repeat(20000) + "1" + "}".repeat(20000);
        ReportException e = assertThrows(ReportException.class, () -> detect(deep));
        assertEquals(true, e.getMessage().startsWith("x: invalid JSON in report"), e.getMessage());
    }

    @Test
    void extraReaderForAFormat() throws Exception {
        ReportReader fake = new ReportReader() {
            @Override
            public ReportFormat format() {
                return ReportFormat.CRASHREPORT;
            }

            @Override
            public ParsedReport read(String source, byte[] data) throws ReportException {
                throw new ReportException(source + ": seen");
            }
        };
        byte[] data = "{\"schema\":\"crashreport/1\"}".getBytes(StandardCharsets.UTF_8);
        assertEquals("c: no reader for crashreport reports", assertThrows(ReportException.class,
                () -> new ReportFormats(java.util.List.of()).read("c", data)).getMessage());
        assertEquals("c: seen",
                assertThrows(ReportException.class, () -> ReportFormats.standard().with(fake).read("c", data)).getMessage());
    }

    @Test
    void ownCrashReportJsonThroughTheLeadsReader() throws Exception {
        Path p = Path.of("testdata/reports/sample-crash.json");
        org.junit.jupiter.api.Assertions.assertTrue(Files.isRegularFile(p), "missing " + p);
        ParsedReport parsed = ReportFormats.standard().read(p);
        assertEquals(ReportFormat.CRASHREPORT, parsed.format());
        assertEquals(dev.crashkit.core.crashreport.CrashReportJson.read(Files.readString(p), "x"),
                parsed.model());
    }

    @Test
    void missingFileIsAReportException(@TempDir Path tmp) {
        Path missing = tmp.resolve("nope.crash");
        ReportException e = assertThrows(ReportException.class, () -> ReportFormats.standard().read(missing));
        assertEquals(true, e.getMessage().startsWith(missing + ": cannot read report"), e.getMessage());
    }
}
