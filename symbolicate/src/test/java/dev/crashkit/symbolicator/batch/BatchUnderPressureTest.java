package dev.crashkit.symbolicator.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.symbolicate.ChildJvm;
import dev.crashkit.symbolicate.cli.ExitCodes;
import dev.crashkit.symbolicate.cli.Main;
import dev.crashkit.testkit.TestData;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 11: batch under a small heap and under {@code kill -9}, in a child JVM. */
class BatchUnderPressureTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void killedBatchLeavesNoTruncatedOutputAndSaysWhatItFinished(@TempDir Path dir) throws Exception {
        Path in = Files.createDirectories(dir.resolve("in"));
        byte[] sample = Files.readAllBytes(TestData.file("reports/sample-crash.json"));
        for (int i = 0; i < 4000; i++) {
            Files.write(in.resolve(String.format("r%04d.json", i)), sample);
        }
        StringWriter expected = new StringWriter();
        Main.run(new PrintWriter(expected), new PrintWriter(new StringWriter()),
                TestData.file("reports/sample-crash.json").toString(), "--dsym", "testdata/macho", "--no-cache");
        Path out = dir.resolve("out");
        Process p = ChildJvm.start(dir, List.of("-Xmx256m"), "batch", in.toString(), "--dsym", "testdata/macho",
                "--out", out.toString(), "--no-cache", "--jobs", "1", "--format", "text");
        Path journal = out.resolve("summary.jsonl");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (lines(journal) < 50 && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        p.destroyForcibly(); // SIGKILL: no shutdown hook, no finally
        p.waitFor(30, TimeUnit.SECONDS);
        assertTrue(lines(journal) >= 50, "the journal lists finished reports as they finish");

        JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
        assertEquals("batch-summary/1", summary.path("schema").asText(), "summary.json is whole JSON");
        List<String> finished = Files.readAllLines(journal, StandardCharsets.UTF_8);
        int done = 0;
        for (String line : finished) {
            if (line.isEmpty()) {
                continue;
            }
            JsonNode j = JSON.readTree(line);
            assertEquals("ok", j.path("status").asText(), line);
            assertEquals(expected.toString(), Files.readString(out.resolve(j.path("output").asText())), line);
            done++;
        }
        try (Stream<Path> s = Files.list(out)) {
            for (Path f : s.toList()) {
                String name = f.getFileName().toString();
                if (name.endsWith(".json.txt")) {
                    // Any output under its final name is complete, journaled or not (killed between rename and journal).
                    assertEquals(expected.toString(), Files.readString(f), name);
                } else {
                    assertTrue(name.startsWith("summary.") || name.endsWith(".part"), name);
                }
            }
        }
        if (!summary.path("complete").asBoolean()) {
            assertTrue(summary.path("reports_done").asInt() <= done, summary.toString());
        }
    }

    private static long lines(Path f) throws IOException {
        if (!Files.exists(f)) {
            return 0;
        }
        try (Stream<String> s = Files.lines(f)) {
            return s.count();
        }
    }

    @Test
    void archiveMembersAreReadOneAtATime(@TempDir Path dir) throws Exception {
        // 24 members of 8 MiB (192 MiB in all) through a 64 MiB heap: only a streamed run gets through.
        Path zip = dir.resolve("many.zip");
        byte[] block = new byte[16 << 10];
        new Random(11).nextBytes(block);
        try (ZipArchiveOutputStream z = new ZipArchiveOutputStream(zip)) {
            for (int m = 0; m < 24; m++) {
                z.putArchiveEntry(new ZipArchiveEntry("member" + m + ".crash"));
                for (int i = 0; i < 512; i++) {
                    z.write(block);
                }
                z.closeArchiveEntry();
            }
        }
        Path out = dir.resolve("out");
        ChildJvm.Exit e = ChildJvm.run(dir, List.of("-Xmx64m"), "batch", zip.toString(), "--out", out.toString(),
                "--no-cache", "--jobs", "1");
        assertEquals(ExitCodes.INVALID_INPUT, e.code(), e.err());
        JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
        assertEquals(24, summary.path("reports_failed").asInt(), summary.toString());
        for (JsonNode f : summary.path("failed")) {
            assertTrue(f.path("error").asText().contains("not a crash report"), f.toString());
        }
    }

    @Test
    void outOfMemoryIsOneLineNotAStackTraceAndNotExitOne(@TempDir Path dir) throws Exception {
        Path big = dir.resolve("big.json");
        try (BufferedWriter w = Files.newBufferedWriter(big)) {
            w.write("{\"schema\":\"crashreport/1\",\"images\":[],\"threads\":[{\"frames\":[\"0x1000a7f2c\"");
            for (int i = 0; i < 3_000_000; i++) {
                w.write(",\"0x1000a7f2c\"");
            }
            w.write("]}]}");
        }
        ChildJvm.Exit single = ChildJvm.run(dir, List.of("-Xmx32m"), big.toString(), "--no-cache");
        assertEquals(ExitCodes.INVALID_INPUT, single.code(), single.err());
        assertTrue(single.err().matches("error: .*big.json: out of memory while reading the report .*\\R"), single.err());

        Path out = dir.resolve("out");
        ChildJvm.Exit batch = ChildJvm.run(dir, List.of("-Xmx32m"), "batch", big.toString(), "--out", out.toString(),
                "--no-cache");
        assertEquals(ExitCodes.INVALID_INPUT, batch.code(), batch.err());
        assertFalse(batch.err().contains("\tat "), batch.err());
        JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
        assertEquals(1, summary.path("reports_failed").asInt(), summary.toString());
        assertTrue(summary.path("failed").get(0).path("error").asText().contains("out of memory"), summary.toString());
    }
}
