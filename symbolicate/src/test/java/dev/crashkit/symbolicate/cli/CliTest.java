package dev.crashkit.symbolicate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CliTest {
    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void sampleReportSymbolicatesAndReportsMissingSystemDebugFiles() {
        Run r = run("testdata/reports/sample-crash.json", "--dsym", "testdata/macho", "--no-cache");
        assertEquals(ExitCodes.MISSING_DEBUG_FILES, r.code(), r.err());
        assertTrue(r.out().contains("Thread 0 Crashed:"), r.out());
        // callStackSymbols layout: index in 4, image in 35, then the address in 16 hex digits.
        assertTrue(r.out().contains("0   App                                 0x000000010f088880 ck_crash_null + 0"), r.out());
        assertTrue(r.out().contains("3   dyld                                0x000000018e375a3c 0x18e370000 + 23100"), r.out());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void jsonOutputFollowsTheSchema(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("out.json");
        Run r = run("testdata/reports/sample-crash.json", "--dsym", "testdata/macho", "--no-cache", "--format", "json", "-o", out.toString());
        assertEquals(ExitCodes.MISSING_DEBUG_FILES, r.code(), r.err());
        JsonNode root = new ObjectMapper().readTree(out.toFile());
        assertEquals("symbolicated/1", root.path("schema").asText());
        JsonNode f0 = root.path("threads").get(0).path("frames").get(0);
        assertEquals("ck_crash_null", f0.path("mangled").asText());
        assertEquals("symbolicated", f0.path("status").asText());
        assertEquals("0x10f088880", f0.path("address").asText());
        // app.c:27 is what llvm-symbolizer says for this address (testdata/macho/golden/App-arm64.dsym-symbolizer.txt).
        assertTrue(f0.path("file").asText().endsWith("/app.c"), f0.toString());
        assertEquals(27, f0.path("line").asInt());
        assertEquals("dwarf", f0.path("source").asText());
        assertEquals("ok", root.path("images").get(0).path("status").asText());
    }

    @Test
    void allImagesMatchedGivesZero() {
        Run r = run("testdata/reports/fat-x86_64.json", "--dsym", "testdata/macho", "--no-cache");
        assertEquals(ExitCodes.OK, r.code(), r.err());
        assertTrue(r.out().contains("[ok: testdata/macho/App-fat.dSYM"), r.out());
    }

    @Test
    void unwinderTrustLabelsShowInTextAndJson(@TempDir Path dir) throws IOException {
        String report = Files.readString(Path.of("testdata/reports/sample-crash.json"))
                .replace("\"0x10f088a8c\"", "{\"address\": \"0x10f088a8c\", \"trust\": \"cfi\"}");
        Path in = Files.writeString(dir.resolve("trust.json"), report);
        Run text = run(in.toString(), "--dsym", "testdata/macho", "--no-cache");
        assertTrue(text.out().contains("ck_dispatch + 100 (app.c:61) [cfi]"), text.out());
        Run json = run(in.toString(), "--dsym", "testdata/macho", "--no-cache", "--format", "json");
        JsonNode f1 = new ObjectMapper().readTree(json.out()).path("threads").get(0).path("frames").get(1);
        assertEquals("cfi", f1.path("trust").asText(), f1.toString());
    }

    @Test
    void usageErrorsExitTwo() {
        assertEquals(ExitCodes.USAGE, run().code());
        assertEquals(ExitCodes.USAGE, run("r.json", "--format", "xml").code());
        assertEquals(ExitCodes.USAGE, run("r.json", "--no-such-option").code());
    }

    @Test
    void missingOrGarbageInputExitsThreeWithOneLine(@TempDir Path dir) throws IOException {
        Path garbage = Files.writeString(dir.resolve("garbage.json"), "{\"schema\":\"crashreport/1\", nope");
        Path binary = Files.write(dir.resolve("binary.json"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, 2});
        for (String[] args : new String[][] {
            {"no-such-report.json"},
            {garbage.toString()},
            {binary.toString()},
            {"testdata/reports/sample-crash.json", "--dsym", "no-such-dir"},
            {"testdata/reports/sample-crash.json", "--dsym", "testdata/macho/broken/App-corrupt-fail"},
            {"testdata/reports/sample-crash.json", "--dsym", "testdata/macho/broken/App-empty-fail"},
        }) {
            Run r = run(args);
            assertEquals(ExitCodes.INVALID_INPUT, r.code(), String.join(" ", args) + ": " + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().startsWith("error: "), r.err());
            assertFalse(r.err().contains("\tat "), r.err());
        }
    }
}
