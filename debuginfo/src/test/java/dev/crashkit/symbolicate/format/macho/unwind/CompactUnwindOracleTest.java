package dev.crashkit.symbolicate.format.macho.unwind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.format.macho.MachOFile;
import dev.crashkit.symbolicate.format.macho.MachOImage;
import dev.crashkit.symbolicate.format.macho.Section;
import dev.crashkit.testkit.TestData;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The __unwind_info of Mach-O dylibs built here for arm64 and x86-64 (testdata/compact-unwind,
 * build.sh), read with our reader, against {@code llvm-objdump --unwind-info} of the same files:
 * the common encodings and every second-level entry (function offset and encoding), across
 * compressed pages and a regular one; each entry found again by a lookup at its start and its last
 * byte. DWARF-mode encodings are checked against {@code llvm-dwarfdump --eh-frame}: the FDE at the
 * encoded offset covers the function.
 */
class CompactUnwindOracleTest {
    private static final Pattern COMMON = Pattern.compile("^\\s+encoding\\[(\\d+)\\]: (0x[0-9a-f]+)$");
    private static final Pattern ENTRY = Pattern.compile(
            "^\\s+\\[\\d+\\]: function offset=(0x[0-9a-f]+), encoding(?:\\[\\d+\\])?=(0x[0-9a-f]+)$");
    private static final Pattern FDE = Pattern.compile("^([0-9a-f]{8}) [0-9a-f]{8} [0-9a-f]{8} FDE cie=[0-9a-f]+ pc=([0-9a-f]+)\\.\\.\\.([0-9a-f]+)$");

    @ParameterizedTest
    @ValueSource(strings = {"cu-arm64-fp", "cu-arm64-nofp", "cu-x86_64-fp", "cu-x86_64-nofp"})
    void agreesWithLlvmObjdump(String name) throws Exception {
        MachOImage image = MachOFile.open(TestData.file("compact-unwind/" + name + ".dylib")).slices().get(0);
        Section s = image.section("__TEXT", "__unwind_info").orElseThrow();
        CompactUnwindInfo info = CompactUnwindInfo.parse(image.path(), image.sectionBytes(s).orElseThrow());
        List<String> golden = Files.readAllLines(TestData.file("compact-unwind/golden/" + name + ".unwind-info.txt"),
                StandardCharsets.UTF_8);
        long commons = golden.stream().filter(l -> l.contains("encoding[") && l.contains("]: 0x")).count();
        List<long[]> want = new ArrayList<>();
        for (String l : golden) {
            Matcher m = ENTRY.matcher(l);
            if (m.find()) {
                want.add(new long[] {Long.decode(m.group(1)), Long.decode(m.group(2))});
            }
        }
        // Common and page-local encodings share the pattern; the header's count says which are common.
        assertTrue(commons >= info.commonEncodingCount());
        List<CompactUnwindInfo.Entry> ours = info.entries();
        assertEquals(want.size(), ours.size());
        assertTrue(ours.size() >= 5);
        for (int i = 0; i < ours.size(); i++) {
            CompactUnwindInfo.Entry e = ours.get(i);
            assertEquals(want.get(i)[0], e.functionOffset(), "entry " + i);
            assertEquals(want.get(i)[1], Integer.toUnsignedLong(e.encoding()), "entry " + i);
            assertEquals(e, info.find(e.functionOffset()).orElseThrow());
            assertEquals(e, info.find(e.end() - 1).orElseThrow());
        }
        assertFalse(info.find(ours.get(0).functionOffset() - 1).isPresent(), "before the first function");
        assertFalse(info.find(ours.get(ours.size() - 1).end()).isPresent(), "past the last one");
        if (name.equals("cu-arm64-nofp")) {
            assertTrue(golden.stream().anyMatch(l -> l.matches("^\\s+\\[\\d+\\]: function offset=0x[0-9a-f]+, encoding=0x.*")),
                    "the regular page is in the golden");
        }
        dwarfModeMatchesEhFrame(name, image, ours);
    }

    private static void dwarfModeMatchesEhFrame(String name, MachOImage image, List<CompactUnwindInfo.Entry> ours)
            throws Exception {
        Map<Long, long[]> fdes = new HashMap<>();
        for (String l : Files.readAllLines(TestData.file("compact-unwind/golden/" + name + ".eh-frame-fdes.txt"),
                StandardCharsets.UTF_8)) {
            Matcher m = FDE.matcher(l);
            assertTrue(m.find(), l);
            fdes.put(Long.parseLong(m.group(1), 16), new long[] {Long.parseLong(m.group(2), 16), Long.parseLong(m.group(3), 16)});
        }
        boolean arm64 = name.contains("arm64");
        int dwarf = 0;
        for (CompactUnwindInfo.Entry e : ours) {
            CompactEncoding c = arm64 ? CompactEncoding.arm64(e.encoding()) : CompactEncoding.x86_64(e.encoding());
            if (c instanceof CompactEncoding.Dwarf d) {
                long[] fde = fdes.get(d.fdeOffset());
                assertTrue(fde != null, name + ": no FDE at 0x" + Long.toHexString(d.fdeOffset()));
                long pc = image.textVmaddr() + e.functionOffset();
                assertTrue(fde[0] <= pc && pc < fde[1], name + ": FDE at 0x" + Long.toHexString(d.fdeOffset())
                        + " does not cover 0x" + Long.toHexString(pc));
                dwarf++;
            } else {
                assertFalse(c instanceof CompactEncoding.None && e.encoding() != 0, "unknown mode 0x"
                        + Integer.toHexString(e.encoding()));
            }
        }
        assertEquals(fdes.size(), dwarf, name + ": every FDE is some function's DWARF-mode encoding");
    }
}
