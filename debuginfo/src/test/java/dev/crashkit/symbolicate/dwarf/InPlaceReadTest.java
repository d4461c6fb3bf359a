package dev.crashkit.symbolicate.dwarf;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.format.elf.ElfFile;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Units and line programs too large to copy are read in place; answers must not change. */
class InPlaceReadTest {
    @Test
    void inPlaceReadsMatchGoldens() throws IOException {
        int saved = Cursor.maxWindow;
        Cursor.maxWindow = 0;
        try {
            Path macho = Path.of("testdata/dwarf/macho/Inline5.dSYM/Contents/Resources/DWARF/Inline5");
            Golden.Result m = Golden.check(DwarfContext.open(MachOTestSections.read(macho, MachOTestSections.CPU_ARM64)),
                    Path.of("testdata/dwarf/macho/Inline5"));
            Golden.Result e = Golden.check(
                    DwarfContext.open(DwarfSections.of(ElfFile.open(Path.of("testdata/elf/debug/app-gcc.debug")))),
                    Path.of("testdata/elf/golden/app-gcc"));
            assertTrue(m.addresses() > 400 && e.addresses() > 200);
            assertTrue(m.mismatches().isEmpty(), String.join("\n", m.mismatches()));
            assertTrue(e.mismatches().isEmpty(), String.join("\n", e.mismatches()));
        } finally {
            Cursor.maxWindow = saved;
        }
    }
}
