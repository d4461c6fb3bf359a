package dev.crashkit.symbolicate.breakpad;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.crashkit.symbolicate.Fixtures;
import dev.crashkit.symbolicate.breakpad.SymbolizerOracle.Frame;
import dev.crashkit.symbolicate.dwarf.SourceFrame;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Our answers from Breakpad's own dump_syms output against llvm-symbolizer-19 on the ELF file the
 * .sym was made from (testdata/breakpad/build.sh, oracle.py): every line-table row start and the
 * byte before it, 30 random addresses in every FUNC, PUBLIC starts. Every difference must fall in
 * a class explained by what a .sym cannot hold; the counts per class are pinned (they move only
 * when the data is rebuilt), and the inline depth we answer is checked at every address against a
 * naive reading of the INLINE records that cover it.
 */
class BreakpadOracleTest {

    /** How our answer and llvm-symbolizer's compare at one address. */
    enum Agreement {
        /** Same chain, every frame's function, file and line alike. */
        IDENTICAL,
        /** Same chain length and file:line everywhere; a function named otherwise by dump_syms
         *  (it writes DW_AT_name-based names: "checksum" for "(anonymous namespace)::checksum(char const*)"). */
        NAMES_DIFFER,
        /** dump_syms wrote fewer INLINE records than DWARF has (it drops some, e.g. gcc's inlined
         *  {@code atoi} and {@code cross}): our chain is shorter, its innermost file:line is llvm's (the
         *  line record), and its depth is that of the INLINE records covering the address (checked apart). */
        INLINES_NOT_IN_SYM,
        /** A PUBLIC (no DWARF): same name; llvm-symbolizer adds the file of the symbol table's STT_FILE. */
        PUBLIC_FILE_FROM_SYMTAB,
        /** A PUBLIC (a symbol-table name, no file or line) where the golden, made with the symbol table
         *  disabled (the Mach-O goldens, ../dwarf/golden.py), has nothing: code DWARF does not describe (Swift
         *  runtime thunks of an Xcode dSYM) or data past the last function ({@code g_sink}). */
        PUBLIC_WITHOUT_DWARF,
        /** llvm-symbolizer has a line-table row but no function (padding between functions): no FUNC covers it. */
        LINE_WITHOUT_FUNCTION,
        /** Past the module's last symbol: Breakpad's last PUBLIC never ends; llvm-symbolizer names _end. */
        PAST_LAST_SYMBOL,
        /** A golden address below the image's base (the Mach-O goldens probe 0, 1 and 0xfffffff0): no report
         *  maps it into this module, and Breakpad, bounding PUBLICs by the module, would not answer it either. */
        BELOW_IMAGE,
        OTHER
    }

    @Test
    void gccBuildAgreesWithLlvmSymbolizer() throws IOException {
        Map<Agreement, Integer> counts = compare("shapes", "0E1AFF4172E2F8D9EED2378AA112749B0");
        assertEquals(Map.of(Agreement.IDENTICAL, 252, Agreement.NAMES_DIFFER, 144, Agreement.INLINES_NOT_IN_SYM, 64,
                Agreement.PUBLIC_FILE_FROM_SYMTAB, 12, Agreement.PUBLIC_WITHOUT_DWARF, 0,
                Agreement.LINE_WITHOUT_FUNCTION, 5, Agreement.PAST_LAST_SYMBOL, 1, Agreement.BELOW_IMAGE, 0,
                Agreement.OTHER, 0), counts);
    }

    @Test
    void clangBuildAgreesWithLlvmSymbolizer() throws IOException {
        Map<Agreement, Integer> counts = compare("shapes-clang", "36D9246A510BB50659BFBAB7AA1475E80");
        assertEquals(Map.of(Agreement.IDENTICAL, 278, Agreement.NAMES_DIFFER, 0, Agreement.INLINES_NOT_IN_SYM, 101,
                Agreement.PUBLIC_FILE_FROM_SYMTAB, 12, Agreement.PUBLIC_WITHOUT_DWARF, 0,
                Agreement.LINE_WITHOUT_FUNCTION, 4, Agreement.PAST_LAST_SYMBOL, 1, Agreement.BELOW_IMAGE, 0,
                Agreement.OTHER, 0), counts);
    }

