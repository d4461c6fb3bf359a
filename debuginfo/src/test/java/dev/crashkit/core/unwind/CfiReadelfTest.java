package dev.crashkit.core.unwind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.format.elf.ElfFile;
import dev.crashkit.symbolicate.format.elf.ElfSection;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Our CIE/FDE reader and CFA interpreter against binutils' {@code readelf --debug-dump=frames-interp}
 * (goldens made by testdata/unwind/build.sh): same FDE ranges, and at every row address the same
 * CFA rule and the same rule for every register column readelf prints.
 */
class CfiReadelfTest {
    private static final Pattern FDE = Pattern.compile(
            "^([0-9a-f]{8}) [0-9a-f]+ [0-9a-f]{8} FDE cie=[0-9a-f]{8} pc=([0-9a-f]+)\\.\\.([0-9a-f]+)$");
    private static final Map<String, Integer> REGS = Map.ofEntries(Map.entry("rax", 0), Map.entry("rdx", 1),
            Map.entry("rcx", 2), Map.entry("rbx", 3), Map.entry("rsi", 4), Map.entry("rdi", 5), Map.entry("rbp", 6),
            Map.entry("rsp", 7), Map.entry("r8", 8), Map.entry("r9", 9), Map.entry("r10", 10), Map.entry("r11", 11),
            Map.entry("r12", 12), Map.entry("r13", 13), Map.entry("r14", 14), Map.entry("r15", 15),
            Map.entry("ra", 16));

    record GoldenFde(long offset, long begin, long end, List<String> columns, List<String[]> rows) {
    }

