package dev.crashkit.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputReaderTest {
    @TempDir
    Path tmp;

    private static List<InputRecord> read(Path file) {
        List<InputRecord> out = new ArrayList<>();
        InputReader.read(file.toString(), new Configuration()).forEachRemaining(out::add);
        return out;
    }

    @Test
    void aReportFileIsOneRecordWithAllItsBytes() throws Exception {
        Path report = TestFiles.testdata("reports/apple/sample-crash.ips");
        List<InputRecord> records = read(report);
        assertEquals(1, records.size());
        assertArrayEquals(Files.readAllBytes(report), records.get(0).data());
        assertEquals(report.toString(), records.get(0).id());
    }

    @Test
    void anExportIsOneRecordPerNonBlankLineWithWindowsLineEnds() throws Exception {
        Path export = tmp.resolve("e.jsonl");
        Files.writeString(export, "{\"id\":\"1\",\"report\":\"a\"}\r\n\r\n{\"id\":\"2\",\"report\":\"b\"}\r\n{broken\n"
                + "{\"id\":\"4\",\"report\":\"d\"}");
        List<InputRecord> records = read(export);
        assertEquals(List.of("1", "2", export + ":4", "4"), records.stream().map(InputRecord::id).toList());
        assertEquals(List.of(export + ":1", export + ":3", export + ":4", export + ":5"),
                records.stream().map(InputRecord::source).toList());
        assertEquals("b", new String(records.get(1).data(), StandardCharsets.UTF_8));
        assertTrue(records.get(2).error().isPresent());
    }

    @Test
    void longLinesAcrossTheReadBlocksKeepEveryByte() throws Exception {
        // One line of compact JSON far longer than a read block: a report, read whole once.
        String frames = "{\"address\":\"0x1000\"},".repeat(10_000);
        Path compact = tmp.resolve("compact.json");
        Files.writeString(compact, "{\"schema\":\"crashreport/1\",\"frames\":[" + frames + "{}]}");
        List<InputRecord> one = read(compact);
        assertEquals(1, one.size());
        assertArrayEquals(Files.readAllBytes(compact), one.get(0).data());
        // An export whose first line spans several blocks, then short lines.
        String big = "x".repeat(50_000);
        Path export = tmp.resolve("big.jsonl");
        Files.writeString(export, "{\"id\":\"1\",\"report\":\"" + big + "\"}\n{\"id\":\"2\",\"report\":\"b\"}\n"
                + "{\"id\":\"3\",\"report\":\"c\"}");
        List<InputRecord> records = read(export);
        assertEquals(List.of("1", "2", "3"), records.stream().map(InputRecord::id).toList());
        assertEquals(big, new String(records.get(0).data(), StandardCharsets.UTF_8));
        assertEquals("c", new String(records.get(2).data(), StandardCharsets.UTF_8));
        // A report whose first line is short and whose rest is long.
        Path pretty = tmp.resolve("pretty.json");
        Files.writeString(pretty, "{\n  \"schema\": \"crashreport/1\",\n  \"frames\": [" + frames + "{}]\n}\n");
        assertArrayEquals(Files.readAllBytes(pretty), read(pretty).get(0).data());
    }

    @Test
    void aMissingFileIsAFailedRecord() {
        List<InputRecord> records = read(tmp.resolve("gone.ips"));
        assertEquals(1, records.size());
        assertTrue(records.get(0).error().orElseThrow().contains("cannot open"), records.get(0).readError());
    }

    @Test
    void anEmptyFileIsOneRecordForTheSymbolicatorToRefuse() throws Exception {
        Path empty = Files.createFile(tmp.resolve("empty.crash"));
        List<InputRecord> records = read(empty);
        assertEquals(1, records.size());
        assertEquals(0, records.get(0).data().length);
    }
}
