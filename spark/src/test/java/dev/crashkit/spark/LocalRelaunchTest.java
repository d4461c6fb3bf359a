package dev.crashkit.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.launcher.ChildJvm;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar} in real processes: a jar made here whose manifest is crashkit-spark.jar's (main
 * class, {@code Add-Opens}) with this test's class path as its {@code Class-Path}. A local job runs
 * in a child JVM with {@link LocalRelaunch#OPTIONS}, seen in the process table while it runs, and
 * prints and writes what the same job writes without the relaunch; user JVM options, the opt-out
 * and bad arguments keep it in the process.
 */
class LocalRelaunchTest {
    @TempDir
    static Path tmp;

    private static Path jar;

    @BeforeAll
    static void writeLauncherJar() throws IOException {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        StringBuilder urls = new StringBuilder();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                urls.append(urls.length() == 0 ? "" : " ").append(Path.of(entry).toAbsolutePath().toUri());
            }
        }
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Main.class.getName());
        m.getMainAttributes().put(Attributes.Name.CLASS_PATH, urls.toString());
        m.getMainAttributes().putValue("Add-Opens", System.getProperty("spark.add-opens"));
        jar = tmp.resolve("crashkit-spark.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), m)) {
            out.flush();
        }
    }

    /** One finished process: exit code, standard output and error, and the command lines of its JVM children. */
    private record Run(int exit, String stdout, String stderr, List<List<String>> javaChildren) {
    }

    private static Run run(Map<String, String> env, List<String> jvmOptions, String... args) throws Exception {
        return run(jar, env, jvmOptions, args);
    }

    private static Run run(Path jar, Map<String, String> env, List<String> jvmOptions, String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.add("-jar");
        cmd.add(jar.toString());
        cmd.addAll(List.of(args));
        ProcessBuilder b = new ProcessBuilder(cmd).directory(tmp.toFile()); // a crashed JVM's hs_err file lands there
        b.environment().remove(ChildJvm.OPT_OUT);
        b.environment().remove("JAVA_TOOL_OPTIONS");
        b.environment().remove("JDK_JAVA_OPTIONS");
        // The archive (StartupArchive) is off unless a test turns it on, and in a folder of the test's own.
        b.environment().put(StartupArchive.OPT_OUT, "0");
        b.environment().put("CRASHKIT_CACHE", tmp.resolve("cache").toString());
        b.environment().putAll(env);
        Path out = Files.createTempFile(tmp, "stdout", ".txt");
        Path err = Files.createTempFile(tmp, "stderr", ".txt");
        Process p = b.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        // The child lives as long as its Spark job (seconds): watched every 50 ms, by pid, its last command line
        // kept. A process the JVM forks (Hadoop runs `setsid`, `bash`) is a copy of the JVM with the parent's own
        // command line until it execs: those copies are not counted.
        Map<Long, List<String>> children = new LinkedHashMap<>();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
        while (!p.waitFor(50, TimeUnit.MILLISECONDS)) {
            try (Stream<ProcessHandle> s = p.toHandle().children()) {
                s.forEach(c -> c.info().arguments().ifPresent(a -> {
                    if (c.info().command().orElse("").endsWith("java")) {
                        children.put(c.pid(), List.of(a));
                    } else {
                        children.remove(c.pid());
                    }
                }));
            }
            if (System.nanoTime() > deadline) {
                p.destroyForcibly();
                throw new AssertionError("no exit after 10 minutes: " + cmd);
            }
        }
        List<String> ownArguments = cmd.subList(1, cmd.size());
        List<List<String>> javaChildren = new ArrayList<>();
        for (List<String> c : children.values()) {
            if (!c.equals(ownArguments)) {
                javaChildren.add(c);
            }
        }
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8), javaChildren);
    }

    private static String[] job(Path out) {
        Path reports = TestFiles.testdata("reports");
        return new String[] {"--master", "local[1]", "--input", reports + "/*.json", reports + "/apple/*.{ips,crash}",
            "--dsym", TestFiles.testdata("macho").toString(), "--out", out.toString(), "--format", "json"};
    }

    @Test
    void localJobRunsInAChildWithTheOptionsAndWritesWhatItWritesWithoutIt() throws Exception {
        Path relaunchedOut = tmp.resolve("relaunched");
        Path hereOut = tmp.resolve("here");
        Run relaunched = run(Map.of(), List.of(), job(relaunchedOut));
        Run here = run(Map.of(ChildJvm.OPT_OUT, "0"), List.of(), job(hereOut));
        assertEquals(0, relaunched.exit(), relaunched.stderr());
        assertEquals(0, here.exit(), here.stderr());

        assertEquals(1, relaunched.javaChildren().size(), relaunched.javaChildren().toString());
        List<String> child = relaunched.javaChildren().get(0);
        assertTrue(child.containsAll(ChildJvm.OPTIONS), child.toString());
        assertTrue(child.contains("-D" + ChildJvm.MARKER + "=1"), child.toString());
        assertEquals(List.of(job(relaunchedOut)), child.subList(child.size() - job(relaunchedOut).length, child.size()));
        assertEquals(List.of(), here.javaChildren());

        assertTrue(here.stdout().startsWith("reports: "), here.stdout());
        assertEquals(summary(here.stdout(), hereOut), summary(relaunched.stdout(), relaunchedOut));
        assertEquals(logLines(here.stderr(), hereOut), logLines(relaunched.stderr(), relaunchedOut));
        for (String table : List.of(SymbolicateJob.REPORTS, SymbolicateJob.MISSING)) {
            List<String> rows = rows(hereOut.resolve(table));
            assertFalse(rows.isEmpty(), table);
            assertEquals(rows, rows(relaunchedOut.resolve(table)), table);
        }
    }

    /**
     * The first job writes no archive itself; after it a background training does, the next job runs
     * with it and writes what the first wrote, and the archive really holds the jar's classes (the JVM
     * maps them from it). A damaged archive is refused by the JVM without a word: the job says so in one
     * line, writes the same output, removes it and a new one is trained; refused twice in a row, no
     * training is started any more. A truncated archive kills this JDK's JVM before the job starts: the
     * parent removes it too.
     */
    @Test
    void theArchiveIsWrittenAfterTheFirstJobUsedByTheNextAndADamagedOneIsReplaced() throws Exception {
        Path cache = tmp.resolve("archive-cache");
        Path archiveJar = jarOfJars(tmp.resolve("archive-jars"));
        Map<String, String> env = Map.of(StartupArchive.OPT_OUT, "", "CRASHKIT_CACHE", cache.toString());
        Path firstOut = tmp.resolve("first");
        Run first = run(archiveJar, env, List.of(), job(firstOut));
        assertEquals(0, first.exit(), first.stderr());
        assertEquals(1, first.javaChildren().size(), first.javaChildren().toString());
        assertTrue(first.javaChildren().get(0).stream().noneMatch(o -> o.contains("Archive")), first.javaChildren().toString());

        StartupArchive.ArchiveFiles files = StartupArchive.files(cache, archiveJar,
                System.getProperty("java.runtime.version")).orElseThrow();
        awaitTraining(files);
        assertTrue(Files.isRegularFile(files.archive()), "no archive in " + cache + " after the training");
        try (Stream<Path> left = Files.list(cache)) { // the scratch output and temporary archive are gone
            assertEquals(List.of(files.archive()), left.toList());
        }
        // The JVM maps the jar's classes from it (what the JVM logs, not our code, says where a class came from).
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:SharedArchiveFile=" + files.archive(), "-Xlog:class+load=info", "-jar", archiveJar.toString(), "--version")
                .redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor());
        assertTrue(log.contains(Main.class.getName() + " source: shared objects file (top)"), log);
        byte[] good = Files.readAllBytes(files.archive());

        // A good archive, then one overwritten with junk (trained again after the job), then junk again (given up).
        for (int damaged = 0; damaged <= 2; damaged++) {
            if (damaged > 0) {
                byte[] junk = new byte[4096];
                new java.util.Random(damaged).nextBytes(junk);
                Files.write(files.archive(), junk);
            }
            Path out = tmp.resolve("with-archive-" + damaged);
            Run next = run(archiveJar, env, List.of(), job(out));
            assertEquals(0, next.exit(), next.stderr());
            assertEquals(1, next.javaChildren().size(), next.javaChildren().toString());
            assertTrue(next.javaChildren().get(0).contains("-XX:SharedArchiveFile=" + files.archive()),
                    next.javaChildren().toString());
            assertEquals(summary(first.stdout(), firstOut), summary(next.stdout(), out));
            assertEquals(logLines(first.stderr(), firstOut),
                    logLines(next.stderr().replaceAll("(?m)^crashkit-spark: .*\n", ""), out));
            for (String table : List.of(SymbolicateJob.REPORTS, SymbolicateJob.MISSING)) {
                List<String> rows = rows(firstOut.resolve(table));
                assertFalse(rows.isEmpty(), table);
                assertEquals(rows, rows(out.resolve(table)), table);
            }
            String refusedLine = "crashkit-spark: the JVM refused the class-data archive " + files.archive();
            if (damaged == 0) {
                assertFalse(next.stderr().contains("crashkit-spark: "), next.stderr());
                assertFalse(Files.exists(files.marker()), "an archive is there: no training");
            } else if (damaged == 1) {
                assertTrue(next.stderr().contains(refusedLine + " (damaged, or written by another JDK build): removed;"
                        + " a new one is written after this job\n"), next.stderr());
                awaitTraining(files);
                assertTrue(Files.isRegularFile(files.archive()), "not trained again after a refusal");
                assertEquals(1, StartupArchive.refusals(files));
            } else {
                assertTrue(next.stderr().contains(refusedLine + " (damaged, or written by another JDK build): removed;"
                        + " no new one is written for this jar and JDK until " + files.refused() + " is deleted\n"),
                        next.stderr());
                assertFalse(Files.exists(files.archive()));
                assertFalse(Files.exists(files.marker()), "refused twice: no training");
            }
        }

        // A truncated archive: the JDK maps it and dies before the job; the parent removes it and says so.
        Files.delete(files.refused());
        Files.write(files.archive(), java.util.Arrays.copyOf(good, good.length / 2));
        Path out = tmp.resolve("truncated");
        Run crashed = run(archiveJar, env, List.of(), job(out));
        if (crashed.exit() == 0) { // a JDK that checks the size and refuses it: refused as above
            assertTrue(crashed.stderr().contains("crashkit-spark: the JVM refused the class-data archive "), crashed.stderr());
            awaitTraining(files);
            Files.deleteIfExists(files.archive());
        } else {
            assertTrue(LocalRelaunch.crashed(crashed.exit()), crashed.exit() + ": " + crashed.stderr());
            assertTrue(crashed.stderr().contains("crashkit-spark: the job's JVM crashed (exit code " + crashed.exit()
                    + ") with the class-data archive " + files.archive() + " (damaged, or written by another JDK build):"
                    + " removed; a new one is written after this job\n"), crashed.stderr());
        }
        assertFalse(Files.exists(files.archive()));
        assertEquals(1, StartupArchive.refusals(files));
        assertFalse(Files.exists(files.marker()), "no training after a job that did not end");
    }

    private static void awaitTraining(StartupArchive.ArchiveFiles files) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
        while (Files.exists(files.marker()) && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        assertFalse(Files.exists(files.marker()), "training still under way after 10 minutes");
    }

    /**
     * A launcher jar as {@link #writeLauncherJar}'s whose class path holds only jars: the JVM archives
     * no class of a folder on the class path, so each folder of the test's class path is jarred here.
     */
    private static Path jarOfJars(Path dir) throws IOException {
        Files.createDirectories(dir);
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        StringBuilder urls = new StringBuilder();
        int n = 0;
        for (String entry : classPath.split(File.pathSeparator)) {
            Path e = Path.of(entry).toAbsolutePath();
            if (entry.isEmpty() || !Files.exists(e)) {
                continue;
            }
            if (Files.isDirectory(e)) {
                Path folderJar = dir.resolve("folder-" + n++ + ".jar");
                try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(folderJar));
                     Stream<Path> walk = Files.walk(e)) {
                    for (Path f : walk.filter(Files::isRegularFile).sorted().toList()) {
                        out.putNextEntry(new java.util.jar.JarEntry(e.relativize(f).toString().replace(File.separatorChar, '/')));
                        Files.copy(f, out);
                        out.closeEntry();
                    }
                }
                e = folderJar;
            }
            // Relative to the launcher: the JVM's archive follows a manifest's relative entries only (the class
            // loader takes absolute file: URLs, but the archive would hold none of those jars' classes).
            urls.append(urls.length() == 0 ? "" : " ")
                    .append(dir.toAbsolutePath().relativize(e).toString().replace(File.separatorChar, '/'));
        }
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Main.class.getName());
        m.getMainAttributes().put(Attributes.Name.CLASS_PATH, urls.toString());
        m.getMainAttributes().putValue("Add-Opens", System.getProperty("spark.add-opens"));
        Path launcher = dir.resolve("crashkit-spark.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(launcher), m)) {
            out.flush();
        }
        return launcher;
    }

    @Test
    void userJvmOptionsKeepTheJobHereAndTheChildsExitCodeAndErrorPassThrough() throws Exception {
        String[] args = {"--input", tmp.resolve("nothing-here").toString(), "--out", tmp.resolve("o").toString()};
        Run withOptions = run(Map.of(), List.of("-Xmx1g"), args);
        Run relaunched = run(Map.of(), List.of(), args);
        assertEquals(List.of(), withOptions.javaChildren());
        assertEquals(1, relaunched.javaChildren().size(), relaunched.javaChildren().toString());
        for (Run r : List.of(withOptions, relaunched)) {
            assertEquals(ExitCodes.INVALID_INPUT, r.exit(), r.stderr());
            assertEquals("", r.stdout());
        }
        List<String> errors = errorLines(withOptions.stderr());
        assertEquals(1, errors.size(), withOptions.stderr());
        assertTrue(errors.get(0).contains("nothing-here"), errors.get(0));
        assertEquals(errors, errorLines(relaunched.stderr()));
    }

    @Test
    void badArgumentsGiveTheUsageErrorRelaunchedOrNot() throws Exception {
        // Found while parsing: answered in this process, no child.
        Run missingOut = run(Map.of(), List.of(), "--input", "x");
        assertEquals(ExitCodes.USAGE, missingOut.exit());
        assertEquals("error: Missing required option: '--out=DIR'\nusage: crashkit-spark --help\n", missingOut.stderr());
        assertEquals("", missingOut.stdout());
        assertEquals(List.of(), missingOut.javaChildren());
        // Found by the job before Spark starts: in the child; the same one line and exit code as without it.
        String[] badStyle = {"--input", "x", "--out", tmp.resolve("o2").toString(), "--demangle", "pretty"};
        Run relaunched = run(Map.of(), List.of(), badStyle);
        Run here = run(Map.of(ChildJvm.OPT_OUT, "0"), List.of(), badStyle);
        for (Run r : List.of(relaunched, here)) {
            assertEquals(ExitCodes.USAGE, r.exit(), r.stderr());
            assertEquals("error: --demangle must be simplified, full or none, not pretty\n", r.stderr());
            assertEquals("", r.stdout());
        }
    }

    @Test
    void onlyLocalMastersRelaunch() {
        assertTrue(LocalRelaunch.isLocalMaster(null));
        assertTrue(LocalRelaunch.isLocalMaster("local"));
        assertTrue(LocalRelaunch.isLocalMaster("local[*]"));
        assertTrue(LocalRelaunch.isLocalMaster("local[2,3]"));
        assertFalse(LocalRelaunch.isLocalMaster("local-cluster[2,1,1024]"));
        assertFalse(LocalRelaunch.isLocalMaster("spark://h:7077"));
        assertFalse(LocalRelaunch.isLocalMaster("yarn"));
        assertFalse(LocalRelaunch.isLocalMaster("k8s://https://h:6443"));
    }

    @Test
    void onlyAPlainJavaJarRelaunches() {
        String cp = jar.toString();
        assertEquals(Optional.of(jar.toAbsolutePath().normalize()),
                LocalRelaunch.plainJavaJar(List.of(), cp, cp + " --input x --out o"));
        assertEquals(Optional.of(jar.toAbsolutePath().normalize()), LocalRelaunch.plainJavaJar(List.of(), cp, cp));
        // JVM options (command line, JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS), `-cp JAR MAIN`, a class path of two, a missing jar.
        assertTrue(LocalRelaunch.plainJavaJar(List.of("-Xmx1g"), cp, cp + " --input x").isEmpty());
        assertTrue(LocalRelaunch.plainJavaJar(List.of(), cp, Main.class.getName() + " --input x").isEmpty());
        assertTrue(LocalRelaunch.plainJavaJar(List.of(), cp + File.pathSeparator + cp, cp).isEmpty());
        String missing = tmp.resolve("gone.jar").toString();
        assertTrue(LocalRelaunch.plainJavaJar(List.of(), missing, missing).isEmpty());
    }

    /** The job's summary with the output folder and its timings (seconds, reports/s) taken out. */
    private static String summary(String stdout, Path out) {
        return stdout.replace(out.toString(), "OUT").replaceAll(", [0-9.]+ s, [0-9.]+ reports/s\\)", ")");
    }

    /** Log lines without their time of day, milliseconds or output folder. */
    private static List<String> logLines(String stderr, Path out) {
        List<String> lines = new ArrayList<>();
        for (String line : stderr.replace(out.toString(), "OUT").split("\n")) {
            lines.add(line.replaceFirst("^\\d\\d:\\d\\d:\\d\\d ", "").replaceAll("\\d+ ms", "N ms"));
        }
        return lines;
    }

    private static List<String> errorLines(String stderr) {
        return stderr.lines().filter(l -> l.startsWith("error: ")).toList();
    }

    /** The rows of a JSON output table, sorted (part file names and order are Spark's). */
    private static List<String> rows(Path table) throws IOException {
        List<String> rows = new ArrayList<>();
        try (Stream<Path> files = Files.list(table)) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith("part-")).toList()) {
                rows.addAll(Files.readAllLines(f, StandardCharsets.UTF_8));
            }
        }
        Collections.sort(rows);
        return rows;
    }
}
