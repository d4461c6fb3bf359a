package dev.crashkit.symbolicate.dwarf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.testkit.TestData;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** dSYM DWARF (4, 5, fat) against llvm-symbolizer-19 goldens from testdata/dwarf/build.sh. */
class MachODwarfGoldenTest {
    private static final Path DIR = Path.of("testdata/dwarf/macho");

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("Inline4", "Inline4", MachOTestSections.CPU_ARM64),
                Arguments.of("Inline5", "Inline5", MachOTestSections.CPU_ARM64),
                Arguments.of("InlineFat", "InlineFat-arm64", MachOTestSections.CPU_ARM64),
                Arguments.of("InlineFat", "InlineFat-x86_64", MachOTestSections.CPU_X86_64));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("cases")
    void matchesLlvmSymbolizer(String image, String golden, int cputype) throws IOException {
        Path dwarf = DIR.resolve(image + ".dSYM/Contents/Resources/DWARF/" + image);
        DwarfContext ctx = DwarfContext.open(dwarf.toString(), MachOTestSections.read(dwarf, cputype));
        assertEquals(4, ctx.unitCount());
        Golden.Result r = Golden.check(ctx, DIR.resolve(golden));
        System.out.printf("%s: %d addresses, %d frames, %d mismatches%n", golden, r.addresses(), r.frames(),
                r.mismatches().size());
        assertTrue(r.addresses() > 400, "golden too small: " + r.addresses());
        assertTrue(r.mismatches().isEmpty(), String.join("\n", r.mismatches().subList(0, Math.min(30, r.mismatches().size()))));
    }

    /** The real CrashProbe dSYMs (Apple dsymutil, DWARF 2, ObjC/Swift/C++) from testdata/third-party. */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.CsvSource({
        "54039061-A983-3323-A49D-837A894D667F, CrashProbeiOS",
        "3CD3E3CC-281E-3AF3-84EB-CDE6D56F0559, CrashLibiOS"})
    void crashProbeDsymsMatchLlvmSymbolizer(String uuid, String image) throws IOException {
        Path dwarf = TestData.thirdParty("sentry-crashprobe/dSYMs/" + uuid + ".dSYM/Contents/Resources/DWARF/" + image);
        DwarfContext ctx = DwarfContext.open(dwarf.toString(), MachOTestSections.read(dwarf, MachOTestSections.CPU_ARM64));
        Golden.Result r = Golden.check(ctx, Path.of("testdata/dwarf/crashprobe").resolve(image));
        System.out.printf("%s: %d addresses, %d frames, %d mismatches%n", image, r.addresses(), r.frames(),
                r.mismatches().size());
        assertTrue(r.addresses() > 1000, "golden too small: " + r.addresses());
        assertTrue(r.mismatches().isEmpty(), String.join("\n", r.mismatches().subList(0, Math.min(30, r.mismatches().size()))));
    }
}
