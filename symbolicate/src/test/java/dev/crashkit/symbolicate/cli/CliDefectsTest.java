package dev.crashkit.symbolicate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.testkit.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Small command-line defects found in issue 11, one test each. */
class CliDefectsTest {
    private static final String APP = "testdata/macho/App-arm64.dSYM";

    @Test
    void atosArgumentThatIsNoAddressIsAUsageError() {
        CliTest.Run r = CliTest.run("atos", "-o", APP, "zzz");
        assertEquals(ExitCodes.USAGE, r.code(), r.err());
        assertEquals("", r.out(), "nothing is echoed");
        assertTrue(r.err().startsWith("error: address \"zzz\" is not a hex address"), r.err());
    }

    @Test
    void atosTokensFromAFileThatAreNoAddressAreEchoedWarnedAndExitThree(@TempDir Path dir) throws IOException {
        Path list = dir.resolve("addrs.txt");
        Files.writeString(list, "zzz\n0x0\n");
        CliTest.Run r = CliTest.run("atos", "-o", APP, "-f", list.toString());
        assertEquals(ExitCodes.INVALID_INPUT, r.code(), r.err());
        assertEquals(2, r.out().lines().count(), "one line per input token: " + r.out());
        assertTrue(r.out().startsWith("zzz"), r.out());
        assertTrue(r.err().contains("warning: address \"zzz\" is not a hex address"), r.err());
    }

    @Test
    void aFolderGivenAsReportSuggestsBatch() {
        CliTest.Run r = CliTest.run("testdata/reports", "--dsym", "testdata/macho", "--no-cache");
        assertEquals(ExitCodes.USAGE, r.code(), r.err());
        assertTrue(r.err().startsWith("error: testdata/reports is a folder; to symbolicate every report in it use: "
                + "symbolicate batch testdata/reports"), r.err());
    }

    @Test
    void theSameDsymGivenTwiceIsNoDuplicateUuid() {
        CliTest.Run r = CliTest.run("testdata/reports/sample-crash.json", "--dsym", APP, "--dsym", APP,
                "--dsym", "testdata/macho", "--no-cache");
        assertEquals(ExitCodes.MISSING_DEBUG_FILES, r.code(), r.err());
        assertFalse(r.err().contains("dSYMs; using"), r.err());
        assertTrue(r.out().contains("ck_crash_null"), r.out());
    }

    @Test
    void filesThatCannotBeMatchedInAFolderAreOneLineDetailsWithVerbose(@TempDir Path dir) throws IOException {
        // A system folder is full of crt1.o-like objects: ELF without a build-id.
        Path folder = Files.createDirectories(dir.resolve("lib"));
        for (String n : new String[] {"crt1.o", "crti.o", "crtn.o", "Scrt1.o"}) {
            Files.copy(TestData.file("unwind/calls.o"), folder.resolve(n));
        }
        CliTest.Run r = CliTest.run("testdata/reports/sample-crash.json", "--dsym", folder.toString(),
                "--dsym", APP, "--no-cache");
        // A gzip that is no tar archive: damaged, as far as the index can tell.
        Files.write(folder.resolve("config.sh.gz"), gzip(java.util.stream.IntStream.range(0, 100)
                .mapToObj(i -> "key" + i + "='" + i * 7919 + "'\n").collect(java.util.stream.Collectors.joining())));
        assertEquals(0, r.err().lines().filter(l -> l.contains("cannot be matched")).count(), r.err());
        assertEquals(java.util.List.of("warning: skipped 4 file(s) under --dsym that are not usable debug files "
                + "(4 without a UUID or build-id); -v lists them"), r.err().lines().toList());
        CliTest.Run both = CliTest.run("testdata/reports/sample-crash.json", "--dsym", folder.toString(),
                "--dsym", APP, "--no-cache");
        assertEquals(java.util.List.of("warning: skipped 5 file(s) under --dsym that are not usable debug files "
                + "(4 without a UUID or build-id, 1 unreadable or damaged); -v lists them"), both.err().lines().toList());

        CliTest.Run verbose = CliTest.run("testdata/reports/sample-crash.json", "--dsym", folder.toString(),
                "--dsym", "testdata/macho", "--no-cache", "-v");
        assertEquals(4, verbose.err().lines().filter(l -> l.contains("crt") && l.contains("cannot be matched")).count(),
                verbose.err());
        assertTrue(verbose.err().contains("config.sh.gz"), verbose.err());
        assertFalse(verbose.err().contains("-v lists them"), verbose.err());

        // A file named on its own still gets its own warning.
        CliTest.Run explicit = CliTest.run("testdata/reports/sample-crash.json", "--dsym",
                folder.resolve("crt1.o").toString(), "--dsym", "testdata/macho", "--no-cache");
        assertTrue(explicit.err().contains("crt1.o: ELF file without a GNU build-id"), explicit.err());
    }

    private static byte[] gzip(String text) throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(out)) {
            z.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    @Test
    void outputToAFolderIsRefusedBeforeAnythingIsWritten(@TempDir Path dir) {
        CliTest.Run r = CliTest.run("testdata/reports/sample-crash.json", "--dsym", "testdata/macho", "--no-cache",
                "-o", dir.toString());
        assertEquals(ExitCodes.USAGE, r.code(), r.err());
        assertTrue(Files.isDirectory(dir));
    }
}
