package dev.crashkit.symbolicate.report.plcrash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import coop.plausible.crashreporter.CrashReport_pb;
import dev.crashkit.core.ReportException;
import dev.crashkit.symbolicate.report.ParsedReport;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What the generated parser is asked to do beyond the corpus: required fields judged by the reader,
 * unknown fields and enum numbers, and the limits on untrusted nesting and tags.
 */
class PlcrashReaderTest {

    private static final PlcrashReader READER = new PlcrashReader();

    @Test
    void requiredFieldsAreJudgedByTheReaderNotByProtobuf() throws ReportException {
        // No application_info, signal, thread_number or crashed: all required in the .proto, all optional here.
        CrashReport_pb.CrashReport report = CrashReport_pb.CrashReport.newBuilder()
                .setSystemInfo(CrashReport_pb.CrashReport.SystemInfo.newBuilder().setOsVersion("10.5.6").buildPartial())
                .addThreads(CrashReport_pb.CrashReport.Thread.newBuilder()
                        .addFrames(CrashReport_pb.CrashReport.Thread.StackFrame.newBuilder().setPc(0x1000)).buildPartial())
                .buildPartial();
        ParsedReport parsed = READER.read("partial.plcrash", plcrash(report.toByteArray()));
        assertEquals(0, parsed.model().threads().get(0).id());
        assertEquals(0x1000, parsed.model().threads().get(0).frames().get(0).address());
        assertEquals(Optional.of("Unknown OS 10.5.6"), parsed.model().process().os());
    }

    @Test
    void binaryImageWithoutBaseAddressNamesTheSourceOnce() {
        CrashReport_pb.CrashReport report = CrashReport_pb.CrashReport.newBuilder()
                .setSystemInfo(CrashReport_pb.CrashReport.SystemInfo.newBuilder().setOsVersion("1").buildPartial())
                .addBinaryImages(CrashReport_pb.CrashReport.BinaryImage.newBuilder().setName("/usr/lib/libx.dylib").buildPartial())
                .buildPartial();
        ReportException e = assertThrows(ReportException.class,
                () -> READER.read("img.plcrash", plcrash(report.toByteArray())));
        assertEquals("img.plcrash: binary image without base_address", e.getMessage());
    }

    @Test
    void unknownFieldsAreSkippedAndAnUnknownOperatingSystemIsUnknownOs() throws ReportException {
        ByteArrayOutputStream system = new ByteArrayOutputStream();
        system.writeBytes(new byte[] {0x08, 0x07});               // operating_system = 7: no such enum value
        system.writeBytes(new byte[] {0x12, 0x02, '1', '4'});     // os_version = "14"
        system.writeBytes(new byte[] {(byte) 0xA2, 0x06, 0x01, 'x'}); // field 100, bytes: unknown
        ByteArrayOutputStream report = new ByteArrayOutputStream();
        report.write(0x0A);
        report.write(system.size());
        report.writeBytes(system.toByteArray());
        report.writeBytes(new byte[] {(byte) 0xB8, 0x06, 0x2A});  // field 103, varint: unknown
        ParsedReport parsed = READER.read("unknown.plcrash", plcrash(report.toByteArray()));
        assertEquals(Optional.of("Unknown OS 14"), parsed.model().process().os());
    }

    @Test
    void nestedGroupsStopAtTheRecursionLimit() {
        // 100,000 start-group tags of field 1, an unknown group in a group in ...: skipping recurses once per
        // tag, bounded by the reader's recursion limit (protobuf bounds skipping since 4.28.2, CVE-2024-7254).
        byte[] groups = new byte[100_000];
        Arrays.fill(groups, (byte) 0x0B);
        ReportException e = assertThrows(ReportException.class, () -> READER.read("deep.plcrash", plcrash(groups)));
        assertTrue(e.getMessage().startsWith("deep.plcrash: corrupt PLCrashReporter protobuf: "), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }

    @Test
    void strayEndGroupTagIsCorruptNotTheEndOfTheReport() {
        byte[] system = CrashReport_pb.CrashReport.newBuilder()
                .setSystemInfo(CrashReport_pb.CrashReport.SystemInfo.newBuilder().setOsVersion("1").buildPartial())
                .buildPartial().toByteArray();
        byte[] withEndGroup = Arrays.copyOf(system, system.length + 3);
        withEndGroup[system.length] = 0x0C;                      // end of a group that never started
        withEndGroup[system.length + 1] = 0x1A;                  // then a thread the parser must not drop
        ReportException e = assertThrows(ReportException.class,
                () -> READER.read("endgroup.plcrash", plcrash(withEndGroup)));
        assertEquals("endgroup.plcrash: corrupt PLCrashReporter protobuf: Protocol message end-group tag did not "
                + "match expected tag.", e.getMessage());
    }

    @Test
    void truncatedReportIsOneLine() throws Exception {
        byte[] whole = java.nio.file.Files.readAllBytes(dev.crashkit.symbolicate.report.ReportCorpus.path(
                "plcrashreporter/fuzz_report.plcrash"));
        ReportException e = assertThrows(ReportException.class,
                () -> READER.read("cut.plcrash", Arrays.copyOf(whole, whole.length / 2)));
        assertTrue(e.getMessage().startsWith("cut.plcrash: corrupt PLCrashReporter protobuf: While parsing a protocol "
                + "message, the input ended unexpectedly"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    private static byte[] plcrash(byte[] message) {
        byte[] magic = "plcrash".getBytes(StandardCharsets.US_ASCII);
        byte[] out = Arrays.copyOf(magic, magic.length + 1 + message.length);
        out[magic.length] = 1;
        System.arraycopy(message, 0, out, magic.length + 1, message.length);
        return out;
    }
}