    @Test
    void machODsymAgreesWithLlvmSymbolizer() throws IOException {
        // Breakpad's Mac dump_syms (build-mac.sh) on testdata/dwarf/macho/Inline4 and its dSYM; the golden is
        // llvm-symbolizer-19 on the dSYM with its symbol table disabled (../dwarf/golden.py), so PUBLICs have
        // no counterpart there. Mach-O .sym addresses are relative to __TEXT's vmaddr, 0x100000000.
        Map<Agreement, Integer> counts = compare(
                Fixtures.testdata("breakpad/sym/Inline4/4C4C441955553144A141EE551351E3620/Inline4.sym"),
                Fixtures.testdata("dwarf/macho/Inline4.json.gz"), 0x1_0000_0000L);
        assertEquals(Map.of(Agreement.IDENTICAL, 277, Agreement.NAMES_DIFFER, 23, Agreement.INLINES_NOT_IN_SYM, 292,
                Agreement.PUBLIC_FILE_FROM_SYMTAB, 0, Agreement.PUBLIC_WITHOUT_DWARF, 0,
                Agreement.LINE_WITHOUT_FUNCTION, 0, Agreement.PAST_LAST_SYMBOL, 0,
                Agreement.BELOW_IMAGE, 3, Agreement.OTHER, 0), counts);
    }

    private static Map<Agreement, Integer> compare(String name, String id) throws IOException {
        return compare(Fixtures.testdata("breakpad/sym/" + name + "/" + id + "/" + name + ".sym"),
                Fixtures.testdata("breakpad/golden/" + name + ".json.gz"), 0);
    }

    static Map<Agreement, Integer> compare(Path sym, Path goldenFile, long base) throws IOException {
        String name = sym.getFileName().toString();
        BreakpadSymbols s = BreakpadSymbols.read(sym, m -> {
            throw new AssertionError(m);
        });
        NaiveInlines naive = new NaiveInlines(Files.readAllLines(sym));
        Map<Agreement, Integer> counts = new EnumMap<>(Agreement.class);
        for (Agreement a : Agreement.values()) {
            counts.put(a, 0);
        }
        List<String> other = new ArrayList<>();
        List<SymbolizerOracle.Answer> golden = SymbolizerOracle.read(goldenFile);
        for (SymbolizerOracle.Answer g : golden) {
            long address = g.address() - base;
            List<SourceFrame> frames = s.lookup(address);
            if (!frames.isEmpty()) {
                assertEquals(naive.depth(address), frames.size() - 1,
                        name + " @0x" + Long.toHexString(address) + ": inline depth vs the INLINE records covering it");
            }
            List<Frame> ours = answer(s, address);
            Agreement a = Long.compareUnsigned(g.address(), base) < 0 ? Agreement.BELOW_IMAGE : classify(ours, g.frames());
            counts.merge(a, 1, Integer::sum);
            if (a != Agreement.IDENTICAL) {
                System.out.println(name + " " + a + " 0x" + Long.toHexString(g.address()) + ": ours " + ours
                        + " vs llvm-symbolizer " + g.frames());
            }
            if (a == Agreement.OTHER) {
                other.add("0x" + Long.toHexString(g.address()));
            }
        }
        System.out.println(name + ": " + golden.size() + " addresses against llvm-symbolizer-19: " + counts);
        assertEquals(List.of(), other, name + ": unexplained differences");
        return counts;
    }

