package dev.crashkit.symbolicate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** atos mode against the link-time address goldens of testdata/macho (llvm-nm / function-starts derived). */
class AtosCommandTest {

    @Test
    void everyGoldenAddressPrintsLikeAtos() throws IOException {
        // The linked binary has no DWARF (it stays in the object files): pure symbol-table answers.
        List<String> args = new ArrayList<>(List.of("atos", "-o", "testdata/macho/App-arm64", "--demangle", "none",
                "-l", "0x200000000"));
        List<String> want = new ArrayList<>();
        long slide = 0x200000000L - 0x100000000L;
        for (String line : Files.readAllLines(Path.of("testdata/macho/golden/App-arm64.addresses.tsv"))) {
            if (line.startsWith("#")) {
                continue;
            }
            String[] c = line.split("\t", -1);
            long link = Long.parseUnsignedLong(c[0].substring(2), 16);
            long runtime = link + slide;
            args.add("0x" + Long.toHexString(runtime));
            want.add(c[2].equals("-") ? "0x" + Long.toHexString(runtime)
                    : c[2] + " (in App-arm64) + " + (link - Long.parseUnsignedLong(c[3].substring(2), 16)));
        }
        CliTest.Run r = CliTest.run(args.toArray(String[]::new));
        assertEquals(ExitCodes.OK, r.code(), r.err());
        assertEquals(want, r.out().lines().toList());
    }

