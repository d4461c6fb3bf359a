package dev.crashkit.symbolicate.breakpad;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.crashkit.symbolicate.Fixtures;
import dev.crashkit.symbolicate.dwarf.SourceFrame;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Our lookups against Breakpad's own processor ({@code BasicSourceLineResolver}, driven by
 * testdata/breakpad/resolver/resolve.cc, built by build-resolver.sh from the Breakpad sources of npm
 * minidump@0.26.0) on the same .sym files: function, file, line and function base of every frame, inlined
 * frames first, and the STACK CFI rules in force ({@code FindCFIFrameInfo}) must be equal at every address.
 */
class BreakpadResolverOracleTest {

    @Test
    void gccBuild() throws IOException {
        assertEquals(478, check("breakpad/sym/shapes/0E1AFF4172E2F8D9EED2378AA112749B0/shapes.sym",
                "breakpad/golden/shapes.breakpad.tsv"));
    }

    @Test
    void clangBuild() throws IOException {
        assertEquals(396, check("breakpad/sym/shapes-clang/36D9246A510BB50659BFBAB7AA1475E80/shapes-clang.sym",
                "breakpad/golden/shapes-clang.breakpad.tsv"));
    }

    @Test
    void machODsym() throws IOException {
        assertEquals(592, check("breakpad/sym/Inline4/4C4C441955553144A141EE551351E3620/Inline4.sym",
                "breakpad/golden/Inline4.breakpad.tsv"));
    }

    @Test
    void oldInlineFormsMultipleFieldsAndPublics() throws IOException {
        assertEquals(17, check("breakpad/resolver/cases/old-forms.sym", "breakpad/resolver/cases/old-forms.breakpad.tsv"));
    }

    @Test
    void macModuleUnsortedAndOverlappingFunctions() throws IOException {
        assertEquals(15, check("breakpad/resolver/cases/mac-cfi-win.sym", "breakpad/resolver/cases/mac-cfi-win.breakpad.tsv"));
    }

    @Test
    void malformedLines() throws IOException {
        assertEquals(4, check("breakpad/resolver/cases/malformed.sym", "breakpad/resolver/cases/malformed.breakpad.tsv"));
    }

    /** Compares every line of the resolver's output; the number of addresses compared. */
    private static int check(String sym, String expected) throws IOException {
        BreakpadSymbols s = BreakpadSymbols.read(Fixtures.testdata(sym), m -> { });
        List<String> mismatches = new ArrayList<>();
        List<String> lines = Files.readAllLines(Fixtures.testdata(expected));
        for (String line : lines) {
            String[] parts = line.split("\t", 3);
            long address = Long.parseUnsignedLong(parts[0].substring(2), 16);
            String ours = answer(s, address);
            if (!ours.equals(parts[1])) {
                mismatches.add(parts[0] + ": ours " + ours + " vs Breakpad " + parts[1]);
            }
            String cfi = s.cfiRulesAt(address).map(BreakpadResolverOracleTest::serialized).orElse("-");
            if (!cfi.equals(parts[2])) {
                mismatches.add(parts[0] + ": CFI ours " + cfi + " vs Breakpad " + parts[2]);
            }
        }
        assertEquals(List.of(), mismatches, sym);
        return lines.size();
    }

    /** Rules as {@code CFIFrameInfo::Serialize} writes them: .cfa, .ra, then the registers in byte order. */
    static String serialized(CfiRules r) {
        List<String> out = new ArrayList<>();
        r.rule(".cfa").ifPresent(e -> out.add(".cfa: " + e));
        r.rule(".ra").ifPresent(e -> out.add(".ra: " + e));
        new java.util.TreeMap<>(r.rules()).forEach((reg, e) -> {
            if (!reg.equals(".cfa") && !reg.equals(".ra")) {
                out.add(reg + ": " + e);
            }
        });
        return String.join(" ", out);
    }

    /** Our answer in the resolver's notation. */
    static String answer(BreakpadSymbols s, long address) {
        List<String> frames = new ArrayList<>();
        for (SourceFrame f : s.lookup(address)) {
            frames.add(f.functionName().orElse("<name omitted>") + "|" + f.file().orElse("") + "|" + f.line() + "|"
                    + Long.toHexString(f.startAddress().orElseThrow()));
        }
        if (frames.isEmpty()) {
            SymbolTable t = s.symbolTable();
            int i = t.indexOf(address);
            if (i < 0) {
                return "-";
            }
            return t.name(i) + "||0|" + Long.toHexString(t.start(i));
        }
        return String.join(";", frames);
    }
}
