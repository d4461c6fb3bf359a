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
        Optional<Integer> code = Relaunch.run(List.of(args));
        System.exit(code.orElse(99));
    }
}
