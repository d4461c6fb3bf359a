package dev.crashkit.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class ExportLineTest {

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void recordsAreObjectsWithIdAndReport() {
        assertTrue(ExportLine.isExportRecord(utf8("{\"id\":\"1\",\"report\":\"text\"}")));
        assertTrue(ExportLine.isExportRecord(utf8("{\"id\":2,\"report\":{\"schema\":\"crashreport/1\"}}")));
        assertTrue(ExportLine.isExportRecord(utf8("{\"id\":2,\"report_base64\":\"cGxjcmFzaA==\"}")));
        assertFalse(ExportLine.isExportRecord(utf8("{\"id\":2}")));
        assertFalse(ExportLine.isExportRecord(utf8("not json")));
        assertFalse(ExportLine.isExportRecord(new byte[0]));
    }

    @Test
    void reportFilesOnOneLineAreNotExports() throws Exception {
        // KSCrash has a top-level "report" object; with an "id" next to it, it is still a report.
        assertFalse(ExportLine.isExportRecord(utf8("{\"id\":1,\"report\":{\"id\":\"x\"},\"crash\":{},\"binary_images\":[]}")));
        assertFalse(ExportLine.isExportRecord(Files.readAllBytes(TestFiles.testdata("reports/sample-crash.json"))));
        byte[] ipsHeader = Files.readString(TestFiles.testdata("reports/apple/sample-crash.ips")).lines().findFirst()
                .orElseThrow().getBytes(StandardCharsets.UTF_8);
        assertFalse(ExportLine.isExportRecord(ipsHeader));
    }

    @Test
    void reportTextObjectAndBase64AreTheReportBytes() {
        InputRecord text = ExportLine.parse("f", 3, utf8("{\"id\":\"a\",\"report\":\"Incident Identifier: X\\n\"}"));
        assertEquals("a", text.id());
        assertEquals("f:3", text.source());
        assertEquals("Incident Identifier: X\n", new String(text.data(), StandardCharsets.UTF_8));
        InputRecord object = ExportLine.parse("f", 4, utf8("{\"id\":9,\"report\":{\"schema\":\"crashreport/1\"}}"));
        assertEquals("9", object.id());
        assertEquals("{\"schema\":\"crashreport/1\"}", new String(object.data(), StandardCharsets.UTF_8));
        byte[] raw = {'p', 'l', 'c', 'r', 'a', 's', 'h', 1, 0, (byte) 0xff};
        InputRecord binary = ExportLine.parse("f", 5,
                utf8("{\"id\":\"b\",\"report_base64\":\"" + Base64.getEncoder().encodeToString(raw) + "\"}"));
        assertArrayEquals(raw, binary.data());
        assertTrue(binary.error().isEmpty());
    }

    @Test
    void brokenLinesAreFailedRecordsNamingTheLine() {
        assertEquals("f:7: export record has no \"id\" (string or number)",
                ExportLine.parse("f", 7, utf8("{\"report\":\"x\"}")).error().orElseThrow());
        assertTrue(ExportLine.parse("f", 8, utf8("{\"id\":")).error().orElseThrow().startsWith("f:8: not a JSON export record"));
        assertEquals("f:9: export record is not a JSON object", ExportLine.parse("f", 9, utf8("[1]")).error().orElseThrow());
        assertTrue(ExportLine.parse("f", 10, utf8("{\"id\":\"x\",\"report_base64\":\"***\"}")).error().orElseThrow()
                .contains("not base64"));
        assertEquals("x", ExportLine.parse("f", 11, utf8("{\"id\":\"x\",\"report\":3}")).id());
    }
}
