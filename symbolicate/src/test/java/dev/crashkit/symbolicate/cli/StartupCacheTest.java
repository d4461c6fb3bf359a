package dev.crashkit.symbolicate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.crashkit.launcher.JarIdentity;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start-up cache each JDK gets (cli/Relaunch, bin/symbolicate): the AOT cache on JDK 25 and
 * later (recorded by the first run, assembled after it in the background), the dynamic class-data
 * archive before. The choice is checked directly, and then for real: {@code bin/symbolicate} and
 * {@code java -jar} run a small symbolication on this JDK (17) and on a JDK 25 (the one at {@code
 * CRASHKIT_JDK25}, else {@code /usr/lib/jvm/temurin-25-jdk-amd64}; the test fails when there is
 * none), and every output is compared with the plain run's ({@code java -cp … Main}, no cache of
 * any kind); the JVM's class-loading log shows the second run's classes come from the cache.
 */
class StartupCacheTest {
    private static final String[] ARGS = {"testdata/reports/sample-crash.json", "--dsym", "testdata/macho", "--format",
        "json", "--no-cache"};

    @Test
    void eachJdkGetsItsCacheRecordedWhenTheFolderIsWritable(@TempDir Path dir) throws IOException {
        Path stem = dir.resolve("symbolicate-1-2-3-25.0.3+9-LTS");
        assertEquals(List.of("-XX:AOTMode=record", "-XX:AOTConfiguration=" + stem + ".aotconf-77",
                "-D" + Relaunch.AOT_CACHE + "=" + stem + ".aot", "-D" + Relaunch.ARCHIVING + "=1", "-Xlog:aot*=off",
                "-Xlog:cds*=off", "-XX:+UnlockDiagnosticVMOptions", "-XX:-DisplayVMOutput"),
                Relaunch.startupCacheOptions(stem, 25, true, "77"));
        assertEquals(List.of(), Relaunch.startupCacheOptions(stem, 25, false, "77"), "no recording: no option");
        Files.createFile(dir.resolve(stem.getFileName() + ".aot"));
        assertEquals(List.of("-XX:AOTCache=" + stem + ".aot", "-Xlog:aot*=off", "-Xlog:cds*=off",
                "-Dcrashkit.startupcache=" + stem + ".aot"), Relaunch.startupCacheOptions(stem, 26, false, "77"));

        Path stem17 = dir.resolve("symbolicate-1-2-3-17.0.21");
        assertEquals(List.of("-XX:ArchiveClassesAtExit=" + stem17 + ".jsa", "-D" + Relaunch.ARCHIVING + "=1",
                "-Xlog:cds=off", "-Xlog:cds+dynamic=off"), Relaunch.startupCacheOptions(stem17, 17, true, "77"));
        assertEquals(List.of(), Relaunch.startupCacheOptions(stem17, 21, false, "77"));
        Files.createFile(dir.resolve(stem17.getFileName() + ".jsa"));
        assertEquals(List.of("-XX:SharedArchiveFile=" + stem17 + ".jsa", "-Xlog:cds=off", "-Xlog:cds+dynamic=off",
                "-Dcrashkit.startupcache=" + stem17 + ".jsa"), Relaunch.startupCacheOptions(stem17, 24, false, "77"));
    }

    @Test
    void aRecentRecordingOfAnotherRunIsNotRecordedOver(@TempDir Path dir) throws IOException {
        Path stem = dir.resolve("symbolicate-1-2-3-25");
        assertFalse(Relaunch.recordingUnderway(stem));
        Path other = Files.createFile(dir.resolve("symbolicate-1-2-3-25.1.aotconf-5"));
        assertFalse(Relaunch.recordingUnderway(stem), "another JDK's recording");
        Path recording = Files.createFile(dir.resolve("symbolicate-1-2-3-25.aotconf-5"));
        assertTrue(Relaunch.recordingUnderway(stem));
        Files.setLastModifiedTime(recording, FileTime.fromMillis(System.currentTimeMillis() - 11 * 60 * 1000L));
        assertFalse(Relaunch.recordingUnderway(stem), "a killed run's recording is recorded over");
        Files.delete(other);
    }

