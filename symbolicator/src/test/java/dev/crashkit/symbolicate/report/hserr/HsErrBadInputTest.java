package dev.crashkit.symbolicate.report.hserr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.ReportException;
import dev.crashkit.core.model.Frame;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportLimits;
import dev.crashkit.testkit.TestData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Broken, lying and huge logs: one-line errors naming the input, or a partial result with notes. */
class HsErrBadInputTest {

    private static final String BANNER = "#\n# A fatal error has been detected by the Java Runtime Environment:\n#\n"
            + "#  SIGSEGV (0xb) at pc=0x00007f0000001100, pid=1, tid=2\n#\n\n";

    private static ParsedReport read(String log) throws ReportException {
        return ReportFormats.standard().read("bad.log", log.getBytes(StandardCharsets.ISO_8859_1),
                ReportLimits.defaults());
    }

    @Test
    void textWithoutTheBannerIsNoHsErrLog() {
        ReportException e = assertThrows(ReportException.class, () -> new HsErrReader().read("notes.txt",
                "Native frames:\nC  [libx.so+0x10]  f+0x0\n".getBytes(StandardCharsets.US_ASCII)));
        assertTrue(e.getMessage().startsWith("notes.txt: not an hs_err log"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void aGarbledMapKeepsItsGoodLinesAndDropsTheRest() throws Exception {
        ParsedReport p = read(BANNER + "Native frames:\nC  [liba.so+0x10]  a+0x0\nC  [libb.so+0x20]  b+0x0\n\n"
                + "Dynamic libraries:\n"
                + "7f0000002000-7f0000001000 r-xp 00000000 08:01 1   /opt/libb.so\n" // ends before it starts
                + "zzzz-7f0000003000 r-xp 00000000 08:01 1   /opt/libb.so\n"
                + "7f0000010000-7f0000011000 r-xp 00000000 08:01 2   /opt/liba.so\n"
                + "7f0000010000-7f0000011000 r-xp 0000\n"
                + "0x00000001000000000000 /opt/overflow.dylib\n\n");
        assertEquals(List.of("liba.so"), p.model().images().stream().map(i -> i.name()).toList());
        List<Frame> frames = p.model().threads().get(0).frames();
        assertEquals(0x7f0000010010L, frames.get(0).address());
        assertEquals(HsErrModel.NOWHERE, frames.get(1).address());
        assertEquals(List.of("frame 1: libb.so is not in Dynamic libraries, kept as libb.so+0x20"),
                p.document().notes());
    }

    @Test
    void anOffsetPastItsLibrarysMappingIsNotPlacedInANeighbour() throws Exception {
        ParsedReport p = read(BANNER + "Native frames:\nC  [liba.so+0x1800]  a+0x0\n\nDynamic libraries:\n"
                + "7f0000010000-7f0000011000 r-xp 00000000 08:01 2   /opt/liba.so\n"
                + "7f0000011000-7f0000012000 r-xp 00000000 08:01 3   /opt/libnext.so\n\n");
        assertEquals(HsErrModel.NOWHERE, p.model().threads().get(0).frames().get(0).address());
        assertEquals(List.of("frame 0: offset 0x1800 is past the end of liba.so (0x1000 bytes mapped)"),
                p.document().notes());
    }

    @Test
    void aLogCutInTheMiddleOfAFrameLineReadsAsFarAsItGoes() throws Exception {
        String log = Files.readString(TestData.file("hserr/hs_err-native.log"), StandardCharsets.ISO_8859_1);
        String cut = log.substring(0, log.indexOf("descend+0x28") + 4);
        ParsedReport p = read(cut);
        assertEquals(2, p.model().threads().get(0).frames().size());
        assertEquals("desc", p.document().presetSymbol(0, 1).orElseThrow().name());
        // The map was cut off: nothing is placed, each frame says why.
        assertEquals(2, p.document().notes().size());
    }

    @Test
    void aLogCutBeforeItsFramesHasTheProblematicFrame() throws Exception {
        String log = Files.readString(TestData.file("hserr/hs_err-native.log"), StandardCharsets.ISO_8859_1);
        ParsedReport p = read(log.substring(0, log.indexOf("Native frames:")));
        List<Frame> frames = p.model().threads().get(0).frames();
        assertEquals(1, frames.size());
        assertEquals("fault_at", p.document().presetSymbol(0, 0).orElseThrow().name());
        assertEquals(Optional.of("libhserr.so"), frames.get(0).reported().orElseThrow().image());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void tenMillionFrameLinesAreRefusedInOneLine() {
        byte[] line = "C  [libx.so+0x1]  f+0x1\n".getBytes(StandardCharsets.US_ASCII);
        byte[] head = (BANNER + "Native frames:\n").getBytes(StandardCharsets.US_ASCII);
        byte[] data = Arrays.copyOf(head, head.length + 10_000_000 * line.length);
        for (int i = 0, at = head.length; i < 10_000_000; i++, at += line.length) {
            System.arraycopy(line, 0, data, at, line.length);
        }
        ReportException e = assertThrows(ReportException.class,
                () -> ReportFormats.standard().read("frames.log", data, ReportLimits.defaults()));
        assertEquals("frames.log: more than 100000 frame lines, not an hs_err log (HotSpot prints at most a few"
                + " hundred)", e.getMessage());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aMapOfMoreLibrariesThanTheImageLimitIsRefusedInOneLine() throws Exception {
        StringBuilder log = new StringBuilder(BANNER).append("Dynamic libraries:\n");
        for (int i = 0; i < 120_000; i++) {
            long start = 0x10000000L + i * 0x1000L;
            log.append(Long.toHexString(start)).append('-').append(Long.toHexString(start + 0x1000))
                    .append(" r-xp 00000000 08:01 1   /opt/lib").append(i).append(".so\n");
        }
        byte[] data = log.toString().getBytes(StandardCharsets.US_ASCII);
        ReportException e = assertThrows(ReportException.class,
                () -> ReportFormats.standard().read("map.log", data, ReportLimits.defaults()));
        assertEquals("map.log: 120000 images, over the limit of 100000 (see --max-images)", e.getMessage());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aHugeLineIsKeptButNotParsed() throws Exception {
        String log = Files.readString(TestData.file("hserr/hs_err-native.log"), StandardCharsets.ISO_8859_1);
        String huge = "C  [libhserr.so+0x1100]  " + "x".repeat(50 << 20);
        int at = log.indexOf("C  [libhserr.so+0x1161]");
        int frames = read(log).model().threads().get(0).frames().size();
        ParsedReport p = read(log.substring(0, at) + huge + "\n" + log.substring(at));
        assertEquals(frames, p.model().threads().get(0).frames().size()); // the huge one is not a frame
        assertEquals(List.of(), p.document().notes());
    }
}
