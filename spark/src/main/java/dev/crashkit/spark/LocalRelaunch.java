package dev.crashkit.spark;

import dev.crashkit.launcher.ChildJvm;
import dev.crashkit.launcher.DefaultCacheFolder;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code java -jar crashkit-spark.jar} in local mode runs the job in a child JVM started with
 * {@link ChildJvm#OPTIONS}, C1 only and the serial collector as {@code symbolicate batch} relaunches
 * itself: a jar cannot carry JVM options, and on the JDK's defaults (C2 compiling Spark's code, G1) a
 * fresh local job of 20,000 reports took 1.5-1.9 times the CPU it takes with them; the whole process's
 * CPU for a fresh {@code local[1]} job fell by about half at 2,000 reports and by a third to a half at
 * 20,000, its memory by 40-60% (BENCHMARKS.md, "Spark in a fresh process"). The child is the same
 * {@code java -jar JAR ARGS} with those options (and the class-data archive of {@link StartupArchive},
 * once one is written) and a marker property in front ({@link ChildJvm#MARKER}); its standard streams
 * are this process's and its exit code is returned ({@link ChildJvm#run}), so the run looks the same
 * from outside (one parent JVM more, idle).
 *
 * <p>Not relaunched: under {@code spark-submit} (it sets {@code spark.master}; its driver is not
 * started as {@code java -jar}), for a master other than {@code local} / {@code local[...]}, when
 * this JVM was given any option of the user's (on its command line, {@code JAVA_TOOL_OPTIONS} or
 * {@code JDK_JAVA_OPTIONS}: the user chose them), inside a relaunched JVM, with
 * {@code CRASHKIT_RELAUNCH=0} (the {@code symbolicate} command's opt-out), for {@code --help},
 * {@code --version} and a command line that does not parse (answered here, at once), or when the
 * child cannot be started (the job then runs here).
 */
final class LocalRelaunch {
    private LocalRelaunch() {
    }

    /**
     * Runs the job of {@code args} in a relaunched child when this process should (see the class
     * comment) and returns the child's exit code; empty when the job is to run in this process.
     */
    static Optional<Integer> runInChild(String[] args) {
        Optional<Child> child = child(args);
        if (child.isEmpty()) {
            return Optional.empty();
        }
        Child c = child.get();
        Optional<Integer> code = ChildJvm.run(c.command());
        boolean withArchive = c.command().stream().anyMatch(o -> o.startsWith("-XX:SharedArchiveFile="));
        if (code.isPresent() && crashed(code.get()) && withArchive && c.archive().isPresent()) {
            // This JDK maps a truncated archive and dies of SIGBUS before the job starts: not again.
            System.err.println(StartupArchive.discard(c.archive().get(), "the job's JVM crashed (exit code "
                    + code.get() + ") with the class-data archive " + c.archive().get().archive()));
        }
        // Only after a job that ran to its end: the training repeats a small part of it (StartupArchive).
        // The child removes an archive the JVM refused: then this trains a new one.
        if (code.isPresent() && code.get() == ExitCodes.OK && c.archive().isPresent()) {
            StartupArchive.trainInBackground(c.archive().get(), c.java(), c.jar(), args);
        }
        return code;
    }

    /**
     * A relaunch: the child's command line, its JVM and jar, and the files of the class-data
     * archive for them (empty when it is turned off or the jar cannot be read).
     */
    record Child(List<String> command, Path java, Path jar, Optional<StartupArchive.ArchiveFiles> archive) {
    }

    /** The child's command line when this process should relaunch itself, else empty. */
    static Optional<List<String>> childCommand(String[] args) {
        return child(args).map(Child::command);
    }

    /** The relaunch when this process should relaunch itself, else empty. */
    static Optional<Child> child(String[] args) {
        if (System.getProperty(ChildJvm.MARKER) != null || "0".equals(System.getenv(ChildJvm.OPT_OUT))
                || System.getProperty("spark.master") != null) {
            return Optional.empty();
        }
        JobCommand command;
        try {
            command = JobCommand.parse(args);
        } catch (JobCommand.UsageException e) {
            return Optional.empty(); // the error is printed by the run here, as always
        }
        if (!command.runsJob() || !isLocalMaster(command.master)) {
            return Optional.empty();
        }
        Optional<Path> jar = plainJavaJar(ManagementFactory.getRuntimeMXBean().getInputArguments(),
                System.getProperty("java.class.path"), System.getProperty("sun.java.command"));
        Optional<Path> java = jar.isEmpty() ? Optional.empty() : ChildJvm.java();
        if (java.isEmpty()) {
            return Optional.empty();
        }
        Optional<StartupArchive.ArchiveFiles> archive = StartupArchive.files(DefaultCacheFolder.path(), jar.get(),
                System.getProperty("java.runtime.version"));
        List<String> archiveOptions = archive.map(StartupArchive::useOptions).orElse(List.of());
        return Optional.of(new Child(childCommand(java.get(), jar.get(), archiveOptions, args), java.get(), jar.get(), archive));
    }

    /**
     * Whether {@code master} (the {@code --master} value, {@code null} when none was given: then
     * {@code local[*]}) runs the executors inside the driver's JVM: {@code local} or
     * {@code local[...]}; not {@code local-cluster[...]}, whose executors are JVMs of their own.
     */
    static boolean isLocalMaster(String master) {
        return master == null || master.equals("local") || master.startsWith("local[");
    }

    /**
     * The jar of a JVM started as exactly {@code java -jar JAR ARGS}: no JVM argument of any kind
     * ({@code jvmArguments} holds the command line's and those of {@code JAVA_TOOL_OPTIONS} and
     * {@code JDK_JAVA_OPTIONS}), the class path the one jar {@code -jar} sets it to, and the
     * launcher's command ({@code sun.java.command}) that jar and the arguments; empty otherwise.
     */
    static Optional<Path> plainJavaJar(List<String> jvmArguments, String classPath, String javaCommand) {
        if (!jvmArguments.isEmpty() || classPath == null || javaCommand == null || !classPath.endsWith(".jar")
                || classPath.contains(java.io.File.pathSeparator)
                || !(javaCommand.equals(classPath) || javaCommand.startsWith(classPath + " "))) {
            return Optional.empty();
        }
        Path jar = Path.of(classPath).toAbsolutePath().normalize();
        return Files.isRegularFile(jar) ? Optional.of(jar) : Optional.empty();
    }

    /**
     * {@code java OPTIONS ARCHIVE -Dcrashkit.relaunched=1 -jar JAR ARGS}: the jar again, so its manifest's class
     * path and {@code Add-Opens} apply; {@code archive} the class-data archive's options ({@link StartupArchive#useOptions}).
     */
    static List<String> childCommand(Path java, Path jar, List<String> archive, String[] args) {
        List<String> main = new ArrayList<>(args.length + 2);
        main.add("-jar");
        main.add(jar.toString());
        main.addAll(List.of(args));
        return ChildJvm.command(java, archive, main);
    }

    /** Whether a child's exit code is a JVM's death by a signal (128 + the signal: its crash handler aborts). */
    static boolean crashed(int exitCode) {
        return exitCode == 128 + 6 || exitCode == 128 + 7 || exitCode == 128 + 11;
    }
}
