package dev.crashkit.symbolicate.format.elf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * GNU symbol versions against llvm-nm-19 (testdata/elf/versions/build.sh): every defined symbol of
 * the stripped library's .dynsym has the version .gnu.version/.gnu.version_d give it, and every
 * .symtab name of its debug file splits at its {@code @}/{@code @@} into name and version.
 */
class ElfSymbolVersionsTest {
    private static final Path DIR = Path.of("testdata/elf/versions");

    @Test
    void dynsymVersionsMatchLlvmNm() throws IOException {
        int versioned = compare("bin/libvers.so.1", "golden/libvers.so.1.dynsym.nm", true);
        assertTrue(versioned >= 8, "versioned symbols: " + versioned);
    }

    @Test
    void symtabNamesSplitAsLlvmNmPrintsThem() throws IOException {
        int versioned = compare("debug/libvers.so.1.debug", "golden/libvers.so.1.debug.nm", false);
        assertEquals(4, versioned, "compute@VERS_1.0, compute@@VERS_2.0, both@VERS_1.0, both@@VERS_2.0");
    }

    /** Compares each llvm-nm line (value, size, type, name[@[@]version]); returns how many had a version. */
    private static int compare(String file, String golden, boolean dynamic) throws IOException {
        List<ElfSymbol> symbols = new ArrayList<>(ElfFile.open(DIR.resolve(file)).symbols().stream()
                .filter(s -> s.dynamic() == dynamic && s.sectionIndex() != 0).toList());
        int versioned = 0;
        int lines = 0;
        for (String line : Files.readAllLines(DIR.resolve(golden))) {
            String[] f = line.trim().split("\\s+");
            if (f.length != 4) {
                continue;
            }
            lines++;
            long value = Long.parseUnsignedLong(f[0], 16);
            int at = f[3].indexOf('@', 1);
            String name = at < 0 ? f[3] : f[3].substring(0, at);
            String version = at < 0 ? "" : f[3].substring(f[3].startsWith("@@", at) ? at + 2 : at + 1);
            ElfSymbol s = symbols.stream().filter(x -> x.value() == value && x.baseName().equals(name)
                    && x.version().equals(version)).findFirst()
                    .orElseThrow(() -> new AssertionError(file + ": no symbol like llvm-nm's " + line + " among "
                            + symbols.stream().filter(x -> x.value() == value).toList()));
            assertEquals(Long.parseUnsignedLong(f[1], 16), s.size(), line);
            symbols.remove(s);
            versioned += version.isEmpty() ? 0 : 1;
        }
        assertTrue(lines >= 8, golden + ": " + lines + " lines");
        return versioned;
    }
}
