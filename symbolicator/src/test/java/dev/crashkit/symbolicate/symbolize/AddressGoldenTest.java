package dev.crashkit.symbolicate.symbolize;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.demangle.detect.Demanglers;
import dev.crashkit.symbolicate.format.macho.MachOFile;
import dev.crashkit.symbolicate.format.macho.MachOImage;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Link-time address lookups against testdata/macho/golden/*.addresses.tsv (expectations derived
 * by testdata/macho/build.sh from llvm-nm, llvm-objdump section headers and function starts).
 * Each binary is checked twice: alone (its own symtab + LC_FUNCTION_STARTS) and as a dSYM plus
 * binary (the dSYM's symtab bounded by the binary's function starts), which must agree.
 */
class AddressGoldenTest {
    private static final Path MACHO = Path.of("testdata", "macho");

    static Stream<Arguments> goldens() throws IOException {
        List<Arguments> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(MACHO.resolve("golden"))) {
            for (Path g : s.filter(p -> p.toString().endsWith(".addresses.tsv")).sorted().toList()) {
                String stem = g.getFileName().toString().replace(".addresses.tsv", "");
                // "App-fat.arm64" is the arm64 slice of App-fat; others are thin files.
                String file = stem;
                String arch = null;
                if (stem.startsWith("App-fat.")) {
                    file = "App-fat";
                    arch = stem.substring("App-fat.".length());
                }
                out.add(Arguments.of(stem, g, MACHO.resolve(file), arch, MACHO.resolve(file + ".dSYM")));
            }
        }
        assertFalse(out.isEmpty());
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldens")
    void binaryAlone(String name, Path golden, Path binary, String arch, Path dsym) throws IOException {
        check(golden, binary, arch, List.of(binary));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldens")
    void dsymWithBinary(String name, Path golden, Path binary, String arch, Path dsym) throws IOException {
        check(golden, binary, arch, List.of(dsym, binary));
    }

    private static void check(Path golden, Path binary, String arch, List<Path> debugFiles) throws IOException {
        MachOImage slice = MachOFile.open(binary).slices().stream()
                .filter(s -> arch == null || s.arch().label().equals(arch)).findFirst().orElseThrow();
        DebugId id = slice.uuid().orElseThrow();
        ModuleCache cache = new ModuleCache(DebugFileIndex.scan(debugFiles, Diagnostics.ignore()));
        DebugModule module = cache.get(id).loaded().orElseThrow(() -> new AssertionError("no module for " + id));
        SymbolTable table = module.symbols();
        List<String> failures = new ArrayList<>();
        int rows = 0;
        for (String line : Files.readAllLines(golden)) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            rows++;
            String[] c = line.split("\t", -1);
            long address = Long.parseUnsignedLong(c[0].substring(2), 16);
            int i = table.indexOf(address);
            String got = i < 0 ? "-\t-" : table.name(i) + "\t0x" + Long.toHexString(table.start(i));
            String want = c[2] + "\t" + c[3];
            if (!got.equals(want)) {
                failures.add(c[0] + " (" + c[1] + "): want [" + want + "] got [" + got + "]");
            } else if (i >= 0) {
                // Column 5 is llvm-cxxfilt's rendering of the name.
                String demangled = Demanglers.demangle(table.name(i), DemangleStyle.FULL);
                if (!demangled.equals(c[4])) {
                    failures.add(c[0] + ": demangled want [" + c[4] + "] got [" + demangled + "]");
                }
            }
        }
        assertTrue(rows > 10, "too few rows in " + golden);
        assertTrue(failures.isEmpty(), module.file() + ":\n" + String.join("\n", failures));
    }
}
