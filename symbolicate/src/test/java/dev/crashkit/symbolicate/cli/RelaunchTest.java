package dev.crashkit.symbolicate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.launcher.ChildJvm;
import dev.crashkit.launcher.JarIdentity;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When {@code java -jar} relaunches itself: only for exactly {@code java -jar JAR ARGS} (the
 * command line read from {@code /proc/self/cmdline}), never when the user gave JVM options.
 */
class RelaunchTest {
    @TempDir
    Path dir;

    @Test
    void commandLineSplitsAtNuls() {
        byte[] cmdline = "java\0-jar\0s.jar\0r.json\0--dsym\0a b\0\0".getBytes(StandardCharsets.UTF_8);
        assertEquals(List.of("java", "-jar", "s.jar", "r.json", "--dsym", "a b", ""),
                Relaunch.splitCommandLine(cmdline, StandardCharsets.UTF_8));
        assertEquals(List.of("java", "x"), Relaunch.splitCommandLine("java\0x".getBytes(StandardCharsets.UTF_8),
                StandardCharsets.UTF_8));
    }

    @Test
    void relaunchesOnlyPlainJavaJar() throws Exception {
        Path jar = Files.write(dir.resolve("symbolicate.jar"), new byte[] {1});
        String cp = jar.toString();
        String[] args = {"r.json", "--dsym", "d"};
        assertEquals(Optional.of(jar.toAbsolutePath().normalize()),
                Relaunch.jarOf(List.of("java", "-jar", cp, "r.json", "--dsym", "d"), args, cp));
        // JVM options given, other arguments, another class path, a jar that is not there: stay.
        assertTrue(Relaunch.jarOf(List.of("java", "-Xmx1g", "-jar", cp, "r.json", "--dsym", "d"), args, cp).isEmpty());
        assertTrue(Relaunch.jarOf(List.of("java", "-jar", cp, "r.json", "--dsym", "e"), args, cp).isEmpty());
        assertTrue(Relaunch.jarOf(List.of("java", "-jar", cp, "r.json", "--dsym"), args, cp).isEmpty());
        assertTrue(Relaunch.jarOf(List.of("java", "-cp", cp, "r.json", "--dsym", "d"), args, cp).isEmpty());
        assertTrue(Relaunch.jarOf(List.of("java", "-jar", cp, "r.json", "--dsym", "d"), args, cp + "x").isEmpty());
        String missing = dir.resolve("gone.jar").toString();
        assertTrue(Relaunch.jarOf(List.of("java", "-jar", missing, "r.json", "--dsym", "d"), args, missing).isEmpty());
    }

    @Test
    void childRunsFromTheJarTheLauncherNames() throws Exception {
        Path all = Files.write(dir.resolve("symbolicate-all.jar"), new byte[] {1});
        Path launcher = launcherJar(dir.resolve("symbolicate.jar"), "symbolicate-all.jar other.jar");
        assertEquals(all, Relaunch.classesJar(launcher));
        // No Class-Path, one naming a jar that is not there, not a jar at all: the jar itself.
        Path plain = launcherJar(dir.resolve("plain.jar"), null);
        assertEquals(plain, Relaunch.classesJar(plain));
        Path dangling = launcherJar(dir.resolve("dangling.jar"), "gone.jar");
        assertEquals(dangling, Relaunch.classesJar(dangling));
        assertEquals(all, Relaunch.classesJar(all));
    }

    private static Path launcherJar(Path path, String classPath) throws Exception {
        java.util.jar.Manifest m = new java.util.jar.Manifest();
        m.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(java.util.jar.Attributes.Name.MAIN_CLASS, Main.class.getName());
        if (classPath != null) {
            m.getMainAttributes().put(java.util.jar.Attributes.Name.CLASS_PATH, classPath);
        }
        try (java.util.jar.JarOutputStream out = new java.util.jar.JarOutputStream(Files.newOutputStream(path), m)) {
            out.putNextEntry(new java.util.jar.JarEntry("x.txt"));
            out.write(1);
        }
        return path;
    }

    @Test
    void childRunsMainWithTheFastOptionsAndTheSameArguments() {
        Path java = Path.of("/j/bin/java");
        Path jar = Path.of("/x/symbolicate.jar");
        List<String> cmd = Relaunch.childCommand(java, jar, List.of("-XX:SharedArchiveFile=/c/a.jsa"),
                new String[] {"r.json", "--format", "json"});
        assertEquals(List.of("/j/bin/java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData",
                "-XX:NewRatio=1", "-XX:SharedArchiveFile=/c/a.jsa", "-D" + ChildJvm.MARKER + "=1", "-cp",
                "/x/symbolicate.jar", Main.class.getName(), "r.json", "--format", "json"), cmd);
    }

    @Test
    void batchHasASmallYoungGeneration() {
        List<String> cmd = Relaunch.childCommand(Path.of("/j/bin/java"), Path.of("/x/symbolicate.jar"), List.of(),
                new String[] {"batch", "reports", "--dsym", "d"});
        assertEquals(List.of("/j/bin/java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData",
                "-Xmn16m", "-D" + ChildJvm.MARKER + "=1", "-cp", "/x/symbolicate.jar", Main.class.getName(), "batch", "reports",
                "--dsym", "d"), cmd);
    }

    @Test
    void theExecLibraryIsNamedAfterTheJarAsTheStartupCache() {
        // The jar's stem as bin/symbolicate computes it (JarIdentityTest has the cksum's oracle values).
        JarIdentity jar = new JarIdentity(1795729383L, 8441472L, "/tmp/a.jar");
        assertEquals("symbolicate-1795729383-8441472-639304391", jar.stem(Relaunch.CACHE_PREFIX));
        assertEquals("symbolicate-1795729383-8441472-639304391-exec-amd64.so", Relaunch.libraryName(jar, "amd64"));
    }
}
