package dev.crashkit.symbolicate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code symbolicate.jar} holds only the launcher's classes (symbolicate/pom.xml, launcher-jar): run
 * without the {@code symbolicate-all.jar} it names, it says so in one line and exits 4, not with a
 * {@code NoClassDefFoundError}.
 */
class LauncherJarTest {
    @TempDir
    Path dir;

    @Test
    void launcherClassesAloneSayWhatIsMissing() throws Exception {
        // The launcher jar's classes, as symbolicate/pom.xml lists them.
        for (String c : List.of("symbolicate/cli/Main", "symbolicate/cli/Stdout", "symbolicate/cli/Relaunch",
                "symbolicate/cli/Relaunch$Child", "symbolicate/cli/Relaunch$CacheFiles", "symbolicate/cli/ProcessReplacement",
                "launcher/ChildJvm", "launcher/ChildJvm$Cleanup", "launcher/DefaultCacheFolder", "launcher/JarIdentity")) {
            Path to = dir.resolve("launcher/dev/crashkit/" + c + ".class");
            Files.createDirectories(to.getParent());
            try (InputStream from = Main.class.getClassLoader().getResourceAsStream("dev/crashkit/" + c + ".class")) {
                Files.copy(from, to);
            }
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", dir.resolve("launcher").toString(), Main.class.getName(),
                "report.json", "--dsym", "x");
        pb.environment().put("CRASHKIT_CACHE", dir.resolve("cache").toString());
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(4, p.exitValue(), err);
        assertEquals("", out);
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.startsWith("error: " + dir.resolve("launcher") + ": the classes of symbolicate are in "
                + "symbolicate-all.jar beside it, which is missing"), err);
    }
}
