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
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Our dump-syms on Mach-O files and dSYMs against Breakpad's own Mac {@code dump_syms} (built on Linux from the
 * Breakpad sources of npm minidump 0.26.0 by testdata/dumpsyms/make_mac_goldens.sh): for every case of
 * testdata/dumpsyms/mac-cases.txt (thin, universal with {@code -a}, stripped, dSYM bundles and DWARF files, a
 * binary with its dSYM through {@code -g}, {@code -c}, {@code -n}, and {@code -d}'s INLINE_ORIGIN and INLINE
 * records), the symbol file must be Breakpad's byte for byte. The one case Breakpad refuses (an arm64e binary with its dSYM) is checked separately.
 */
class DumpSymsMacOracleTest {
    /** A case of mac-cases.txt: its name and dump_syms arguments. */
    record Case(String name, List<String> args) {
        @Override
        public String toString() {
            return name + " " + String.join(" ", args);
        }
    }

    /** Where we differ from Breakpad on purpose; a test of its own checks each. */
    private static final java.util.Set<String> DIFFERS_FROM_BREAKPAD = java.util.Set.of(
            "App-arm64e+dSYM", // splitArm64eBinaryWithItsDsym
            "App-x86_64+dSYM-nocfi"); // noCfiStillReadsTheDsym

