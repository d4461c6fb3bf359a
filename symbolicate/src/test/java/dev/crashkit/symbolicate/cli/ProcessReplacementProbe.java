package dev.crashkit.symbolicate.cli;

import java.util.List;
import java.util.Optional;

/**
 * Run by {@link ProcessReplacementTest} in its own JVM: prints this process's id and whether its
 * performance-data file exists, then relaunches
 * into the command given as arguments the way {@code java -jar} does ({@link Relaunch#run}) and
 * exits with what that returned (only reached when the command ran as a child).
 */
public final class ProcessReplacementProbe {
    private ProcessReplacementProbe() {
    }

    public static void main(String[] args) {
        long pid = ProcessHandle.current().pid();
        // Whether this JVM's performance-data file is there (HotSpot's own path on Linux).
        boolean perf = new java.io.File("/tmp/hsperfdata_" + System.getProperty("user.name"), Long.toString(pid)).exists();
        System.out.println(pid + " " + (perf ? "perf-data" : "no-perf-data"));
        System.out.flush();
        String cache = System.getenv("CRASHKIT_CACHE");
        Optional<Integer> code = Relaunch.run(new Relaunch.Child(List.of(args),
                Optional.of(new java.io.File(cache, "probe-exec.so"))));
        System.exit(code.orElse(99));
    }
}
