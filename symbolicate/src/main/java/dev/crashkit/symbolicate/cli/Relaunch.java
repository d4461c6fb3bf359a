package dev.crashkit.symbolicate.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * {@code java -jar symbolicate.jar ARGS} started with no JVM options runs the command in a child
 * JVM with the options {@code bin/symbolicate} passes (C1 only, the serial collector, an
 * application class-data archive in the cache folder): a jar cannot carry JVM options, and with
 * the JDK's defaults a short run spends more CPU compiling with C2 than working (2.2× the CPU on
 * a warm 10,000-frame report, 2.6× on a cold one; see BENCHMARKS.md). {@code batch} too: its
 * 1,000-report run over 20 symbol caches took 30% less CPU and a third less memory with C1 and
 * the serial collector than with C2 and G1 (BENCHMARKS.md, batch). The parent only waits and
 * passes the exit code on; standard streams are inherited. Not relaunched: when the JVM was
 * given any option (the user chose them), inside a relaunched JVM, with
 * {@code CRASHKIT_RELAUNCH=0}, or when the command line of this process cannot be read; if the
 * child cannot be started the command runs here.
 */
final class Relaunch {
    static final String MARKER = "crashkit.relaunched";

    private Relaunch() {
    }

    /** The child's command line when this process should relaunch itself. */
    static Optional<List<String>> command(String[] args) {
        if (System.getProperty(MARKER) != null || "0".equals(System.getenv("CRASHKIT_RELAUNCH"))) {
            return Optional.empty();
        }
        ProcessHandle.Info info = ProcessHandle.current().info();
        Optional<String> java = info.command();
        Optional<String[]> own = info.arguments();
        Optional<Path> jar = jar();
        if (java.isEmpty() || own.isEmpty() || jar.isEmpty()) {
            return Optional.empty();
        }
        // Exactly "-jar JAR ARGS": anything else means JVM options were given (or another launcher).
        String[] a = own.get();
        if (a.length != args.length + 2 || !a[0].equals("-jar")
                || !Path.of(a[1]).toAbsolutePath().normalize().equals(jar.get())
                || !Arrays.equals(a, 2, a.length, args, 0, args.length)) {
            return Optional.empty();
        }
        List<String> cmd = new ArrayList<>(List.of(java.get(), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
        cmd.addAll(classDataArchive(jar.get()));
        cmd.addAll(List.of("-D" + MARKER + "=1", "-cp", jar.get().toString(), Main.class.getName()));
        cmd.addAll(List.of(args));
        return Optional.of(cmd);
    }

    /** Runs the child and returns its exit code; empty when it could not be started. */
    static Optional<Integer> run(List<String> command) {
        Process child;
        try {
            child = new ProcessBuilder(command).inheritIO().start();
        } catch (java.io.IOException | RuntimeException e) {
            return Optional.empty();
        }
        Thread killer = new Thread(child::destroy, "relaunch-cleanup");
        Runtime.getRuntime().addShutdownHook(killer);
        while (true) {
            try {
                int code = child.waitFor();
                Runtime.getRuntime().removeShutdownHook(killer);
                return Optional.of(code);
            } catch (InterruptedException e) {
                // keep waiting: the child decides when the command is done
            }
        }
    }

    /** The jar this class was loaded from (absolute), if it was a jar. */
    private static Optional<Path> jar() {
        try {
            var source = Relaunch.class.getProtectionDomain().getCodeSource();
            if (source == null) {
                return Optional.empty();
            }
            Path p = Path.of(source.getLocation().toURI()).toAbsolutePath().normalize();
            return p.toString().endsWith(".jar") && Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The class-data archive options bin/symbolicate uses: the archive of this jar (named by its
     * mtime and size) in the cache folder, made at the end of the first run that has none.
     */
    private static List<String> classDataArchive(Path jar) {
        try {
            Path folder = dev.crashkit.symbolicate.locate.IndexCache.defaultFolder();
            Files.createDirectories(folder);
            long mtime = Files.getLastModifiedTime(jar).toMillis() / 1000;
            Path jsa = folder.resolve("symbolicate-" + mtime + "-" + Files.size(jar) + ".jsa");
            String archive = Files.isRegularFile(jsa) ? "-XX:SharedArchiveFile=" + jsa : "-XX:ArchiveClassesAtExit=" + jsa;
            return List.of(archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
        } catch (java.io.IOException | RuntimeException e) {
            return List.of(); // no archive: slower start, same results
        }
    }
}