    /** Our answer as frames: the .sym's FUNC chain, else its symbol table (PUBLICs). */
    static List<Frame> answer(BreakpadSymbols s, long address) {
        List<Frame> out = new ArrayList<>();
        for (SourceFrame f : s.lookup(address)) {
            out.add(SymbolizerOracle.of(f));
        }
        if (out.isEmpty()) {
            SymbolTable t = s.symbolTable();
            int i = t.indexOf(address);
            if (i >= 0) {
                out.add(new Frame(t.name(i), "", 0));
            }
        }
        return out;
    }

    static Agreement classify(List<Frame> ours, List<Frame> theirs) {
        if (ours.equals(theirs)) {
            return Agreement.IDENTICAL;
        }
        if (ours.size() == 1 && theirs.size() == 1 && theirs.get(0).function().equals("_end")) {
            return Agreement.PAST_LAST_SYMBOL;
        }
        if (ours.size() == theirs.size() && !ours.isEmpty()) {
            boolean locations = true;
            for (int i = 0; i < ours.size(); i++) {
                locations &= sameLocation(ours.get(i), theirs.get(i));
            }
            if (locations) {
                return Agreement.NAMES_DIFFER;
            }
            if (ours.size() == 1 && ours.get(0).file().isEmpty() && ours.get(0).line() == 0
                    && ours.get(0).function().equals(theirs.get(0).function()) && theirs.get(0).line() == 0) {
                return Agreement.PUBLIC_FILE_FROM_SYMTAB;
            }
        }
        if (ours.size() == 1 && ours.get(0).file().isEmpty() && ours.get(0).line() == 0 && theirs.isEmpty()) {
            return Agreement.PUBLIC_WITHOUT_DWARF;
        }
        if (ours.isEmpty() && theirs.size() == 1 && theirs.get(0).function().isEmpty()) {
            return Agreement.LINE_WITHOUT_FUNCTION;
        }
        if (!ours.isEmpty() && ours.size() < theirs.size() && sameLocation(ours.get(0), theirs.get(0))) {
            return Agreement.INLINES_NOT_IN_SYM;
        }
        return Agreement.OTHER;
    }

    private static boolean sameLocation(Frame a, Frame b) {
        return a.file().equals(b.file()) && a.line() == b.line();
    }

    /**
     * The INLINE records of a .sym whose ranges cover an address, counted by the most direct reading
     * of the text (every INLINE line of the FUNC covering it, new-style records with a call-site file):
     * an independent check of the depth our tables answer.
     */
    static final class NaiveInlines {
        private final List<long[]> functions = new ArrayList<>(); // start, end
        private final List<List<long[]>> inlineRanges = new ArrayList<>(); // per function: start, end pairs per record

        NaiveInlines(List<String> lines) {
            for (String l : lines) {
                String[] p = l.split(" ");
                if (p[0].equals("FUNC")) {
                    int k = p[1].equals("m") ? 2 : 1;
                    long start = Long.parseUnsignedLong(p[k], 16);
                    functions.add(new long[] {start, start + Long.parseUnsignedLong(p[k + 1], 16)});
                    inlineRanges.add(new ArrayList<>());
                } else if (p[0].equals("INLINE")) {
                    long[] r = new long[p.length - 5];
                    for (int i = 5; i < p.length; i++) {
                        r[i - 5] = Long.parseUnsignedLong(p[i], 16);
                    }
                    inlineRanges.get(inlineRanges.size() - 1).add(r);
                }
            }
        }

        int depth(long address) {
            for (int f = 0; f < functions.size(); f++) {
                if (address >= functions.get(f)[0] && address < functions.get(f)[1]) {
                    int n = 0;
                    for (long[] r : inlineRanges.get(f)) {
                        for (int i = 0; i + 1 < r.length; i += 2) {
                            if (r[i + 1] > 0 && address >= r[i] && address < r[i] + r[i + 1]) {
                                n++;
                                break;
                            }
                        }
                    }
                    return n;
                }
            }
            return 0;
        }
    }
}
