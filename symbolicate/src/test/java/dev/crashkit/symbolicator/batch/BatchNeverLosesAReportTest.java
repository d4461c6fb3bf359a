package dev.crashkit.symbolicator.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.symbolicate.cli.ExitCodes;
import dev.crashkit.symbolicate.cli.Main;
import dev.crashkit.core.CrashkitException;
import dev.crashkit.symbolicator.Demangling;
import dev.crashkit.symbolicator.InputLimits;
import dev.crashkit.symbolicator.OutputFormat;
import dev.crashkit.symbolicator.Report;
import dev.crashkit.symbolicator.Symbolicator;
import dev.crashkit.symbolicator.SymbolicatorConfig;
import dev.crashkit.testkit.TestData;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 11, "batch must never lose a report": every input ends as an output or as a listed failure. */
class BatchNeverLosesAReportTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Reads reports, but dies the way a worker can on reports whose name asks for it. */
    private static Report dyingRead(String source, byte[] data, InputLimits limits) throws CrashkitException {
        if (source.contains("oom")) {
            throw new OutOfMemoryError("Java heap space");
        }
        if (source.contains("bug")) {
            throw new StackOverflowError();
        }
        return Report.read(source, data, limits);
    }

    @Test
    void aWorkerThatDiesIsListedAndTheExitCodeSaysSo(@TempDir Path dir) throws IOException {
        Path in = Files.createDirectories(dir.resolve("in"));
        byte[] sample = Files.readAllBytes(TestData.file("reports/sample-crash.json"));
        for (String name : List.of("a-good.json", "b-oom.json", "c-bug.json", "d-good.json")) {
            Files.write(in.resolve(name), sample);
        }
        Path out = dir.resolve("out");
        BatchRun.Result r;
        try (Symbolicator s = Symbolicator.open(SymbolicatorConfig.defaults()
                .withDebugFiles(List.of(TestData.file("macho"))).withDemangling(Demangling.NONE))) {
            BatchRun run = new BatchRun(s, OutputFormat.TEXT, out, 2, false, new PrintWriter(new StringWriter()),
                    BatchNeverLosesAReportTest::dyingRead);
            r = run.run(List.of(in));
        }

        assertEquals(2, r.doneReports());
        assertEquals(2, r.failedReports());
        assertEquals(1, r.internalErrors(), "the StackOverflowError is a bug of ours, the OOM a too-large input");
        JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
        assertTrue(summary.path("complete").asBoolean());
        Map<String, JsonNode> failed = new HashMap<>();
        summary.path("failed").forEach(f -> failed.put(f.path("report").asText(), f));
        assertTrue(failed.get("b-oom.json").path("error").asText().contains("out of memory"), failed.toString());
        assertEquals("input", failed.get("b-oom.json").path("kind").asText());
        assertEquals("internal", failed.get("c-bug.json").path("kind").asText());
        assertTrue(Files.isRegularFile(out.resolve("a-good.json.txt")));
        assertTrue(Files.isRegularFile(out.resolve("d-good.json.txt")));
        assertEquals(4, Files.readAllLines(out.resolve("summary.jsonl")).size(), "one journal line per report");
    }

    @Test
    void reportsOverTheSizeLimitAreListedNotLoaded(@TempDir Path dir) throws IOException {
        Path in = Files.createDirectories(dir.resolve("in"));
        Files.copy(TestData.file("reports/sample-crash.json"), in.resolve("big.json"));
        Files.writeString(in.resolve("small.json"), "{}");
        Path zip = dir.resolve("r.zip");
        try (ZipArchiveOutputStream z = new ZipArchiveOutputStream(zip)) {
            z.putArchiveEntry(new ZipArchiveEntry("member-big.json"));
            z.write(Files.readAllBytes(TestData.file("reports/sample-crash.json")));
            z.closeArchiveEntry();
        }
        int[] code = new int[1];
        String[] io = run(code, "batch", in.toString(), zip.toString(), "--out", dir.resolve("out").toString(),
                "--no-cache", "--max-report-size", "1K");
        assertEquals(ExitCodes.INVALID_INPUT, code[0], io[1]);
        JsonNode summary = JSON.readTree(dir.resolve("out/summary.json").toFile());
        String failed = summary.path("failed").toString();
        assertTrue(failed.contains("big.json") && failed.contains("report too large"), failed);
        assertTrue(failed.contains("member-big.json") && failed.contains("--max-report-size"), failed);
        assertEquals(3, summary.path("reports_failed").asInt(), failed); // small.json is no report either
    }

    @Test
    void framesThreadsAndImagesAreCappedWithOneLine(@TempDir Path dir) throws IOException {
        int[] code = new int[1];
        String sample = TestData.file("reports/sample-crash.json").toString();
        String[] io = run(code, sample, "--dsym", "testdata/macho", "--no-cache", "--max-frames", "3");
        assertEquals(ExitCodes.INVALID_INPUT, code[0]);
        assertTrue(io[1].matches("error: .*sample-crash.json: \\d+ frames, over the limit of 3 \\(see --max-frames\\)\\R"),
                io[1]);
        io = run(code, sample, "--no-cache", "--max-threads", "1");
        assertTrue(io[1].contains("threads, over the limit of 1 (see --max-threads)"), io[1]);
        io = run(code, sample, "--no-cache", "--max-images", "1");
        assertTrue(io[1].contains("images, over the limit of 1 (see --max-images)"), io[1]);
        io = run(code, "batch", sample, "--out", dir.resolve("out").toString(), "--no-cache", "--max-frames", "3");
        assertEquals(ExitCodes.INVALID_INPUT, code[0]);
        assertTrue(Files.readString(dir.resolve("out/summary.json")).contains("see --max-frames"));
        io = run(code, sample, "--max-report-size", "lots");
        assertEquals(ExitCodes.USAGE, code[0], io[1]);
    }

    @Test
    void outputsAreWrittenUnderATemporaryNameAndRenamed(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("out");
        int[] code = new int[1];
        run(code, "batch", "testdata/reports", "--dsym", "testdata/macho", "--out", out.toString(), "--no-cache");
        try (Stream<Path> s = Files.walk(out)) {
            List<Path> parts = s.filter(p -> p.getFileName().toString().endsWith(".part")).toList();
            assertEquals(List.of(), parts, "no temporary file stays behind");
        }
        List<String> journal = Files.readAllLines(out.resolve("summary.jsonl"));
        JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
        assertEquals(journal.size(), summary.path("reports_done").asInt() + summary.path("reports_failed").asInt());
        for (String line : journal) {
            JsonNode j = JSON.readTree(line);
            if (j.path("status").asText().equals("ok")) {
                assertTrue(Files.isRegularFile(out.resolve(j.path("output").asText())), line);
            }
        }
    }

    @Test
    void aCorruptArchiveMemberFailsAloneAndTheNextOnesAreRead(@TempDir Path dir) throws IOException {
        Path zip = dir.resolve("r.zip");
        byte[] sample = Files.readAllBytes(TestData.file("reports/sample-crash.json"));
        try (ZipArchiveOutputStream z = new ZipArchiveOutputStream(zip)) {
            for (String n : List.of("1.json", "2.json", "3.json")) {
                z.putArchiveEntry(new ZipArchiveEntry(n));
                z.write(sample);
                z.closeArchiveEntry();
            }
        }
        // Spoil the compressed data of the second member only.
        byte[] bytes = Files.readAllBytes(zip);
        int second = indexOf(bytes, "2.json".getBytes(), 0);
        int third = indexOf(bytes, "3.json".getBytes(), second);
        for (int i = second + 20; i < third - 40; i++) {
            bytes[i] = (byte) 0xff;
        }
        Files.write(zip, bytes);
        int[] code = new int[1];
        String[] io = run(code, "batch", zip.toString(), "--dsym", "testdata/macho", "--out",
                dir.resolve("out").toString(), "--no-cache");
        assertEquals(ExitCodes.INVALID_INPUT, code[0], io[0] + io[1]);
        assertTrue(Files.isRegularFile(dir.resolve("out/r.zip/1.json.txt")));
        assertTrue(Files.isRegularFile(dir.resolve("out/r.zip/3.json.txt")), io[0]);
        JsonNode summary = JSON.readTree(dir.resolve("out/summary.json").toFile());
        assertEquals(2, summary.path("reports_done").asInt());
        assertEquals(1, summary.path("reports_failed").asInt());
    }

    /** Each refused member is listed under its own name, not all under one shared placeholder. */
    @Test
    void refusedArchiveMembersAreListedUnderTheirOwnNames(@TempDir Path dir) throws IOException {
        Path zip = dir.resolve("r.zip");
        byte[] sample = Files.readAllBytes(TestData.file("reports/sample-crash.json"));
        try (ZipArchiveOutputStream z = new ZipArchiveOutputStream(zip)) {
            for (String n : List.of("bomb-1.json", "bomb-2.json", "../escape.json", "good.json")) {
                z.putArchiveEntry(new ZipArchiveEntry(n));
                // A member of blanks compresses over 1000x: refused from its declared sizes.
                z.write(n.startsWith("bomb") ? new byte[4 << 20] : sample);
                z.closeArchiveEntry();
            }
        }
        int[] code = new int[1];
        String[] io = run(code, "batch", zip.toString(), "--dsym", "testdata/macho", "--out",
                dir.resolve("out").toString(), "--no-cache");
        assertEquals(ExitCodes.INVALID_INPUT, code[0], io[0] + io[1]);
        JsonNode summary = JSON.readTree(dir.resolve("out/summary.json").toFile());
        assertEquals(1, summary.path("reports_done").asInt(), summary.toString());
        List<String> failed = new java.util.ArrayList<>();
        summary.path("failed").forEach(f -> failed.add(f.path("report").asText()));
        assertEquals(List.of("r.zip/bomb-1.json", "r.zip/bomb-2.json", "r.zip/escape.json"),
                failed.stream().sorted().toList(), summary.toString());
    }

    private static int indexOf(byte[] hay, byte[] needle, int from) {
        outer:
        for (int i = from; i <= hay.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("not found");
    }

    static String[] run(int[] code, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        code[0] = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new String[] {out.toString(), err.toString()};
    }
}
