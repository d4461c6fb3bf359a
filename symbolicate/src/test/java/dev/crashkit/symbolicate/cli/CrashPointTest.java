package dev.crashkit.symbolicate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An Xcode Organizer crash point ({@code .xccrashpoint} folder) given as REPORT: every log under
 * {@code Filters/<filter>/Logs/} is symbolicated, named by its path in the bundle, and each comes out
 * exactly as the same log given alone (whose frames {@code AppleReportsGoldenTest} checks against
 * llvm-symbolizer's goldens). The bundle's own JSON files are not reports.
 */
class CrashPointTest {
    private static final Path APPLE = Path.of("testdata/reports/apple");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Logs in bundle path order: Filter_A's two, then Filter_B's one. */
    private static final String[][] LOGS = {
            {"Filters/Filter_A/Logs/LocallySymbolicated/a-sample.crash", "sample-crash.crash"},
            {"Filters/Filter_A/Logs/b-ios.crash", "ios-arm64.crash"},
            {"Filters/Filter_B/Logs/c-fat.crash", "fat-x86_64.crash"}};

    record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter so = new StringWriter();
        StringWriter se = new StringWriter();
        int code = Main.run(new PrintWriter(so), new PrintWriter(se), args);
        return new Run(code, so.toString(), se.toString());
    }

    private static Path bundle(Path tmp) throws IOException {
        Path b = tmp.resolve("App 1.0 (1) crash.xccrashpoint");
        for (String[] log : LOGS) {
            Path to = b.resolve(log[0]);
            Files.createDirectories(to.getParent());
            Files.copy(APPLE.resolve(log[1]), to);
        }
        Files.writeString(b.resolve("PointInfo.json"), "{\"name\":\"crash point\"}");
        Files.writeString(b.resolve("Filters/Filter_A/DistributionInfo.json"), "{\"not\":\"a report\"}");
        return b;
    }

    private static String alone(String log, String format) {
        Run r = run(APPLE.resolve(log).toString(), "--format", format, "--dsym", "testdata/macho", "--no-cache");
        assertTrue(r.code() == 0 || r.code() == 1, r.err());
        return r.out();
    }

    @Test
    void everyLogOfTheBundleComesOutAsItWouldAlone(@TempDir Path tmp) throws Exception {
        Path b = bundle(tmp);
        Path out = tmp.resolve("out.crash");
        Run r = run(b.toString(), "--format", "same", "--dsym", "testdata/macho", "--no-cache", "-o", out.toString());
        assertTrue(r.code() == 0 || r.code() == 1, r.err());
        assertFalse(r.err().contains("Exception"), r.err());
        String text = Files.readString(out, StandardCharsets.UTF_8);
        List<String> sections = new ArrayList<>();
        List<String> names = new ArrayList<>();
        int at = 0;
        while (true) {
            int h = text.indexOf("==> ", at);
            if (h < 0) {
                break;
            }
            int nl = text.indexOf(" <==\n", h);
            names.add(text.substring(h + 4, nl));
            int next = text.indexOf("\n==> ", nl);
            sections.add(text.substring(nl + 5, next < 0 ? text.length() : next));
            at = next < 0 ? text.length() : next + 1;
        }
        assertEquals(LOGS.length, sections.size(), text);
        for (int i = 0; i < LOGS.length; i++) {
            assertEquals(b + " " + LOGS[i][0], names.get(i));
            assertEquals(alone(LOGS[i][1], "same"), sections.get(i), LOGS[i][0]);
        }
    }

    @Test
    void jsonIsAnArrayOfOneDocumentPerLog(@TempDir Path tmp) throws Exception {
        Path b = bundle(tmp);
        Run r = run(b.toString(), "--format", "json", "--dsym", "testdata/macho", "--no-cache");
        assertTrue(r.code() == 0 || r.code() == 1, r.err());
        JsonNode all = JSON.readTree(r.out());
        assertTrue(all.isArray(), r.out());
        assertEquals(LOGS.length, all.size());
        for (int i = 0; i < LOGS.length; i++) {
            assertEquals(JSON.readTree(alone(LOGS[i][1], "json")), all.get(i), LOGS[i][0]);
        }
    }

    @Test
    void batchTakesTheLogsOfACrashPointInAFolderAndNothingElseOfIt(@TempDir Path tmp) throws Exception {
        Path in = tmp.resolve("in");
        Path b = bundle(in);
        Files.copy(APPLE.resolve("arm64e-pac.crash"), in.resolve("loose.crash"));
        Path out = tmp.resolve("out");
        Run r = run("batch", in.toString(), "--dsym", "testdata/macho", "--no-cache", "--out", out.toString(),
                "--format", "same");
        assertTrue(r.code() == 0 || r.code() == 1, r.err() + r.out());
        JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
        assertEquals(LOGS.length + 1, summary.get("reports_done").asInt(), summary.toString());
        assertEquals(0, summary.get("reports_failed").asInt(), summary.toString());
        for (String[] log : LOGS) {
            Path written = out.resolve(b.getFileName().toString()).resolve(log[0]);
            assertEquals(alone(log[1], "same"), Files.readString(written, StandardCharsets.UTF_8), log[0]);
        }
        assertFalse(Files.exists(out.resolve(b.getFileName().toString()).resolve("PointInfo.json")));
    }

    @Test
    void aBundleWithoutLogsIsRefusedInOneLine(@TempDir Path tmp) throws Exception {
        Path b = tmp.resolve("Empty.xccrashpoint");
        Files.createDirectories(b.resolve("Filters/Filter_A/Logs"));
        Files.writeString(b.resolve("PointInfo.json"), "{}");
        Run r = run(b.toString(), "--dsym", "testdata/macho", "--no-cache");
        assertEquals(ExitCodes.INVALID_INPUT, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains(b.toString()) && r.err().contains("without logs"), r.err());
    }

    @Test
    void aPlainFolderStillPointsToBatch(@TempDir Path tmp) throws Exception {
        Run r = run(tmp.toString(), "--dsym", "testdata/macho");
        assertEquals(ExitCodes.USAGE, r.code(), r.err());
        assertTrue(r.err().contains("batch"), r.err());
    }
}
