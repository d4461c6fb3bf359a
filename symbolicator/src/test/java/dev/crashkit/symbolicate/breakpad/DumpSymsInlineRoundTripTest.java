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
 */
class DumpSymsInlineRoundTripTest {
    @Test
    void gccBuildReadsBackAsLlvmSymbolizerAnswers(@TempDir Path dir) throws Exception {
        Map<Agreement, Integer> counts = BreakpadOracleTest.compare(ours(dir, "shapes"),
                Fixtures.testdata("breakpad/golden/shapes.json.gz"), 0);
        assertEquals(Map.of(Agreement.IDENTICAL, 252, Agreement.NAMES_DIFFER, 144, Agreement.INLINES_NOT_IN_SYM, 64,
                Agreement.PUBLIC_FILE_FROM_SYMTAB, 12, Agreement.LINE_WITHOUT_FUNCTION, 5,
                Agreement.PAST_LAST_SYMBOL, 1, Agreement.BELOW_IMAGE, 0, Agreement.OTHER, 0), counts);
    }

    @Test
    void clangBuildReadsBackAsLlvmSymbolizerAnswers(@TempDir Path dir) throws Exception {
        Map<Agreement, Integer> counts = BreakpadOracleTest.compare(ours(dir, "shapes-clang"),
                Fixtures.testdata("breakpad/golden/shapes-clang.json.gz"), 0);
        assertEquals(Map.of(Agreement.IDENTICAL, 278, Agreement.NAMES_DIFFER, 0, Agreement.INLINES_NOT_IN_SYM, 101,
                Agreement.PUBLIC_FILE_FROM_SYMTAB, 12, Agreement.LINE_WITHOUT_FUNCTION, 4,
                Agreement.PAST_LAST_SYMBOL, 1, Agreement.BELOW_IMAGE, 0, Agreement.OTHER, 0), counts);
    }

    /** Our {@code dump-syms -d} of testdata/breakpad/bin/NAME, with its inline records. */
    private static Path ours(Path dir, String name) throws Exception {
        Path sym = dir.resolve(name + ".sym");
        try (Writer out = Files.newBufferedWriter(sym, StandardCharsets.UTF_8)) {
            DumpSyms.open(Fixtures.testdata("breakpad/bin/" + name), Optional.empty(), Optional.empty(),
                    Optional.empty(), "Linux", true, true).write(out);
        }
        assertTrue(Files.readString(sym).contains("\nINLINE 0 "), name + ": inline records written");
        return sym;
    }
}
