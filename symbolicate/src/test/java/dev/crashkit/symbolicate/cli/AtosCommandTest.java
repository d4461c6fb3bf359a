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
        List<String> args = new ArrayList<>(List.of("atos", "-o", "testdata/macho/App-arm64.dSYM", "--demangle", "none",
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

    @Test
    void fatFileNeedsArchAndBadInputIsOneLine() {
        CliTest.Run r = CliTest.run("atos", "-o", "testdata/macho/App-fat", "0x1");
        assertEquals(ExitCodes.INVALID_INPUT, r.code());
        assertTrue(r.err().contains("choose one with -arch"), r.err());
        CliTest.Run ok = CliTest.run("atos", "-o", "testdata/macho/App-fat", "-arch", "x86_64", "zz");
        assertEquals("zz", ok.out().strip());
        CliTest.Run missing = CliTest.run("atos", "-o", "nope", "0x1");
        assertEquals(ExitCodes.INVALID_INPUT, missing.code());
        assertEquals("error: nope: no such file", missing.err().strip());
    }
}
