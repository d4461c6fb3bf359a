package dev.crashkit.symbolicate.cli;

import java.util.List;
import java.util.Optional;

/**
 * Run by {@link ProcessReplacementTest} in its own JVM: prints this process's id, then relaunches
 * into the command given as arguments the way {@code java -jar} does ({@link Relaunch#run}) and
 * exits with what that returned (only reached when the command ran as a child).
 */
public final class ProcessReplacementProbe {
    private ProcessReplacementProbe() {
    }

    public static void main(String[] args) {
        System.out.println(ProcessHandle.current().pid());
        System.out.flush();
        String cache = System.getenv("CRASHKIT_CACHE");
        Optional<Integer> code = Relaunch.run(new Relaunch.Child(List.of(args),
                Optional.of(new java.io.File(cache, "probe-exec.so"))));
        System.exit(code.orElse(99));
    }
}
