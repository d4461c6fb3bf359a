package dev.crashkit.symbolicate.breakpad;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.crashkit.symbolicate.Fixtures;
import dev.crashkit.symbolicate.dwarf.DwarfContext;
import dev.crashkit.symbolicate.dwarf.DwarfSections;
import dev.crashkit.symbolicate.dwarf.SourceFrame;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Our answer from dump_syms' .sym against our own answer from the DWARF of the ELF it was made from,
 * at the oracle's addresses (testdata/breakpad/golden/*.addrs), file:line per frame of the chain.
 * The .sym holds the line table's rows as they are and the INLINE records dump_syms wrote, so the two
 * agree wherever those records exist; where dump_syms left an inline out, the .sym chain is shorter
 * and only its innermost file:line (the line record) is ours from DWARF.
 */
class SymFileVersusDwarfTest {

    enum Agreement {
        SAME_LOCATIONS,
        SYM_CHAIN_SHORTER_SAME_LINE,
        /** A line-table row outside every function (padding): DWARF gives a nameless frame, no FUNC covers it. */
        DWARF_LINE_WITHOUT_FUNCTION,
        NEITHER_KNOWS,
        OTHER
    }

    @Test
    void gccBuild() throws Exception {
        assertEquals(Map.of(Agreement.SAME_LOCATIONS, 379, Agreement.SYM_CHAIN_SHORTER_SAME_LINE, 64,
                Agreement.DWARF_LINE_WITHOUT_FUNCTION, 5, Agreement.NEITHER_KNOWS, 30, Agreement.OTHER, 0), compare("shapes", "0E1AFF4172E2F8D9EED2378AA112749B0"));
    }

    @Test
    void clangBuild() throws Exception {
        assertEquals(Map.of(Agreement.SAME_LOCATIONS, 263, Agreement.SYM_CHAIN_SHORTER_SAME_LINE, 101,
                Agreement.DWARF_LINE_WITHOUT_FUNCTION, 4, Agreement.NEITHER_KNOWS, 28, Agreement.OTHER, 0), compare("shapes-clang", "36D9246A510BB50659BFBAB7AA1475E80"));
    }

    private static Map<Agreement, Integer> compare(String name, String id) throws Exception {
        BreakpadSymbols sym = BreakpadSymbols.read(
                Fixtures.testdata("breakpad/sym/" + name + "/" + id + "/" + name + ".sym"), m -> {
                    throw new AssertionError(m);
                });
        Path elf = Fixtures.testdata("breakpad/bin/" + name);
        ObjectFile object = ObjectFiles.open(elf).get(0);
        DwarfContext dwarf = DwarfContext.open(elf.toString(), DwarfSections.of(object));
        Map<Agreement, Integer> counts = new EnumMap<>(Agreement.class);
        for (Agreement a : Agreement.values()) {
            counts.put(a, 0);
        }
        List<String> other = new ArrayList<>();
        for (String line : java.nio.file.Files.readAllLines(Fixtures.testdata("breakpad/golden/" + name + ".addrs"))) {
            long address = Long.parseUnsignedLong(line.substring(2), 16);
            List<String> ours = locations(sym.lookup(address));
            List<SourceFrame> dwarfFrames = dwarf.lookup(address);
            List<String> fromDwarf = locations(dwarfFrames);
            Agreement a;
            if (ours.equals(fromDwarf)) {
                a = ours.isEmpty() ? Agreement.NEITHER_KNOWS : Agreement.SAME_LOCATIONS;
            } else if (!ours.isEmpty() && ours.size() < fromDwarf.size() && ours.get(0).equals(fromDwarf.get(0))) {
                a = Agreement.SYM_CHAIN_SHORTER_SAME_LINE;
            } else if (ours.isEmpty() && dwarfFrames.size() == 1 && dwarfFrames.get(0).functionName().isEmpty()) {
                a = Agreement.DWARF_LINE_WITHOUT_FUNCTION;
            } else {
                a = Agreement.OTHER;
                other.add("0x" + Long.toHexString(address) + ": .sym " + ours + " vs DWARF " + fromDwarf);
            }
            counts.merge(a, 1, Integer::sum);
        }
        System.out.println(name + ": .sym vs our DWARF: " + counts);
        assertEquals(List.of(), other);
        return counts;
    }

    private static List<String> locations(List<SourceFrame> frames) {
        List<String> out = new ArrayList<>();
        for (SourceFrame f : frames) {
            out.add(f.file().orElse("") + ":" + f.line());
        }
        return out;
    }
}
