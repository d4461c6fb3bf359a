package dev.crashkit.symbolicate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.testkit.TestData;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code symbolicate dump-syms}: the store layout, and the documented exit codes with a one-line error. */
class DumpSymsCommandTest {
    @Test
    void storeGetsBreakpadsFile(@TempDir Path store) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), "dump-syms", "--store", store.toString(),
                TestData.file("minidump/crashy").toString());
        assertEquals(0, code, err.toString());
        Path written = store.resolve("crashy/E739390F2DB70873B7AF11A3B6C4767E0/crashy.sym");
        assertEquals(written.toString(), out.toString().trim());
        assertEquals(Files.readString(TestData.file("minidump/sym/crashy/E739390F2DB70873B7AF11A3B6C4767E0/crashy.sym")),
                Files.readString(written));
    }

    /** -d: Breakpad's dump_syms -d output, INLINE_ORIGIN and INLINE records with it. */
    @Test
    void inlineRecordsWithDashD(@TempDir Path store) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), "dump-syms", "-d", "--store", store.toString(),
                TestData.file("dumpsyms/bin-names").toString());
        assertEquals(0, code, err.toString());
        Path written = Path.of(out.toString().trim());
        assertEquals(Files.readString(TestData.file("dumpsyms/golden/inline/bin-names.sym")), Files.readString(written));
    }

    /** -d on a binary with its dSYM: Breakpad's Mac dump_syms -d -g output, the dSYM's inlined calls with it. */
    @Test
    void inlineRecordsOfADsymWithDashD(@TempDir Path store) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), "dump-syms", "-d", "--dsym",
                TestData.file("dwarf/macho/Inline4.dSYM").toString(), "--store", store.toString(),
                TestData.file("dwarf/macho/Inline4").toString());
        assertEquals(0, code, err.toString());
        Path written = Path.of(out.toString().trim());
        assertEquals(Files.readString(TestData.file("dumpsyms/golden/mac/Inline4+dSYM-inlines.sym")),
                Files.readString(written));
    }

    /** A slice of a universal binary with its universal dSYM: Breakpad's Mac dump_syms -a arm64 -g output. */
    @Test
    void universalBinaryWithItsDsym(@TempDir Path store) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), "dump-syms", "--arch", "arm64", "--dsym",
                TestData.file("macho/App-fat.dSYM").toString(), "--store", store.toString(),
                TestData.file("macho/App-fat").toString());
        assertEquals(0, code, err.toString());
        Path written = store.resolve("App-fat/4C4C449655553144A13187BD71641C8C0/App-fat.sym");
        assertEquals(written.toString(), out.toString().trim());
        assertEquals(Files.readString(TestData.file("dumpsyms/golden/mac/App-fat+dSYM.arm64.sym")),
                Files.readString(written));
    }

    @Test
    void universalWithoutArchIsExitThree() {
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(new StringWriter()), new PrintWriter(err), "dump-syms",
                TestData.file("macho/App-fat").toString());
        assertEquals(ExitCodes.INVALID_INPUT, code);
        assertTrue(err.toString().contains("choose one with --arch"), err.toString());
    }

    @Test
    void notElfIsExitThreeWithOneLine(@TempDir Path dir) throws Exception {
        Path text = dir.resolve("notes.txt");
        Files.writeString(text, "hello\n");
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(new StringWriter()), new PrintWriter(err), "dump-syms", text.toString());
        assertEquals(ExitCodes.INVALID_INPUT, code);
        String message = err.toString().trim();
        assertTrue(message.startsWith("error: ") && message.contains("notes.txt") && !message.contains("\n"), message);
    }

    @Test
    void missingFileIsExitThree(@TempDir Path dir) {
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(new StringWriter()), new PrintWriter(err), "dump-syms",
                dir.resolve("nothing").toString());
        assertEquals(ExitCodes.INVALID_INPUT, code);
        assertEquals(1, err.toString().trim().lines().count(), err.toString());
    }
}