    static Stream<Case> cases() throws IOException {
        return Files.readAllLines(TestData.file("dumpsyms/mac-cases.txt"), StandardCharsets.UTF_8).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#"))
                .map(l -> l.split(" "))
                .map(w -> new Case(w[0], List.of(Arrays.copyOfRange(w, 1, w.length))))
                .filter(c -> !DIFFERS_FROM_BREAKPAD.contains(c.name()));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void writesWhatBreakpadsMacDumpSymsWrites(Case c) throws Exception {
        assertEquals(golden(c.name()), ours(c.args()), c.toString());
    }

    /**
     * {@code dump_syms -g App-arm64e.dSYM App-arm64e}: Breakpad's Linux build names the binary's CPU subtype
     * {@code 0x80000002} (arm64e with pointer-authentication ABI bits) {@code arm64} and the dSYM's subtype 2
     * {@code arm64e}, then refuses the pair as an architecture mismatch (its error is the golden's .fails file).
     * We compare CPU type and subtype with the capability bits masked, as dump_syms -a does, and write the dSYM's
     * file; the arm64 binary has no {@code __eh_frame}, so that is Breakpad's own output for the dSYM alone.
     */
    @Test
    void splitArm64eBinaryWithItsDsym() throws Exception {
        String refusal = Files.readString(TestData.file("dumpsyms/golden/mac/App-arm64e+dSYM.fails"));
        assertTrue(refusal.contains("Architecture mismatch: binary=[arm64], dSYM=[arm64e]"), refusal);
        assertEquals(Files.readString(TestData.file("dumpsyms/golden/mac/App-arm64e.dSYM.sym")),
                ours(List.of("-g", "App-arm64e.dSYM", "App-arm64e")));
    }

    /**
     * {@code dump_syms -c -g App-x86_64.dSYM App-x86_64}: Breakpad's tool reads the dSYM only to take CFI from both
     * files, so with {@code -c} it ignores {@code -g} and writes the binary's stabs-only file (its golden equals
     * that of {@code -c App-x86_64}), losing every line. We read the dSYM, as {@code -c App-x86_64.dSYM} does.
     */
    @Test
    void noCfiStillReadsTheDsym() throws Exception {
        assertEquals(Files.readString(TestData.file("dumpsyms/golden/mac/App-x86_64-nocfi.sym")),
                Files.readString(TestData.file("dumpsyms/golden/mac/App-x86_64+dSYM-nocfi.sym")));
        assertEquals(Files.readString(TestData.file("dumpsyms/golden/mac/App-x86_64.dSYM-nocfi.sym")),
                ours(List.of("-c", "-g", "App-x86_64.dSYM", "App-x86_64")));
    }

    @Test
    void storeLayoutOfADsymIsNameDebugIdName(@TempDir Path store) throws Exception {
        Path written = DumpSyms.open(macho("App-arm64.dSYM"), Optional.empty(), Optional.empty(), Optional.empty(),
                "Linux", true).writeTo(store);
        assertEquals(store.resolve("App-arm64/4C4C44F255553144A157E368F8FB0F1A0/App-arm64.sym"), written);
    }

    @Test
    void universalFileWithoutArchNamesItsSlices() {
        CrashkitException e = assertThrows(CrashkitException.class, () -> ours(List.of("App-fat")));
        assertTrue(e.getMessage().contains("App-fat") && e.getMessage().contains("x86_64, arm64")
                && e.getMessage().contains("--arch"), e.getMessage());
        e = assertThrows(CrashkitException.class, () -> ours(List.of("-a", "x86_64", "App-arm64")));
        assertTrue(e.getMessage().contains("no x86_64 slice (has arm64)"), e.getMessage());
        e = assertThrows(CrashkitException.class, () -> ours(List.of("-a", "sparc", "App-arm64")));
        assertTrue(e.getMessage().contains("unknown architecture sparc"), e.getMessage());
    }

    /** As Breakpad's -g does, a dSYM of another build (other UUID) or of another name is refused. */
    @Test
    void binaryAndDsymMustMatch() {
        CrashkitException e = assertThrows(CrashkitException.class,
                () -> ours(List.of("-g", "mismatch/App-arm64.dSYM", "App-arm64")));
        assertTrue(e.getMessage().contains("do not match"), e.getMessage());
        e = assertThrows(CrashkitException.class, () -> ours(List.of("-g", "App-arm64.dSYM", "App-ios-arm64")));
        assertTrue(e.getMessage().contains("do not match"), e.getMessage());
    }

    /**
     * Without LC_UUID the module is named by a hash of its sections (the no-uuid cases of mac-cases.txt match
     * Breakpad's); a section table whose sections overlap far past the file's size (testdata/dumpsyms/make_no_uuid.py;
     * Breakpad refuses it too, for a section outside its segment) is refused in one line naming the file before
     * anything is hashed, so the time stays linear in the file's size.
     */
    @Test
    void withoutUuidOverlappingSectionsAreRefused() {
        CrashkitException e = assertThrows(CrashkitException.class,
                () -> ours(List.of("../dumpsyms/no-uuid/App-x86_64-overlapping-fail")));
        assertTrue(e.getMessage().contains("App-x86_64-overlapping-fail: no LC_UUID")
                && e.getMessage().contains("corrupt section table"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    /** Every broken Mach-O of testdata/macho/broken: one line naming the file, never a stack trace or a hang. */
    @Test
    void brokenFilesFailWithOneLineNamingTheFile(@TempDir Path dir) throws Exception {
        try (Stream<Path> files = Files.list(TestData.file("macho/broken"))) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith("-fail")).toList()) {
                CrashkitException e = assertThrows(CrashkitException.class, () -> {
                    StringWriter out = new StringWriter();
                    DumpSyms.open(f, Optional.empty(), Optional.of("x86_64"), Optional.empty(), "Linux", true)
                            .write(out);
                }, f.toString());
                assertTrue(e.getMessage().contains(f.getFileName().toString()), e.getMessage());
                assertFalse(e.getMessage().contains("\n"), e.getMessage());
            }
        }
        Path bundle = dir.resolve("Two.dSYM/Contents/Resources/DWARF");
        Files.createDirectories(bundle);
        Files.writeString(bundle.resolve("a"), "a");
        Files.writeString(bundle.resolve("b"), "b");
        CrashkitException e = assertThrows(CrashkitException.class,
                () -> DumpSyms.open(dir.resolve("Two.dSYM"), Optional.empty(), Optional.empty(), Optional.empty(),
                        "Linux", true));
        assertTrue(e.getMessage().contains("found 2"), e.getMessage());
    }

    /** golden/mac/NAME.sym, or NAME.sym.gz (make_mac_goldens.sh gzips the big ones). */
    private static String golden(String name) throws IOException {
        Path plain = TestData.file("dumpsyms").resolve("golden/mac/" + name + ".sym");
        if (Files.exists(plain)) {
            return Files.readString(plain, StandardCharsets.UTF_8);
        }
        try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(TestData.file("dumpsyms/golden/mac/" + name
                + ".sym.gz")))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static Path macho(String path) {
        return TestData.file("macho/" + path);
    }

    /** Runs our dump-syms with dump_syms_mac's arguments (-a, -g, -c, -d, -n, then the file; paths in testdata/macho). */
    private static String ours(List<String> args) throws IOException {
        Optional<String> arch = Optional.empty();
        Optional<Path> dsym = Optional.empty();
        Optional<String> name = Optional.empty();
        boolean cfi = true;
        boolean inlines = false;
        int i = 0;
        for (; i < args.size() - 1; i++) {
            switch (args.get(i)) {
                case "-a" -> arch = Optional.of(args.get(++i));
                case "-g" -> dsym = Optional.of(macho(args.get(++i)));
                case "-n" -> name = Optional.of(args.get(++i));
                case "-c" -> cfi = false;
                case "-d" -> inlines = true;
                default -> throw new IllegalArgumentException("unknown option " + args.get(i));
            }
        }
        StringWriter out = new StringWriter();
        DumpSyms.open(macho(args.get(i)), dsym, arch, name, "Linux", cfi, inlines).write(out);
        return out.toString();
    }
}
