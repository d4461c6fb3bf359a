package dev.crashkit.bench;

import dev.crashkit.capture.ptrace.PtraceCapture;
import dev.crashkit.capture.timing.Phases;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How long {@code capture --pid} pauses a ~30-thread JVM: starts {@link BlockedThreads} as a
 * separate process (through sh, so it is not our child), captures it {@code runs} times in this
 * warm JVM and prints the pause (first stop to last detach), the time inside it by kind of work,
 * and the whole capture time. For a C target that measures its own pause, and the CLI in a fresh
 * JVM, see {@link CapturePauseGapBench}.
 * Run: {@code java -cp bench/target/benchmarks.jar dev.crashkit.bench.PtracePauseBench [runs]}.
 */
public final class PtracePauseBench {
    private PtracePauseBench() {
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("java.class.path");
        Process sh = new ProcessBuilder("sh", "-c", "'" + java + "' -cp '" + cp + "' "
                + BlockedThreads.class.getName() + " 16 & wait").redirectErrorStream(true).start();
        String ready = new BufferedReader(new InputStreamReader(sh.getInputStream(), StandardCharsets.UTF_8))
                .readLine();
        int pid = Integer.parseInt(ready.substring(6).strip());
        try {
            int warm = Math.max(5, runs / 5);
            double[] pause = new double[runs];
            double[] total = new double[runs];
            Map<String, List<Double>> phases = new LinkedHashMap<>();
            int threads = 0;
            for (int i = -warm; i < runs; i++) {
                long t0 = System.nanoTime();
                PtraceCapture.Result r = PtraceCapture.capture(pid, PtraceCapture.Options.defaults());
                long t1 = System.nanoTime();
                if (i >= 0) {
                    pause[i] = r.pauseNanos() / 1e6;
                    total[i] = (t1 - t0) / 1e6;
                    threads = r.threadsStopped();
                    for (Phases.Phase ph : r.pausePhases()) {
                        phases.computeIfAbsent(ph.name(), k -> new ArrayList<>()).add(ph.millis());
                    }
                }
            }
            Arrays.sort(pause);
            Arrays.sort(total);
            System.out.printf("threads stopped: %d, runs: %d (after %d warm-up)%n", threads, runs, warm);
            System.out.printf("pause ms: min %.3f  median %.3f  p90 %.3f  max %.3f%n", pause[0], pause[runs / 2],
                    pause[runs * 9 / 10], pause[runs - 1]);
            System.out.printf("whole capture ms (pause + images + unwinding): median %.3f  p90 %.3f%n",
                    total[runs / 2], total[runs * 9 / 10]);
            StringBuilder sb = new StringBuilder("inside the pause, medians:");
            phases.forEach((k, v) -> sb.append(String.format(Locale.ROOT, " %s %.3f ms", k, Stats.median(v))));
            System.out.println(sb);
            System.out.println("load average: " + Stats.load());
        } finally {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            sh.destroyForcibly();
        }
    }
}
