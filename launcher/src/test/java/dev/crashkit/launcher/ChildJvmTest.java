package dev.crashkit.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The child JVM's java, its exit code passed on, and the default cache folder as a fresh JVM sees it. */
class ChildJvmTest {
    @Test
    void javaIsTheRunningJdks() throws IOException {
        Path java = ChildJvm.java().orElseThrow();
        assertTrue(Files.isSameFile(Path.of(System.getProperty("java.home")), java.getParent().getParent()), java.toString());
    }

    @Test
    void theChildRunsWithTheRelaunchOptionsTheCallersAndTheMarker() {
        assertEquals(List.of("/j/bin/java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData", "-Xmn16m",
                "-XX:SharedArchiveFile=/c/a.jsa", "-Dcrashkit.relaunched=1", "-jar", "/x/a.jar", "in"),
                ChildJvm.command(Path.of("/j/bin/java"), List.of("-Xmn16m", "-XX:SharedArchiveFile=/c/a.jsa"),
                        List.of("-jar", "/x/a.jar", "in")));
        assertEquals(List.of("/j/bin/java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData",
                "-Dcrashkit.relaunched=1", "-cp", "/x/a.jar", "a.Main"),
                ChildJvm.command(Path.of("/j/bin/java"), List.of(), List.of("-cp", "/x/a.jar", "a.Main")));
    }

    @Test
    void theChildsExitCodeIsReturnedAndOneThatCannotStartIsNone(@TempDir Path dir) {
        assertEquals(3, ChildJvm.run(List.of("/bin/sh", "-c", "exit 3")).orElseThrow());
        assertEquals(0, ChildJvm.run(List.of("/bin/sh", "-c", "true")).orElseThrow());
        assertTrue(ChildJvm.run(List.of(dir.resolve("no-such-program").toString())).isEmpty());
    }

    @Test
    void theCacheFolderIsCrashkitCacheElseXdgElseHome(@TempDir Path dir) throws Exception {
        assertEquals(dir.resolve("c") + "\n", defaultCacheFolder(Map.of("CRASHKIT_CACHE", dir.resolve("c").toString(),
                "XDG_CACHE_HOME", dir.resolve("x").toString())));
        assertEquals(dir.resolve("x").resolve("crashkit") + "\n", defaultCacheFolder(Map.of("CRASHKIT_CACHE", " ",
                "XDG_CACHE_HOME", dir.resolve("x").toString())));
        assertEquals(dir.resolve("h").resolve(".cache").resolve("crashkit") + "\n",
                defaultCacheFolder(Map.of("CRASHKIT_CACHE", "", "XDG_CACHE_HOME", "", "HOME", dir.resolve("h").toString())));
    }

    /** What {@link DefaultCacheFolder#path} says in a fresh JVM with this environment (user.home from HOME). */
    private static String defaultCacheFolder(Map<String, String> env) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ChildJvm.java().orElseThrow().toString(), "-cp",
                System.getProperty("java.class.path")));
        if (env.containsKey("HOME")) {
            cmd.add("-Duser.home=" + env.get("HOME"));
        }
        cmd.add(PrintCacheFolder.class.getName());
        ProcessBuilder b = new ProcessBuilder(cmd);
        b.environment().putAll(env);
        return output(b);
    }

    /** Prints {@link DefaultCacheFolder#path}. */
    public static final class PrintCacheFolder {
        public static void main(String[] args) {
            System.out.println(DefaultCacheFolder.path());
        }
    }

    static String output(String... command) throws Exception {
        return output(new ProcessBuilder(command));
    }

    private static String output(ProcessBuilder b) throws Exception {
        Process p = b.redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out;
    }
}
