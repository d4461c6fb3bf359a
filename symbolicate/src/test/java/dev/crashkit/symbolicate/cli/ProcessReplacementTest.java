package dev.crashkit.symbolicate.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar}'s relaunch by {@code execv}: the process becomes the command (same process id,
 * the command's exit code), the library is only loaded as the jar ships it, and a failed exec
 * leaves the JVM running so the child is started the usual way.
 */
class ProcessReplacementTest {
    @TempDir
    Path dir;

    @Test
    void libraryOnlyForLinuxOnKnownMachines() {
        assertEquals("native/linux-amd64/libcrashkit-exec.so", ProcessReplacement.resource("Linux", "amd64"));
        assertEquals("native/linux-aarch64/libcrashkit-exec.so", ProcessReplacement.resource("Linux", "aarch64"));
        assertNull(ProcessReplacement.resource("Mac OS X", "aarch64"));
        assertNull(ProcessReplacement.resource("Linux", "riscv64"));
        assertNull(ProcessReplacement.resource("Windows 11", "amd64"));
    }

    @Test
    void thisBuildShipsTheLibrary() {
        // The build machine (Linux with gcc, as CI) must have built it: otherwise the tests below
        // would only see the fallback.
        String resource = ProcessReplacement.resource(System.getProperty("os.name"), System.getProperty("os.arch"));
        assertNotNull(resource, "tests run on Linux amd64/aarch64");
        assertNotNull(ProcessReplacement.class.getResource(resource),
                "build-tools/native-exec.sh did not build " + resource + " (gcc missing?)");
    }

    @Test
    void argumentsAreTheEncodedStrings() {
        byte[][] a = ProcessReplacement.arguments(List.of("/bin/java", "a b", "\u00fc"), StandardCharsets.UTF_8);
        assertArrayEquals("a b".getBytes(StandardCharsets.UTF_8), a[1]);
        assertArrayEquals(new byte[] {(byte) 0xc3, (byte) 0xbc}, a[2]);
    }

    @Test
    void libraryIsWrittenWholeAndPrivate() throws Exception {
        byte[] lib = "pretend library".getBytes(StandardCharsets.UTF_8);
        File file = dir.resolve("cache/sub/x-exec.so").toFile();
        ProcessReplacement.write(lib, file);
        assertArrayEquals(lib, Files.readAllBytes(file.toPath()));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.toPath())));
        assertEquals(1, file.getParentFile().list().length, "no temporary file left behind");
    }

    @Test
    void libraryIsCopiedFromTheJarOnceAndADamagedCopyIsDropped() throws Exception {
        File file = dir.resolve("cache/lib-exec.so").toFile();
        String missing = dir.resolve("no-such-program").toString();
        assertEquals("execv failed (errno 2)", ProcessReplacement.exec(List.of(missing), file));
        String resource = ProcessReplacement.resource(System.getProperty("os.name"), System.getProperty("os.arch"));
        try (var in = ProcessReplacement.class.getResourceAsStream(resource)) {
            assertArrayEquals(in.readAllBytes(), Files.readAllBytes(file.toPath()));
        }
        // Not a library (a damaged copy): not loaded, deleted so that the next run copies it again.
        File damaged = dir.resolve("cache/damaged-exec.so").toFile();
        Files.write(damaged.toPath(), new byte[] {1, 2, 3});
        assertTrue(ProcessReplacement.exec(List.of(missing), damaged).startsWith("cannot load "));
        assertFalse(damaged.exists());
    }

    @Test
    void relaunchBecomesTheCommand() throws Exception {
        List<String> out = probe(false);
        assertEquals(out.get(0) + " perf-data", out.get(1), "the probe JVM had its performance-data file");
        // Same process; the JVM's performance-data file gone with it (jps must not list the new
        // program as the old JVM).
        assertEquals(out.get(0) + " no-perf-data", out.get(2), "the command ran in the probe's own process");
        assertEquals("7", out.get(3));
    }

    @Test
    void spawnStartsTheCommandAsAChild() throws Exception {
        List<String> out = probe(true);
        assertNotEquals(out.get(0), out.get(2).split(" ")[0]);
        assertEquals("7", out.get(3));
    }

    /**
     * The probe's pid, its first line ("PID perf-data" when its performance-data file was there),
     * the command's line (its pid and whether a performance-data file of that pid exists) and the
     * exit code.
     */
    private List<String> probe(boolean spawn) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String perf = "/tmp/hsperfdata_" + System.getProperty("user.name") + "/$$";
        ProcessBuilder pb = new ProcessBuilder(java, "-XX:+UsePerfData", "-cp", System.getProperty("java.class.path"),
                ProcessReplacementProbe.class.getName(), "/bin/sh", "-c",
                "if [ -e " + perf + " ]; then echo $$ perf-data; else echo $$ no-perf-data; fi; exit 7");
        pb.environment().put("CRASHKIT_CACHE", dir.resolve("cache").toString());
        if (spawn) {
            pb.environment().put("CRASHKIT_RELAUNCH", "spawn");
        } else {
            pb.environment().remove("CRASHKIT_RELAUNCH");
        }
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        List<String> lines = text.lines().toList();
        assertEquals(2, lines.size(), text);
        return List.of(lines.get(0).split(" ")[0], lines.get(0), lines.get(1), Integer.toString(p.exitValue()));
    }
}
