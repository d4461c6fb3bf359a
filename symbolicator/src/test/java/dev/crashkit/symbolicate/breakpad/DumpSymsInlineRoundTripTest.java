package dev.crashkit.symbolicate.breakpad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.Fixtures;
import dev.crashkit.symbolicate.breakpad.BreakpadOracleTest.Agreement;
import dev.crashkit.symbolicator.DumpSyms;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Our {@code dump-syms -d} read back by our Breakpad reader against llvm-symbolizer-19 on the same binary
 * (testdata/breakpad/golden, as {@link BreakpadOracleTest} checks Breakpad's own {@code dump_syms -d} output):
 * at every probed address the inline chain (each frame's function, file and line) must agree as it does for
 * Breakpad's file, with the same counts per class of difference, and the depth must be the INLINE records'.
 * The same for Mach-O dSYMs against the llvm-symbolizer-19 goldens of testdata/dwarf (golden.py).
 */
class DumpSymsInlineRoundTripTest {
    @Test
    void gccBuildReadsBackAsLlvmSymbolizerAnswers(@TempDir Path dir) throws Exception {
        Map<Agreement, Integer> counts = BreakpadOracleTest.compare(ours(dir, "shapes"),
                Fixtures.testdata("breakpad/golden/shapes.json.gz"), 0);
        assertEquals(Map.of(Agreement.IDENTICAL, 252, Agreement.NAMES_DIFFER, 144, Agreement.INLINES_NOT_IN_SYM, 64,
                Agreement.PUBLIC_FILE_FROM_SYMTAB, 12, Agreement.PUBLIC_WITHOUT_DWARF, 0,
                Agreement.LINE_WITHOUT_FUNCTION, 5, Agreement.PAST_LAST_SYMBOL, 1, Agreement.BELOW_IMAGE, 0,
                Agreement.OTHER, 0), counts);
    }

    @Test
    void clangBuildReadsBackAsLlvmSymbolizerAnswers(@TempDir Path dir) throws Exception {
        Map<Agreement, Integer> counts = BreakpadOracleTest.compare(ours(dir, "shapes-clang"),
                Fixtures.testdata("breakpad/golden/shapes-clang.json.gz"), 0);
        assertEquals(Map.of(Agreement.IDENTICAL, 278, Agreement.NAMES_DIFFER, 0, Agreement.INLINES_NOT_IN_SYM, 101,
                Agreement.PUBLIC_FILE_FROM_SYMTAB, 12, Agreement.PUBLIC_WITHOUT_DWARF, 0,
                Agreement.LINE_WITHOUT_FUNCTION, 4, Agreement.PAST_LAST_SYMBOL, 1, Agreement.BELOW_IMAGE, 0,
                Agreement.OTHER, 0), counts);
    }

    /** Mach-O .sym addresses are relative to __TEXT's vmaddr; the goldens probe the dSYM's own addresses. */
    private static final long MACOS_TEXT = 0x1_0000_0000L;

    /**
     * The counts of a DWARF 4 and a DWARF 5 build of testdata/dwarf/src (arm64): alike, as the two
     * differ only in how the DWARF is encoded. Breakpad's dump_syms_mac -d writes the DWARF 4 file byte for
     * byte as ours (DumpSymsMacOracleTest) and crashes on the DWARF 5 one, so there llvm-symbolizer is the
     * oracle. The inlines not in the .sym are the calls clang puts inside a DW_TAG_lexical_block, which
     * Breakpad does not read.
     */
    private static final Map<Agreement, Integer> INLINE_SOURCES_ARM64 = Map.of(Agreement.IDENTICAL, 277,
            Agreement.NAMES_DIFFER, 23, Agreement.INLINES_NOT_IN_SYM, 292, Agreement.PUBLIC_FILE_FROM_SYMTAB, 0,
            Agreement.PUBLIC_WITHOUT_DWARF, 0, Agreement.LINE_WITHOUT_FUNCTION, 0, Agreement.PAST_LAST_SYMBOL, 0,
            Agreement.BELOW_IMAGE, 3, Agreement.OTHER, 0);

    @Test
    void dsymDwarf4ReadsBackAsLlvmSymbolizerAnswers(@TempDir Path dir) throws Exception {
        assertEquals(INLINE_SOURCES_ARM64, BreakpadOracleTest.compare(
                ours(dir, "dwarf/macho/Inline4.dSYM", Optional.empty()),
                Fixtures.testdata("dwarf/macho/Inline4.json.gz"), MACOS_TEXT));
    }

    @Test
    void dsymDwarf5ReadsBackAsLlvmSymbolizerAnswers(@TempDir Path dir) throws Exception {
        assertEquals(INLINE_SOURCES_ARM64, BreakpadOracleTest.compare(
                ours(dir, "dwarf/macho/Inline5.dSYM", Optional.empty()),
                Fixtures.testdata("dwarf/macho/Inline5.json.gz"), MACOS_TEXT));
    }

    /** Both slices of a universal DWARF 5 dSYM; x86_64 adds one PUBLIC past the code ({@code g_sink}). */
    @Test
    void universalDsymSlicesReadBackAsLlvmSymbolizerAnswers(@TempDir Path dir) throws Exception {
        assertEquals(INLINE_SOURCES_ARM64, BreakpadOracleTest.compare(
                ours(dir, "dwarf/macho/InlineFat.dSYM", Optional.of("arm64")),
                Fixtures.testdata("dwarf/macho/InlineFat-arm64.json.gz"), MACOS_TEXT));
        assertEquals(Map.of(Agreement.IDENTICAL, 321, Agreement.NAMES_DIFFER, 25, Agreement.INLINES_NOT_IN_SYM, 315,
                Agreement.PUBLIC_FILE_FROM_SYMTAB, 0, Agreement.PUBLIC_WITHOUT_DWARF, 1,
                Agreement.LINE_WITHOUT_FUNCTION, 0, Agreement.PAST_LAST_SYMBOL, 0, Agreement.BELOW_IMAGE, 3,
                Agreement.OTHER, 0), BreakpadOracleTest.compare(
                        ours(dir, "dwarf/macho/InlineFat.dSYM", Optional.of("x86_64")),
                        Fixtures.testdata("dwarf/macho/InlineFat-x86_64.json.gz"), MACOS_TEXT));
    }

    /**
     * The two Xcode dSYMs (DWARF 2; golden every address of CrashProbeiOS, every 23rd of CrashLibiOS): the names
     * that differ are Breakpad's {@code <name omitted>} origins and its DW_AT_name-based names; the inlines not in
     * the .sym are the calls with DW_AT_ranges (DWARF 2 data4), which Breakpad does not read; the PUBLICs without
     * DWARF are CrashProbeiOS's Swift runtime thunks. CrashLibiOS is a framework: __TEXT at 0.
     */
    @Test
    void xcodeDsymsReadBackAsLlvmSymbolizerAnswers(@TempDir Path dir) throws Exception {
        assertEquals(Map.of(Agreement.IDENTICAL, 1806, Agreement.NAMES_DIFFER, 393, Agreement.INLINES_NOT_IN_SYM, 608,
                Agreement.PUBLIC_FILE_FROM_SYMTAB, 0, Agreement.PUBLIC_WITHOUT_DWARF, 12,
                Agreement.LINE_WITHOUT_FUNCTION, 0, Agreement.PAST_LAST_SYMBOL, 0, Agreement.BELOW_IMAGE, 3,
                Agreement.OTHER, 0), BreakpadOracleTest.compare(ours(dir,
                        "third-party/sentry-crashprobe/dSYMs/54039061-A983-3323-A49D-837A894D667F.dSYM",
                        Optional.empty()), Fixtures.testdata("dwarf/crashprobe/CrashProbeiOS.json.gz"), MACOS_TEXT));
        assertEquals(Map.of(Agreement.IDENTICAL, 4054, Agreement.NAMES_DIFFER, 247, Agreement.INLINES_NOT_IN_SYM, 406,
                Agreement.PUBLIC_FILE_FROM_SYMTAB, 0, Agreement.PUBLIC_WITHOUT_DWARF, 0,
                Agreement.LINE_WITHOUT_FUNCTION, 0, Agreement.PAST_LAST_SYMBOL, 0, Agreement.BELOW_IMAGE, 0,
                Agreement.OTHER, 0), BreakpadOracleTest.compare(ours(dir,
                        "third-party/sentry-crashprobe/dSYMs/3CD3E3CC-281E-3AF3-84EB-CDE6D56F0559.dSYM",
                        Optional.empty()), Fixtures.testdata("dwarf/crashprobe/CrashLibiOS.json.gz"), 0));
    }

    /** Our {@code dump-syms -d} of testdata/breakpad/bin/NAME, with its inline records. */
    private static Path ours(Path dir, String name) throws Exception {
        return ours(dir, "breakpad/bin/" + name, Optional.empty());
    }

    /** Our {@code dump-syms -d} of testdata/PATH (slice ARCH of a universal file), with its inline records. */
    private static Path ours(Path dir, String path, Optional<String> arch) throws Exception {
        Path sym = dir.resolve(Path.of(path).getFileName() + arch.map(a -> "." + a).orElse("") + ".sym");
        try (Writer out = Files.newBufferedWriter(sym, StandardCharsets.UTF_8)) {
            DumpSyms.open(Fixtures.testdata(path), Optional.empty(), arch, Optional.empty(), "Linux", true, true)
                    .write(out);
        }
        assertTrue(Files.readString(sym).contains("\nINLINE 0 "), path + ": inline records written");
        return sym;
    }
}
