package dev.crashkit.symbolicate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** atos on an ELF whose line program is damaged: llvm-symbolizer's function name, and a warning why no line. */
class AtosBrokenLineProgramTest {

    @Test
    void namesTheFunctionAndWarnsAboutTheLines() throws IOException {
        String f = Files.readAllLines(Path.of("testdata/elf/broken/bad-line-program.llvm-symbolizer.txt")).get(0);

        CliTest.Run r = CliTest.run("atos", "-o", "testdata/elf/broken/bad-line-program.elf", "0x1005");

        assertEquals(ExitCodes.OK, r.code(), r.err());
        assertEquals(f + " (in bad-line-program.elf) + 5", r.out().strip());
        assertTrue(r.err().contains("bad-line-program.elf: line program: ")
                && r.err().contains("(functions named without file and line)"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }
}