    /**
     * {@code --uuid} over a folder with damaged files: the folder's noise is one summary line, as for a
     * report, and the answer is llvm-symbolizer's for that address (testdata/macho/golden/App-arm64.dsym-symbolizer.txt).
     */
    @Test
    void byUuidAFoldersDamagedFilesAreOneLine() {
        CliTest.Run r = CliTest.run("atos", "--uuid", "4C4C44F2-5555-3144-A157-E368F8FB0F1A", "--dsym", "testdata/macho",
                "--no-cache", "0x100000880");
        assertEquals(ExitCodes.OK, r.code(), r.err());
        assertEquals(List.of("ck_crash_null (in App-arm64) (app.c:27)"), r.out().lines().toList());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("warning: skipped 3 file(s) under --dsym"), r.err());
    }

    /**
     * A stripped binary as -o: each function start of golden/&lt;v&gt;.expected.tsv (llvm-nm names of the
     * unstripped build) prints its name, or the bare address for a function no metadata names.
     */
    @Test
    void strippedBinaryNamesItsObjcExportedAndSwiftCode() throws IOException {
        List<String> args = new ArrayList<>(List.of("atos", "-o", "testdata/macho/objc/Shapes-arm64e", "--demangle",
                "none", "-l", "0x100000000"));
        List<String> want = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("testdata/macho/objc/golden/Shapes-arm64e.expected.tsv"))) {
            if (line.startsWith("#")) {
                continue;
            }
            String[] c = line.split("\t", -1);
            long pc = Long.decode(c[0]) + 4;
            args.add("0x" + Long.toHexString(pc));
            want.add(c[3].equals("-") ? "0x" + Long.toHexString(pc) : c[3] + " (in Shapes-arm64e) + 4");
        }
        CliTest.Run r = CliTest.run(args.toArray(String[]::new));
        assertEquals(ExitCodes.OK, r.code(), r.err());
        assertEquals(want, r.out().lines().toList());
        assertEquals(23, want.size());
    }

    /**
     * With the dSYM, lines come from DWARF: against llvm-symbolizer's output for the same
     * addresses (testdata/macho/golden/App-arm64.dsym-symbolizer.txt, raw names).
     */
    @Test
    void dsymAnswersWithFileAndLineLikeLlvmSymbolizer() throws IOException {
        List<String> blocks = List.of(Files.readString(Path.of("testdata/macho/golden/App-arm64.dsym-symbolizer.txt"))
                .strip().split("\n\n"));
        List<String> args = new ArrayList<>(List.of("atos", "-o", "testdata/macho/App-arm64.dSYM", "--demangle", "none", "-i"));
        for (String b : blocks) {
            args.add(b.lines().findFirst().orElseThrow());
        }
        List<String> got = CliTest.run(args.toArray(String[]::new)).out().lines().toList();
        int at = 0;
        int compared = 0;
        for (String b : blocks) {
            List<String> l = b.lines().toList();
            if (l.get(2).startsWith("??")) {
                // No DWARF line for it: atos falls back to the symbol table (checked above) or echoes it.
                assertTrue(!got.get(at).contains(".c:") && !got.get(at).contains(".cpp:") && !got.get(at).contains(".m:"),
                        l.get(0) + " -> " + got.get(at));
                at++;
                continue;
            }
            for (int k = 1; k + 1 < l.size(); k += 2) {
                String loc = l.get(k + 1);
                String file = loc.substring(loc.lastIndexOf('/') + 1);
                String fileLine = file.substring(0, file.lastIndexOf(':'));
                assertEquals(l.get(k) + " (in App-arm64) (" + fileLine + ")", got.get(at), "address " + l.get(0));
                at++;
                compared++;
            }
        }
        assertEquals(got.size(), at, "one output line per golden frame");
        assertTrue(compared > 50, "compared only " + compared);
    }

    /**
     * An ELF debug file names the image as its binary does (issue 11: it was named after the debug
     * file): NAME.debug is NAME; .build-id/xx/rest.debug is the binary its sibling symlink
     * .build-id/xx/rest points at, else the SONAME its dynamic section gives, else the build-id.
     * Names and versions: testdata/elf/versions/golden/names.tsv (llvm-symbolizer-19).
     */
    @Test
    void elfDebugFilesNameTheImageAfterTheBinary(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path versions = Path.of("testdata/elf/versions");
        Path buildIdDir;
        try (var s = Files.list(versions.resolve("debug/.build-id"))) {
            buildIdDir = s.findFirst().orElseThrow();
        }
        Path debug;
        try (var s = Files.list(buildIdDir)) {
            debug = s.filter(p -> p.toString().endsWith(".debug")).findFirst().orElseThrow();
        }
        String rest = debug.getFileName().toString().replace(".debug", "");
        String buildId = buildIdDir.getFileName() + rest;
        assertTrue(Files.isSymbolicLink(buildIdDir.resolve(rest)), "the sibling link is committed");

        assertEquals("libvers.so.1", atosImage(versions.resolve("bin/libvers.so.1")));
        assertEquals("libvers.so.1", atosImage(versions.resolve("debug/libvers.so.1.debug")));
        assertEquals("libvers.so.1", atosImage(debug));
        // Without the sibling link: the debug file has no SONAME (its .dynamic is SHT_NOBITS), so the build-id.
        Path bare = Files.createDirectories(dir.resolve("plain/.build-id").resolve(buildIdDir.getFileName()));
        assertEquals(buildId, atosImage(Files.copy(debug, bare.resolve(debug.getFileName()))));
        // An unstripped copy under a build-id name: its SONAME (readelf -d: libvers.so.1).
        Path named = Files.createDirectories(dir.resolve("soname/.build-id").resolve(buildIdDir.getFileName()));
        assertEquals("libvers.so.1",
                atosImage(Files.copy(versions.resolve("bin/libvers.so.1"), named.resolve(debug.getFileName()))));
    }

    /** The image name of the line atos prints for compute@@VERS_2.0 (0x113a), checked against the golden name. */
    private static String atosImage(Path file) throws IOException {
        CliTest.Run r = CliTest.run("atos", "-o", file.toString(), "--demangle", "none", "--no-cache", "0x113a");
        assertEquals(ExitCodes.OK, r.code(), r.err());
        String want = Files.readAllLines(Path.of("testdata/elf/versions/golden/names.tsv")).stream()
                .map(l -> l.split("\t")).filter(f -> f[1].equals("0x113a")).findFirst().orElseThrow()[3];
        String line = r.out().strip();
        assertTrue(line.startsWith(want + " (in "), line);
        return line.substring((want + " (in ").length(), line.indexOf(')'));
    }

    @Test
    void fatFileNeedsArchAndBadInputIsOneLine() {
        CliTest.Run r = CliTest.run("atos", "-o", "testdata/macho/App-fat", "0x1");
        assertEquals(ExitCodes.INVALID_INPUT, r.code());
        assertTrue(r.err().contains("choose one with -arch"), r.err());
        // An argument that is no address is a usage error (issue 11; it used to be echoed with exit 0).
        CliTest.Run bad = CliTest.run("atos", "-o", "testdata/macho/App-fat", "-arch", "x86_64", "zz");
        assertEquals(ExitCodes.USAGE, bad.code());
        assertEquals("", bad.out());
        CliTest.Run missing = CliTest.run("atos", "-o", "nope", "0x1");
        assertEquals(ExitCodes.INVALID_INPUT, missing.code());
        assertEquals("error: nope: no such file", missing.err().strip());
    }
}