    @Test
    void theAssemblyRunsThisJvmsOptionsInCreateModeAndTheBackgroundSymbolCacheRunDoesNotRecord() {
        List<String> own = List.of("/jdk/bin/java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:AOTMode=record",
                "-XX:AOTConfiguration=/c/s.aotconf-9", "-D" + Relaunch.AOT_CACHE + "=/c/s.aot", "-D" + Relaunch.ARCHIVING + "=1",
                "-Xlog:aot*=off", "-XX:+UnlockDiagnosticVMOptions", "-XX:-DisplayVMOutput", "-cp", "/j/all.jar",
                Main.class.getName(), "r.ips", "--dsym", "App.dSYM");
        List<String> cmd = AotCacheInBackground.command(Optional.of(own), "/c/s.aot", 9).orElseThrow();
        assertEquals(List.of("sh", "9", "/c/s.aotconf-9", "/c/s.aot.tmp-9", "/c/s.aot"), cmd.subList(0, 5));
        List<String> jvm = cmd.subList(cmd.indexOf("/jdk/bin/java"), cmd.size());
        assertEquals(List.of("/jdk/bin/java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:+UnlockDiagnosticVMOptions",
                "-XX:-DisplayVMOutput", "-XX:AOTMode=create", "-XX:AOTConfiguration=/c/s.aotconf-9",
                "-XX:AOTCache=/c/s.aot.tmp-9", "-Xlog:aot*=off", "-Xlog:cds*=off", "-cp", "/j/all.jar"), jvm);
        assertEquals(Optional.empty(), AotCacheInBackground.command(Optional.of(List.of("/jdk/bin/java", "-cp", "a.jar",
                "Main")), "/c/s.aot", 9), "no recording named: nothing to assemble");

        List<String> background = SymcacheInBackground.command(Optional.of(own), new String[] {"r.ips", "--dsym",
            "App.dSYM"}).orElseThrow();
        assertEquals(List.of("/jdk/bin/java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xlog:aot*=off",
                "-XX:+UnlockDiagnosticVMOptions", "-XX:-DisplayVMOutput", "-cp", "/j/all.jar", Main.class.getName(),
                SymcacheInBackground.OPTION, "r.ips", "--dsym", "App.dSYM"),
                background.subList(background.indexOf("/jdk/bin/java"), background.size()),
                "the background symbol-cache run neither records nor names the cache to assemble");
    }

    @Test
    void binSymbolicateOnThisJdkWritesAndUsesTheClassDataArchive(@TempDir Path dir) throws Exception {
        assertTrue(Runtime.version().feature() < 25, "the baseline JDK of the build is 17");
        Path home = Path.of(System.getProperty("java.home"));
        Layout l = Layout.make(dir);
        String plain = plainRun(dir, home);
        Path cache = dir.resolve("cache17");
        // Start-up caches of five other jars, used one minute apart: the run that writes a new one keeps the
        // three used last (StartupCacheRetention).
        Files.createDirectories(cache);
        List<Path> others = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Path f = Files.createFile(cache.resolve("symbolicate-100" + i + "-2-3-17.0.21.jsa"));
            FileTime t = FileTime.fromMillis(System.currentTimeMillis() - (10 - i) * 60_000L);
            Files.getFileAttributeView(f, java.nio.file.attribute.BasicFileAttributeView.class).setTimes(t, t, null);
            others.add(f);
        }
        assertEquals(plain, l.binSymbolicate(home, cache, "").out, "first run, writing the archive");
        assertEquals(List.of(false, false, true, true, true), others.stream().map(Files::exists).toList(),
                "the two other jars used least recently are pruned");
        others.subList(2, 5).forEach(f -> f.toFile().delete());
        List<Path> jsa = files(cache, ".jsa");
        assertEquals(1, jsa.size(), "one archive: " + files(cache, ""));
        assertTrue(jsa.get(0).getFileName().toString().endsWith("-" + JarIdentity.fileSafe(runtimeVersion(home)) + ".jsa"),
                jsa.toString());
        Path log = dir.resolve("classes17.log");
        assertEquals(plain, l.binSymbolicate(home, cache, "-Xlog:class+load=info:file=" + log).out, "second run");
        assertOursFromTheCache(log);