    /** The FDEs readelf printed under "Contents of the {@code section} section:". */
    private static List<GoldenFde> golden(Path file, String section) throws Exception {
        List<GoldenFde> out = new ArrayList<>();
        List<String> all = Files.readAllLines(file);
        int from = all.indexOf("Contents of the " + section + " section:");
        assertTrue(from >= 0, file + " has no " + section);
        int to = from + 1;
        while (to < all.size() && !all.get(to).startsWith("Contents of the ")) {
            to++;
        }
        List<String> lines = all.subList(from + 1, to);
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = FDE.matcher(lines.get(i));
            if (!m.matches()) {
                continue;
            }
            List<String> cols = new ArrayList<>();
            List<String[]> rows = new ArrayList<>();
            int j = i + 1;
            if (j < lines.size() && lines.get(j).strip().startsWith("LOC")) {
                String[] h = lines.get(j).strip().split("\\s+");
                for (int k = 2; k < h.length; k++) {
                    cols.add(h[k]);
                }
                for (j++; j < lines.size() && !lines.get(j).isBlank(); j++) {
                    rows.add(lines.get(j).strip().split("\\s+"));
                }
            }
            out.add(new GoldenFde(Long.parseLong(m.group(1), 16), Long.parseUnsignedLong(m.group(2), 16),
                    Long.parseUnsignedLong(m.group(3), 16), cols, rows));
        }
        return out;
    }

    private static ByteMemory section(ElfFile elf, String name) throws Exception {
        ElfSection s = elf.section(name).orElseThrow(() -> new AssertionError("no " + name));
        ByteBuffer b = elf.sectionData(s);
        byte[] bytes = new byte[b.remaining()];
        b.duplicate().get(bytes);
        return new ByteMemory(s.addr(), bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"nested-gcc", "nested-clang", "libnested-gcc.so"})
    void rowsMatchReadelf(String name) throws Exception {
        Path bin = Path.of("testdata/unwind", name);
        ElfFile elf = ElfFile.open(bin);
        ByteMemory eh = section(elf, ".eh_frame");
        ByteMemory hdr = section(elf, ".eh_frame_hdr");
        List<GoldenFde> golden = golden(Path.of("testdata/unwind", name + ".frames-interp.txt"), ".eh_frame");
        assertTrue(golden.size() >= 8, "golden has FDEs");

        CfiSection section = new CfiSection(eh, eh.base(), false);
        ScannedFdeIndex scanned = ScannedFdeIndex.scan(section, eh.size());
        EhFrameHdrIndex table = EhFrameHdrIndex.read(hdr.over(eh), hdr.base());
        assertEquals(eh.base(), table.section().address(), "eh_frame_ptr");
        assertEquals(golden.stream().filter(g -> g.begin() != g.end()).count(), scanned.size());
        assertEquals(golden.size(), table.size());

        int rowsChecked = 0;
        for (GoldenFde g : golden) {
            Optional<Fde> viaTable = table.find(g.begin());
            Optional<Fde> viaScan = scanned.find(g.end() - 1);
            assertTrue(viaTable.isPresent() && viaScan.isPresent(), "FDE at " + Long.toHexString(g.begin()));
            assertEquals(eh.base() + g.offset(), viaTable.get().address());
            assertEquals(g.begin(), viaScan.get().pcBegin());
            assertEquals(g.end(), viaScan.get().pcEnd());
            rowsChecked += checkRows(name, g, viaTable.get());
        }
        assertTrue(rowsChecked > 30, "rows checked: " + rowsChecked);
        // Addresses outside every FDE have none.
        assertTrue(table.find(0).isEmpty());
        assertTrue(scanned.find(-1L).isEmpty());
    }

    /** Compares our row at every address readelf lists with readelf's rules; returns how many rows. */
    private static int checkRows(String name, GoldenFde g, Fde fde) throws Exception {
        int rowsChecked = 0;
        for (String[] row : g.rows()) {
            long loc = Long.parseUnsignedLong(row[0], 16);
            CfiRow r = CfiInterpreter.rowAt(fde, loc);
            String where = name + " @" + row[0];
            if (row[1].equals("exp")) {
                assertNotNull(r.cfaExpression, where + " CFA");
            } else {
                String[] cfa = row[1].split("(?=[+-])");
                assertEquals((int) REGS.get(cfa[0]), r.cfaRegister, where + " CFA register");
                assertEquals(Long.parseLong(cfa[1].replace("+", "")), r.cfaOffset, where + " CFA offset");
            }
            for (int c = 0; c < g.columns().size(); c++) {
                int reg = REGS.get(g.columns().get(c));
                String rule = row[2 + c];
                String col = where + " " + g.columns().get(c);
                if (rule.equals("u")) {
                    assertTrue(r.kinds[reg] == CfiRow.Kind.SAME || r.kinds[reg] == CfiRow.Kind.UNDEFINED, col);
                } else if (rule.startsWith("c")) {
                    assertEquals(CfiRow.Kind.OFFSET, r.kinds[reg], col);
                    assertEquals(Long.parseLong(rule.substring(1)), r.values[reg], col);
                } else if (rule.equals("exp")) {
                    assertEquals(CfiRow.Kind.EXPRESSION, r.kinds[reg], col);
                } else if (rule.equals("s")) {
                    assertEquals(CfiRow.Kind.SAME, r.kinds[reg], col);
                } else {
                    throw new AssertionError(col + ": rule " + rule + " not covered by this test");
                }
            }
            rowsChecked++;
        }
        return rowsChecked;
    }

    @Test
    void debugFrameRowsMatchReadelf() throws Exception {
        String name = "nested-gcc-debugframe";
        ElfFile elf = ElfFile.open(Path.of("testdata/unwind", name));
        ByteMemory df = section(elf, ".debug_frame");
        ByteMemory at0 = new ByteMemory(0, readAll(df));
        List<GoldenFde> golden = golden(Path.of("testdata/unwind", name + ".frames-interp.txt"), ".debug_frame");
        ScannedFdeIndex scanned = ScannedFdeIndex.scan(new CfiSection(at0, 0, true), at0.size());
        assertEquals(golden.size(), scanned.size());
        assertTrue(golden.size() >= 8);
        int rows = 0;
        for (GoldenFde g : golden) {
            Fde f = scanned.find(g.begin()).orElseThrow(() -> new AssertionError("FDE at " + Long.toHexString(g.begin())));
            assertEquals(g.offset(), f.address());
            assertEquals(g.end(), f.pcEnd());
            rows += checkRows(name, g, f);
        }
        assertTrue(rows > 20, "rows checked: " + rows);
    }

    private static byte[] readAll(ByteMemory m) {
        byte[] b = new byte[m.size()];
        m.read(m.base(), b, 0, b.length);
        return b;
    }
}
