package dev.crashkit.symbolicator.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.symbolicate.cli.ExitCodes;
import dev.crashkit.symbolicate.cli.Main;
import dev.crashkit.testkit.TestData;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BatchCommandTest {

    private static String[] run(int[] code, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        code[0] = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new String[] {out.toString(), err.toString()};
    }

    @Test
    void folderArchiveAndBrokenReportInOneBatch(@TempDir Path dir) throws IOException {
        Path in = Files.createDirectories(dir.resolve("in"));
        Files.copy(Path.of("testdata/reports/sample-crash.json"), in.resolve("sample-crash.json"));
        Files.copy(TestData.thirdParty("apple-crash-report-parser/fixtures/spaces.txt"), in.resolve("spaces.crash"));
        Files.writeString(in.resolve("garbage.json"), "{\"not\": \"a report\"");
        Path zip = dir.resolve("more.zip");
        try (ZipArchiveOutputStream z = new ZipArchiveOutputStream(zip)) {
            z.putArchiveEntry(new ZipArchiveEntry("nested/edge-cases.json"));
            z.write(Files.readAllBytes(Path.of("testdata/reports/edge-cases.json")));
            z.closeArchiveEntry();
            z.putArchiveEntry(new ZipArchiveEntry("../../escape.json"));
            z.write(Files.readAllBytes(Path.of("testdata/reports/ios-arm64.json")));
            z.closeArchiveEntry();
        }
        Path out = dir.resolve("out");
        int[] code = new int[1];
        String[] io = run(code, "batch", in.toString(), zip.toString(), "--dsym", "testdata/macho", "--out", out.toString(),
                "--no-cache", "--jobs", "3");
        assertEquals(ExitCodes.INVALID_INPUT, code[0], io[1]);
        // Each report under its own name; archive members below the archive's name, never outside DIR.
        assertTrue(Files.isRegularFile(out.resolve("sample-crash.json.txt")), io[1]);
        assertTrue(Files.isRegularFile(out.resolve("spaces.crash")));
        assertTrue(Files.isRegularFile(out.resolve("more.zip/nested/edge-cases.json.txt")));
        // The path-traversal member is refused like in debug-file archives, and listed as failed.
        assertTrue(!Files.exists(out.resolve("more.zip/escape.json.txt")));
        assertTrue(!Files.exists(dir.resolve("escape.json.txt")));

        // The batch writes what the single-report command prints.
        String[] single = run(code, "testdata/reports/sample-crash.json", "--dsym", "testdata/macho", "--no-cache");
        assertEquals(single[0], Files.readString(out.resolve("sample-crash.json.txt")));

        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals(3, summary.path("reports_done").asInt());
        assertEquals(2, summary.path("reports_failed").asInt());
        String failed = summary.path("failed").toString();
        assertTrue(failed.contains("\"garbage.json\""), failed);
        assertTrue(failed.contains("more.zip!/../../escape.json") && failed.contains("path traversal"), failed);
        boolean dyld = false;
        for (JsonNode m : summary.path("missing_debug_files")) {
            if (m.path("image").asText().equals("dyld")) {
                dyld = true;
                assertTrue(m.path("frames").asInt() >= 1);
            }
        }
        assertTrue(dyld, summary.toString());
        assertTrue(io[0].contains("missing debug files"), io[0]);
        assertTrue(io[0].contains("failed: garbage.json"), io[0]);
    }

    /**
     * A warm batch (symbol caches filled by a first run) takes its reports in chunks and looks their
     * addresses up together: each output is still what the single-report command prints.
     */
    @Test
    void aWarmBatchWritesWhatTheSingleReportCommandPrints(@TempDir Path dir) throws IOException {
        Path in = Files.createDirectories(dir.resolve("in"));
        String[] reports = {"sample-crash.json", "ios-arm64.json", "edge-cases.json"};
        for (int i = 0; i < 90; i++) {
            Files.copy(Path.of("testdata/reports", reports[i % 3]), in.resolve(String.format("r%02d-%s", i, reports[i % 3])));
        }
        String cache = dir.resolve("cache").toString();
        int[] code = new int[1];
        for (String run : new String[] {"first", "second", "warm"}) {
            String[] io = run(code, "batch", in.toString(), "--dsym", "testdata/macho", "--out",
                    dir.resolve(run).toString(), "--cache-dir", cache, "--jobs", "2");
            assertEquals(ExitCodes.OK, code[0], io[1]);
        }
        assertTrue(Files.list(dir.resolve("cache/symcache")).findAny().isPresent(), "symbol caches were built");
        for (int i = 0; i < 90; i++) {
            String[] single = run(code, "testdata/reports/" + reports[i % 3], "--dsym", "testdata/macho", "--no-cache");
            assertEquals(single[0], Files.readString(dir.resolve("warm").resolve(
                    String.format("r%02d-%s.txt", i, reports[i % 3]))), reports[i % 3]);
        }
    }

    @Test
    void aFolderGivenAsASymbolicLinkIsWalked(@TempDir Path dir) throws IOException {
        Path real = Files.createDirectories(dir.resolve("real/sub"));
        Files.copy(Path.of("testdata/reports/sample-crash.json"), real.resolve("sample-crash.json"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), real.getParent());
        Path out = dir.resolve("out");
        int[] code = new int[1];
        String[] io = run(code, "batch", link.toString(), "--dsym", "testdata/macho", "--out", out.toString(),
                "--no-cache");
        assertEquals(ExitCodes.OK, code[0], io[1]);
        // Named relative to the folder given, as for a plain folder.
        assertTrue(Files.isRegularFile(out.resolve("sub/sample-crash.json.txt")), io[0] + io[1]);
        assertTrue(io[0].contains("reports: 1 symbolicated, 0 failed"), io[0]);
    }

    /**
     * Inside a folder, a link to a file is a report and a link to a folder is not walked (the
     * listing decides from the attributes its walk read, following only links).
     */
    @Test
    void insideAFolderALinkToAFileIsAReportAndALinkToAFolderIsNotWalked(@TempDir Path dir) throws IOException {
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Path report = Files.copy(Path.of("testdata/reports/sample-crash.json"), elsewhere.resolve("sample-crash.json"));
        Path in = Files.createDirectories(dir.resolve("in/sub"));
        Files.copy(report, in.resolve("plain.json"));
        Files.createSymbolicLink(in.resolve("linked.json"), report);
        Files.createSymbolicLink(in.resolve("folder-link"), elsewhere);
        Files.createSymbolicLink(in.resolve("dangling.json"), dir.resolve("nothing-here"));
        Path out = dir.resolve("out");
        int[] code = new int[1];
        String[] io = run(code, "batch", in.getParent().toString(), "--dsym", "testdata/macho", "--out",
                out.toString(), "--no-cache");
        assertEquals(ExitCodes.OK, code[0], io[1]);
        assertTrue(Files.isRegularFile(out.resolve("sub/plain.json.txt")), io[0] + io[1]);
        assertTrue(Files.isRegularFile(out.resolve("sub/linked.json.txt")), io[0] + io[1]);
        assertTrue(io[0].contains("reports: 2 symbolicated, 0 failed"), io[0]);
        assertFalse(Files.exists(out.resolve("sub/folder-link")), io[0]);
    }

    @Test
    void failOnMissingTurnsMissingDebugFilesIntoExitOne(@TempDir Path dir) {
        int[] code = new int[1];
        run(code, "batch", "testdata/reports/sample-crash.json", "--dsym", "testdata/macho", "--out",
                dir.resolve("a").toString(), "--no-cache");
        assertEquals(ExitCodes.OK, code[0]);
        run(code, "batch", "testdata/reports/sample-crash.json", "--dsym", "testdata/macho", "--out",
                dir.resolve("b").toString(), "--no-cache", "--fail-on-missing");
        assertEquals(ExitCodes.MISSING_DEBUG_FILES, code[0]);
        run(code, "batch", "testdata/reports/fat-x86_64.json", "--dsym", "testdata/macho", "--out",
                dir.resolve("c").toString(), "--no-cache", "--fail-on-missing");
        assertEquals(ExitCodes.OK, code[0]);
    }

    /**
     * The debug files are indexed while the reports are listed: a bad debug-file setting still fails
     * with its own one-line error and exit code, before a missing input's, and nothing is created.
     */
    @Test
    void aBadDebugFileSettingFailsFirstAndCreatesNothing(@TempDir Path dir) {
        Path out = dir.resolve("out");
        String missing = dir.resolve("missing.json").toString();
        String noDsym = dir.resolve("none.dSYM").toString();
        String sample = "testdata/reports/sample-crash.json";
        Object[][] cases = {
            {new String[] {missing, "--dsym", noDsym}, ExitCodes.INVALID_INPUT, "error: " + noDsym + ": no such file or folder"},
            {new String[] {sample, "--dsym", noDsym}, ExitCodes.INVALID_INPUT, "error: " + noDsym + ": no such file or folder"},
            {new String[] {missing, "--symbol-server", "bogus::"}, ExitCodes.USAGE,
                "error: --symbol-server: expected LAYOUT=URL (layouts: debuginfod, lldb, gdb, unified, breakpad), got \"bogus::\""},
            {new String[] {missing, "--dsym", "testdata/macho"}, ExitCodes.INVALID_INPUT,
                "error: " + missing + ": no such file or folder"},
        };
        for (Object[] c : cases) {
            String[] extra = (String[]) c[0];
            String[] args = new String[extra.length + 4];
            args[0] = "batch";
            System.arraycopy(extra, 0, args, 1, extra.length);
            args[extra.length + 1] = "--out";
            args[extra.length + 2] = out.toString();
            args[extra.length + 3] = "--no-cache";
            int[] code = new int[1];
            String[] io = run(code, args);
            String what = String.join(" ", args) + "\n" + io[1];
            assertEquals(c[1], code[0], what);
            // The one error line (the index's own warnings may come before it, as they always did).
            assertEquals(1, io[1].lines().filter(l -> l.startsWith("error: ")).count(), what);
            assertTrue(io[1].lines().anyMatch(c[2]::equals), what);
            assertEquals("", io[0], what);
            assertTrue(!Files.exists(out), what);
        }
    }
}