        // An archive whose header is still zero (a run killed while the JVM wrote it at exit; the header goes
        // last) is refused: same output, one line, deleted, and the next run makes a new one, by both commands.
        for (boolean javaJar : List.of(false, true)) {
            byte[] bytes = Files.readAllBytes(jsa.get(0));
            java.util.Arrays.fill(bytes, 0, 4096, (byte) 0);
            Files.write(jsa.get(0), bytes);
            Run refused = javaJar ? l.javaJar(home, cache, "") : l.binSymbolicate(home, cache, "");
            assertEquals(plain, refused.out, "with a refused archive");
            assertEquals("symbolicate: the JVM refused the start-up cache " + jsa.get(0) + " (damaged, or made by"
                    + " another JDK build): removed; the next run makes a new one\n" + plainErr(dir, home), refused.err);
            assertFalse(Files.exists(jsa.get(0)));
            assertEquals(plain, l.binSymbolicate(home, cache, "").out, "the run that writes a new one");
            Path again = dir.resolve("classes17-again-" + javaJar + ".log");
            assertEquals(plain, l.binSymbolicate(home, cache, "-Xlog:class+load=info:file=" + again).out);
            assertOursFromTheCache(again);
        }
    }

    /**
     * The archive records the class path it was made with and refuses itself to a run whose class path
     * names the jar otherwise: bin/symbolicate once ran the jar as {@code "$(dirname "$0")/../…"}, so an
     * archive made by {@code ./symbolicate} from {@code bin/} was refused, silently, to every later run by
     * another path from another folder (all our classes loaded from the jar again, +0.1–0.2 s CPU a run).
     */
    @Test
    void binSymbolicateWritesAndUsesTheArchiveInACacheFolderWhoseNameHasSpaces(@TempDir Path dir) throws Exception {
        Path home = Path.of(System.getProperty("java.home"));
        Layout l = Layout.make(dir);
        Path cache = dir.resolve("John Smith/.cache/crash kit");
        Run first = l.binSymbolicate(home, cache, "");
        assertEquals(plainRun(dir, home), first.out, first.err);
        assertEquals(1, files(cache, ".jsa").size(), "the first run wrote the archive: " + files(cache, ""));
        Path log = dir.resolve("classes-spaces.log");
        assertEquals(first.out, l.binSymbolicate(home, cache, "-Xlog:class+load=info:file=" + log).out);
        assertOursFromTheCache(log);
    }

    @Test
    void binSymbolicateArchiveMadeThroughARelativePathServesARunFromAnotherFolder(@TempDir Path dir) throws Exception {
        Path home = Path.of(System.getProperty("java.home"));
        Layout l = Layout.make(dir);
        Path cache = dir.resolve("cache17");
        List<String> args = absoluteArgs();
        Run first = run(dir, l.bin.getParent(), withArgs(List.of("./symbolicate"), args),
                Map.of("JAVA_HOME", home.toString(), "CRASHKIT_CACHE", cache.toString()));
        assertEquals(1, files(cache, ".jsa").size(), "the first run wrote the archive: " + files(cache, ""));
        Path log = dir.resolve("classes-elsewhere.log");
        Run second = run(dir, repositoryRoot(), withArgs(List.of(l.bin.toString()), args), Map.of("JAVA_HOME",
                home.toString(), "CRASHKIT_CACHE", cache.toString(), "JAVA_OPTS", "-Xlog:class+load=info:file=" + log));
        assertEquals(first.out, second.out);
        assertOursFromTheCache(log);
    }

    /** {@link #ARGS} with the files named by absolute paths (for runs from any folder). */
    private static List<String> absoluteArgs() {
        List<String> args = new ArrayList<>(List.of(ARGS));
        args.set(0, repositoryRoot().resolve(args.get(0)).toString());
        args.set(2, repositoryRoot().resolve(args.get(2)).toString());
        return args;
    }

    private static List<String> withArgs(List<String> command, List<String> args) {
        List<String> cmd = new ArrayList<>(command);
        cmd.addAll(args);
        return cmd;
    }

    @Test
    void onJdk25TheFirstRunRecordsTheCacheIsAssembledAfterItAndLaterRunsUseIt(@TempDir Path dir) throws Exception {
        Path jdk25 = jdk25();
        Layout l = Layout.make(dir);
        String plain = plainRun(dir, jdk25);
        assertEquals(plain, plainRun(dir, Path.of(System.getProperty("java.home"))), "both JDKs' plain runs agree");
        Path cache = dir.resolve("cache25");
        Run first = l.binSymbolicate(jdk25, cache, "");
        assertEquals(plain, first.out, "the recording run's output");
        assertEquals(plainErr(dir, jdk25), first.err, "and nothing more on standard error");
        Path aot = awaitAotCache(cache);
        assertTrue(aot.getFileName().toString().endsWith("-" + JarIdentity.fileSafe(runtimeVersion(jdk25)) + ".aot"),
                aot.toString());
        Path log = dir.resolve("classes25.log");
        Run second = l.binSymbolicate(jdk25, cache, "-Xlog:class+load=info:file=" + log);
        assertEquals(plain, second.out, "the run from the AOT cache");
        assertOursFromTheCache(log);

        // java -jar on JDK 25 relaunches with the cache bin/symbolicate made (same jar, same JDK: same name).
        Path log2 = dir.resolve("classes25-jar.log");
        Run jar = l.javaJar(jdk25, cache, "-Xlog:class+load=info:file=" + log2);
        assertEquals(plain, jar.out, "java -jar on JDK 25");
        assertEquals(plainErr(dir, jdk25), jar.err, "no JDK warning either (the System.load of the exec library)");
        assertOursFromTheCache(log2);

        // A cache the JVM cannot use (damaged): same output, one line, and it is deleted (RefusedStartupCache).
        Files.write(aot, new byte[] {1, 2, 3});
        Run damaged = l.binSymbolicate(jdk25, cache, "");
        assertEquals(plain, damaged.out, "a damaged AOT cache");
        assertEquals("symbolicate: the JVM refused the start-up cache " + aot + " (damaged, or made by another JDK"
                + " build): removed; the next run makes a new one\n" + plainErr(dir, jdk25), damaged.err);
        assertFalse(Files.exists(aot));
    }

    @Test
    void aCacheFolderThatCannotBeMadeGivesPlainRunsOnBothJdks(@TempDir Path dir) throws Exception {
        Layout l = Layout.make(dir);
        // Below a regular file: no folder can be made there, whoever runs the test (root writes read-only folders).
        Path cache = Files.createFile(dir.resolve("not-a-folder")).resolve("cache");
        for (Path home : List.of(Path.of(System.getProperty("java.home")), jdk25())) {
            Run plain = plain(dir, home);
            Run r = l.binSymbolicate(home, cache, "");
            assertEquals(plain.out, r.out, home.toString());
            assertEquals(plain.err, r.err, home.toString());
            Run jar = l.javaJar(home, cache, "");
            assertEquals(plain.out, jar.out, home.toString());
            assertEquals(plain.err, jar.err, home.toString());
        }
    }

    // --- helpers ---

    private static Path jdk25() {
        String env = System.getenv("CRASHKIT_JDK25");
        Path home = Path.of(env != null ? env : "/usr/lib/jvm/temurin-25-jdk-amd64");
        if (!Files.isExecutable(home.resolve("bin/java"))) {
            fail("no JDK 25 at " + home + ": set CRASHKIT_JDK25 to the home of a JDK 25 or later");
        }
        return home;
    }

    private static String runtimeVersion(Path home) throws IOException {
        for (String line : Files.readAllLines(home.resolve("release"))) {
            if (line.startsWith("JAVA_RUNTIME_VERSION=\"")) {
                return line.substring("JAVA_RUNTIME_VERSION=\"".length(), line.length() - 1);
            }
        }
        throw new AssertionError("no JAVA_RUNTIME_VERSION in " + home.resolve("release"));
    }

    /** Our classes came from the shared (archive or AOT cache) file, not from the jar. */
    private static void assertOursFromTheCache(Path log) throws IOException {
        String text = Files.readString(log);
        List<String> ours = text.lines().filter(x -> x.contains(" dev.crashkit.symbolicate.cli.FastArgs ")).toList();
        assertEquals(1, ours.size(), text.length() > 2000 ? text.substring(0, 2000) : text);
        assertTrue(ours.get(0).contains("source: shared objects file"), ours.get(0));
    }

    private static Path awaitAotCache(Path cache) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(4);
        while (System.nanoTime() < deadline) {
            List<Path> aot = files(cache, ".aot");
            if (aot.size() == 1 && files(cache, "").stream().noneMatch(p -> p.toString().contains(".aotconf-"))
                    && files(cache, "").stream().noneMatch(p -> p.toString().contains(".aot.tmp-"))) {
                return aot.get(0);
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no AOT cache assembled within 4 minutes: " + files(cache, ""));
    }

    private static List<Path> files(Path folder, String suffix) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().toList();
        }
    }

    private record Run(int code, String out, String err) {
    }

    private static String plainRun(Path dir, Path home) throws Exception {
        return plain(dir, home).out;
    }

    private static String plainErr(Path dir, Path home) throws Exception {
        return plain(dir, home).err;
    }

    /** The command with no start-up cache and no relaunch: what every other run must print. */
    private static Run plain(Path dir, Path home) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(home.resolve("bin/java").toString(), "-cp", testClassPath(),
                Main.class.getName()));
        cmd.addAll(List.of(ARGS));
        return run(dir, cmd, Map.of("CRASHKIT_RELAUNCH", "0"));
    }

    private static String testClassPath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    private static Run run(Path dir, List<String> cmd, Map<String, String> env) throws Exception {
        return run(dir, repositoryRoot(), cmd, env);
    }

    /** Runs {@code cmd} in {@code workingDir}, its output in files of {@code dir}. */
    private static Run run(Path dir, Path workingDir, List<String> cmd, Map<String, String> env) throws Exception {
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(workingDir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().remove("JAVA_OPTS");
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().put("CRASHKIT_SYMCACHE_BACKGROUND", "0");
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(3, TimeUnit.MINUTES)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("did not finish in 3 minutes: " + cmd);
        }
        Run r = new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
        assertEquals(1, r.code, "exit 1: the sample's system images have no debug files; " + cmd + "\n" + r.err);
        return r;
    }

    private static Path repositoryRoot() {
        Path here = Path.of("").toAbsolutePath();
        return Files.isDirectory(here.resolve("testdata")) ? here : here.getParent();
    }

    /**
     * The layout bin/symbolicate expects ({@code bin/symbolicate} next to {@code
     * symbolicate/target/symbolicate-all.jar}), made from this test's class path: every folder of
     * classes jarred (the JVM keeps no class-data of classes from folders), every jar copied, all
     * named by the manifest {@code Class-Path} of {@code symbolicate-all.jar}; and a launcher
     * {@code symbolicate.jar} naming that one, as the build makes them.
     */
    private record Layout(Path bin, Path launcher) {
        static Layout make(Path dir) throws IOException {
            Path target = Files.createDirectories(dir.resolve("layout/symbolicate/target"));
            Path lib = Files.createDirectories(target.resolve("lib"));
            List<String> classPath = new ArrayList<>();
            int i = 0;
            for (String entry : testClassPath().split(File.pathSeparator)) {
                Path p = Path.of(entry);
                String name = p.toString();
                if (name.contains("test-classes") || name.matches(".*(junit|opentest4j|apiguardian|surefire|jazzer).*")) {
                    continue;
                }
                Path to = lib.resolve((i++) + "-" + (Files.isDirectory(p) ? p.getParent().getFileName() + ".jar"
                        : p.getFileName().toString()));
                if (Files.isDirectory(p)) {
                    jarFolder(p, to);
                } else if (Files.isRegularFile(p)) {
                    Files.copy(p, to);
                } else {
                    continue;
                }
                classPath.add("lib/" + to.getFileName());
            }
            writeJar(target.resolve("symbolicate-all.jar"), null, String.join(" ", classPath));
            Path launcher = target.resolve("symbolicate.jar");
            writeJar(launcher, Main.class.getName(), "symbolicate-all.jar");   // with Enable-Native-Access, as the pom
            Path bin = Files.createDirectories(dir.resolve("layout/bin")).resolve("symbolicate");
            Files.copy(repositoryRoot().resolve("bin/symbolicate"), bin);
            assertTrue(bin.toFile().setExecutable(true));
            return new Layout(bin, launcher);
        }

        Run binSymbolicate(Path home, Path cache, String javaOpts) throws Exception {
            List<String> cmd = new ArrayList<>(List.of(bin.toString()));
            cmd.addAll(List.of(ARGS));
            return run(bin.getParent(), cmd, javaOpts.isEmpty()
                    ? Map.of("JAVA_HOME", home.toString(), "CRASHKIT_CACHE", cache.toString())
                    : Map.of("JAVA_HOME", home.toString(), "CRASHKIT_CACHE", cache.toString(), "JAVA_OPTS", javaOpts));
        }

        /** {@code java -jar symbolicate.jar}, relaunched; {@code toolOptions} reach the relaunched JVM through JAVA_TOOL_OPTIONS. */
        Run javaJar(Path home, Path cache, String toolOptions) throws Exception {
            List<String> cmd = new ArrayList<>(List.of(home.resolve("bin/java").toString(), "-jar", launcher.toString()));
            cmd.addAll(List.of(ARGS));
            Run r = run(bin.getParent(), cmd, toolOptions.isEmpty() ? Map.of("CRASHKIT_CACHE", cache.toString())
                    : Map.of("CRASHKIT_CACHE", cache.toString(), "JAVA_TOOL_OPTIONS", toolOptions));
            // Each JVM says it picked JAVA_TOOL_OPTIONS up; nothing else may be added.
            return new Run(r.code, r.out, r.err.lines().filter(x -> !x.startsWith("Picked up JAVA_TOOL_OPTIONS"))
                    .map(x -> x + "\n").reduce("", String::concat));
        }

        private static void jarFolder(Path folder, Path to) throws IOException {
            try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(to)); Stream<Path> files = Files.walk(folder)) {
                for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                    jar.putNextEntry(new JarEntry(folder.relativize(f).toString().replace(File.separatorChar, '/')));
                    Files.copy(f, jar);
                    jar.closeEntry();
                }
            }
        }

        private static void writeJar(Path to, String mainClass, String classPath) throws IOException {
            Manifest m = new Manifest();
            m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
            m.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath);
            if (mainClass != null) {
                m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, mainClass);
                m.getMainAttributes().put(new Attributes.Name("Enable-Native-Access"), "ALL-UNNAMED");
            }
            try (OutputStream out = Files.newOutputStream(to); JarOutputStream jar = new JarOutputStream(out, m)) {
                jar.flush();
            }
        }
    }
}
