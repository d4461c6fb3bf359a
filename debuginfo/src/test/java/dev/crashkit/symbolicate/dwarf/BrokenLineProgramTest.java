package dev.crashkit.symbolicate.dwarf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * A unit whose line program is damaged still names its functions from the DIEs, as llvm-symbolizer
 * and addr2line do (testdata/elf/broken, goldens by build.sh): only file and line are missing,
 * and each frame says why.
 */
class BrokenLineProgramTest {
    private static final Path ELF = Path.of("testdata/elf/broken/bad-line-program.elf");

    @Test
    void functionComesFromTheDiesWhenTheLinesCannot() throws IOException {
        // llvm-symbolizer-19: "f" then "??:0:0"; addr2line: "f" then "??:?".
        List<String> golden = Files.readAllLines(Path.of("testdata/elf/broken/bad-line-program.llvm-symbolizer.txt"));
        assertEquals("??:0:0", golden.get(1));
        assertEquals(golden.get(0), Files.readAllLines(Path.of("testdata/elf/broken/bad-line-program.addr2line.txt"))
                .get(0));
        DwarfContext dwarf = DwarfContext.open(ELF.toString(), DwarfSections.of(ObjectFiles.open(ELF).get(0)));

        List<SourceFrame> frames = dwarf.lookup(0x1005);

        assertEquals(1, frames.size());
        SourceFrame f = frames.get(0);
        assertEquals(Optional.of(golden.get(0)), f.functionName());
        assertEquals(Optional.empty(), f.file());
        assertEquals(0, f.line());
        assertEquals(OptionalLong.of(0x1000), f.startAddress());
        String why = f.lineProblem().orElseThrow();
        assertTrue(why.startsWith(ELF + ": line program: "), why);
        // The failure is kept with the unit: every address of it answers alike.
        assertEquals(frames, dwarf.lookup(0x10ff));
        assertEquals(frames, dwarf.lookup(0x1000));
    }
}
