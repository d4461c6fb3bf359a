package dev.crashkit.symbolicate.dwarf;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.format.elf.ElfFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * ELF DWARF (gcc DWARF 2/3/5, clang DWARF 4/5; 32/64-bit; both byte orders; separate and
 * compressed debug files; the 64-bit DWARF format; DW_AT_MIPS_linkage_name from clang DWARF 3) against llvm-symbolizer-19 goldens from testdata/elf/build.sh.
 */
class ElfDwarfGoldenTest {
    private static final Path ELF = Path.of("testdata/elf");

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("debug/app-gcc.debug", "app-gcc"),
                Arguments.of("debug/libshapes-gcc.so.debug", "libshapes-gcc.so"),
                Arguments.of("debug/app-clang.debug", "app-clang"),
                Arguments.of("debug/libshapes-clang.so.debug", "libshapes-clang.so"),
                Arguments.of("bin/app-gcc-dwarf2", "app-gcc-dwarf2"),
                Arguments.of("bin/app-gcc-dwarf3", "app-gcc-dwarf3"),
                Arguments.of("bin/app-i386", "app-i386"),
                Arguments.of("bin/app-ppc32be", "app-ppc32be"),
                Arguments.of("bin/app-ppc64be", "app-ppc64be"),
                Arguments.of("bin/app-dwarf64", "app-dwarf64"),
                Arguments.of("bin/app-clang-dwarf3", "app-clang-dwarf3"),
                Arguments.of("debug/app-gcc.zlib.debug", "app-gcc"),
                Arguments.of("debug/app-gcc.zdebug.debug", "app-gcc"),
                Arguments.of("debug/app-gcc.zstd.debug", "app-gcc"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void matchesLlvmSymbolizer(String file, String golden) throws IOException {
        ElfFile elf = ElfFile.open(ELF.resolve(file));
        assertTrue(elf.hasDwarf(), file + " has no DWARF");
        DwarfContext ctx = DwarfContext.open(file, DwarfSections.of(elf));
        Golden.Result r = Golden.check(ctx, ELF.resolve("golden").resolve(golden));
        System.out.printf("%s: %d addresses, %d frames, %d mismatches%n", file, r.addresses(), r.frames(),
                r.mismatches().size());
        assertTrue(r.addresses() > 200, "golden too small: " + r.addresses());
        assertTrue(r.mismatches().isEmpty(),
                String.join("\n", r.mismatches().subList(0, Math.min(30, r.mismatches().size()))));
    }
}
