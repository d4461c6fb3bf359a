package dev.crashkit.symbolicator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.testkit.TestData;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Our dump-syms against Breakpad's own {@code dump_syms} (npm package minidump 0.26.0): for every ELF file
 * testdata/dumpsyms/inputs.txt lists, and for the minidump fixture's binary, the symbol file must be Breakpad's
 * byte for byte (testdata/dumpsyms/make_goldens.sh and testdata/minidump/make_sym.sh made the goldens), and with
 * inline records ({@code -d}) for every file testdata/dumpsyms/inline-inputs.txt lists. When a file differs, the
 * first differing line is named.
 */
class DumpSymsOracleTest {
    static Stream<String> inputs() throws IOException {
        return Files.readAllLines(TestData.file("dumpsyms/inputs.txt"), StandardCharsets.UTF_8).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#"));
    }

    static Stream<String> inlineInputs() throws IOException {
        return Files.readAllLines(TestData.file("dumpsyms/inline-inputs.txt"), StandardCharsets.UTF_8).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#"));
    }

    @ParameterizedTest
    @MethodSource("inputs")
    void writesWhatBreakpadsDumpSymsWrites(String input) throws Exception {
        Path file = TestData.file(input);
        Path golden = TestData.file("dumpsyms/golden/" + file.getFileName() + ".sym");
        assertSame(golden, ours(file, false));
    }

    /** {@code dump_syms -d}: the FILE table with the inlined calls' files, INLINE_ORIGIN and INLINE records. */
    @ParameterizedTest
    @MethodSource("inlineInputs")
    void writesWhatBreakpadsDumpSymsWritesWithInlineRecords(String input) throws Exception {
        Path file = TestData.file(input);
        Path golden = TestData.file("dumpsyms/golden/inline/" + file.getFileName() + ".sym");
        String ours = ours(file, true);
        assertSame(golden, ours);
        assertTrue(ours.contains("\nINLINE 0 "), "the case has inlined calls");
    }

    /** The static, -O2, frame-pointer-less binary the minidump fixtures were written from (C, C++ and libc). */
    @Test
    void writesBreakpadsSymbolFileOfTheMinidumpFixture() throws Exception {
        assertSame(TestData.file("minidump/sym/crashy/E739390F2DB70873B7AF11A3B6C4767E0/crashy.sym"),
                ours(TestData.file("minidump/crashy"), false));
    }

    @Test
    void storeLayoutIsNameDebugIdName(@TempDir Path store) throws Exception {
        Path written = DumpSyms.open(TestData.file("minidump/crashy"), Optional.empty(), "Linux", true).writeTo(store);
        assertEquals(store.resolve("crashy/E739390F2DB70873B7AF11A3B6C4767E0/crashy.sym"), written);
        try (var files = Files.list(written.getParent())) {
            assertEquals(1, files.count(), "no temporary file left behind");
        }
    }

    @Test
    void badInputsFailWithOneLineNamingTheFile(@TempDir Path dir) throws Exception {
        Path text = dir.resolve("notes.txt");
        Files.writeString(text, "not an object file\n");
        CrashkitException e = assertThrows(CrashkitException.class,
                () -> DumpSyms.open(text, Optional.empty(), "Linux", true));
        assertTrue(e.getMessage().contains("notes.txt") && e.getMessage().contains("not an ELF file"), e.getMessage());
        byte[] elf = Files.readAllBytes(TestData.file("elf/bin/app-gcc"));
        Path truncated = dir.resolve("truncated");
        Files.write(truncated, java.util.Arrays.copyOf(elf, 100));
        e = assertThrows(CrashkitException.class, () -> DumpSyms.open(truncated, Optional.empty(), "Linux", true));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertThrows(CrashkitException.class, () -> DumpSyms.open(dir.resolve("missing"), Optional.empty(), "Linux", true));
    }

    private static String ours(Path file, boolean inlines) throws IOException {
        StringWriter out = new StringWriter();
        DumpSyms.open(file, Optional.empty(), Optional.empty(), Optional.empty(), "Linux", true, inlines).write(out);
        return out.toString();
    }

    private static void assertSame(Path golden, String ours) throws IOException {
        List<String> want = Files.readAllLines(golden, StandardCharsets.UTF_8);
        List<String> got = new ArrayList<>(List.of(ours.split("\n", -1)));
        if (!got.isEmpty() && got.get(got.size() - 1).isEmpty()) {
            got.remove(got.size() - 1);
        }
        for (int i = 0; i < Math.min(want.size(), got.size()); i++) {
            assertEquals(want.get(i), got.get(i), golden.getFileName() + " line " + (i + 1));
        }
        assertEquals(want.size(), got.size(), golden.getFileName() + ": number of lines");
    }
}
