package dev.crashkit.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The JVM that {@code java -jar} of the symbolicate command or the Spark job relaunches itself as: a jar
 * cannot carry JVM options, and the JDK's defaults (C2 compiling, G1) cost a short run more CPU than its
 * work (symbolicate's cli/Relaunch, spark's LocalRelaunch and BENCHMARKS.md say how much). The child gets
 * {@link #OPTIONS} and {@link #MARKER}; this class finds its {@code java} and runs it, the parent's
 * standard streams inherited, until it ends.
 *
 * <p>No lambdas here: {@link #run} runs interpreted in the launcher's parent JVM, where a lambda would be
 * spun at run time.
 */
public final class ChildJvm {
    /** The system property that marks a relaunched JVM (it never relaunches again). */
    public static final String MARKER = "crashkit.relaunched";

    /** The environment variable that turns the relaunch off when it is {@code 0}. */
    public static final String OPT_OUT = "CRASHKIT_RELAUNCH";

    /**
     * The child's JVM options: C1 only and the serial collector; no hsperfdata file (nothing attaches to
     * a short run; {@code jps} does not list the child, {@code jcmd PID} and {@code jstack PID} still attach).
     */
    public static final List<String> OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
            "-XX:-UsePerfData");

    private ChildJvm() {
    }

    /**
     * The {@code java} of the JDK this JVM runs on.
     *
     * @return {@code java.home}'s {@code bin/java}; empty when it is not there
     */
    public static Optional<Path> java() {
        String javaHome = System.getProperty("java.home");
        if (javaHome == null) {
            return Optional.empty();
        }
        Path java = Path.of(javaHome, "bin", System.getProperty("os.name", "").startsWith("Windows") ? "java.exe" : "java");
        return Files.isRegularFile(java) ? Optional.of(java) : Optional.empty();
    }

    /**
     * The child's command line: {@code java}, {@link #OPTIONS}, the caller's JVM options, {@link #MARKER}
     * set to 1, then what to run ({@code -jar JAR ARGS}, {@code -cp JAR MAIN ARGS}).
     *
     * @param java the {@code java} to run ({@link #java()})
     * @param jvmOptions the caller's JVM options (its start-up cache's, a heap size)
     * @param main what to run and its arguments
     * @return the command line
     */
    public static List<String> command(Path java, List<String> jvmOptions, List<String> main) {
        List<String> cmd = new ArrayList<>(OPTIONS.size() + jvmOptions.size() + main.size() + 2);
        cmd.add(java.toString());
        cmd.addAll(OPTIONS);
        cmd.addAll(jvmOptions);
        cmd.add("-D" + MARKER + "=1");
        cmd.addAll(main);
        return cmd;
    }

    /**
     * Starts {@code command} with this process's standard streams and returns its exit code once it
     * ended; empty when it could not be started. Stopping this process (SIGTERM, Ctrl-C) stops the child
     * too; an interrupt does not stop the waiting: the child decides when it is done.
     *
     * @param command the program and its arguments
     * @return the child's exit code; empty when it could not be started
     */
    public static Optional<Integer> run(List<String> command) {
        Process child;
        try {
            child = new ProcessBuilder(command).inheritIO().start();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        Thread stopChild = new Cleanup(child);
        Runtime.getRuntime().addShutdownHook(stopChild);
        while (true) {
            try {
                int code = child.waitFor();
                Runtime.getRuntime().removeShutdownHook(stopChild);
                return Optional.of(code);
            } catch (InterruptedException e) {
                // keep waiting: the child decides when it is done
            }
        }
    }

    /** Ends the child when the parent is stopped (a named class: a lambda would be spun at run time). */
    private static final class Cleanup extends Thread {
        private final Process child;

        Cleanup(Process child) {
            super("crashkit-relaunch-cleanup");
            this.child = child;
        }

        @Override
        public void run() {
            child.destroy();
        }
    }
}
