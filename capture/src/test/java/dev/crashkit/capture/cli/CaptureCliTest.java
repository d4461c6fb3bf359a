package dev.crashkit.capture.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Small defects of the capture command line found in issue 11. */
class CaptureCliTest {

    private record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = CaptureMain.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void versionAndDashCapitalVPrintTheVersion() {
        for (String flag : new String[] {"--version", "-V"}) {
            Run r = run(flag);
            assertEquals(0, r.code(), flag);
            assertEquals("crashkit capture 0.1", r.out().strip(), flag);
        }
    }

    @Test
    void outAFolderIsOneLineAndLeavesNoPartFile(@TempDir Path dir) throws IOException {
        Path folder = Files.createDirectories(dir.resolve("reports"));
        Run r = run("--pid", Long.toString(ProcessHandle.current().pid()), "--out", folder.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("is a folder"), r.err());
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(1, s.count(), "only the folder itself: no stray .part file");
        }
        assertTrue(Files.isDirectory(folder));
    }

    /** Checked before the target is touched: a missing folder is named even when the process does not exist. */
    @Test
    void outInAMissingFolderIsOneLineBeforeTheTargetIsTouched(@TempDir Path dir) {
        Path missing = dir.resolve("no-such-folder");
        Run r = run("--pid", "999999999", "--out", missing.resolve("r.json").toString());
        assertEquals(1, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("folder " + missing + " does not exist"), r.err());
        assertTrue(Files.notExists(missing));
    }
}
