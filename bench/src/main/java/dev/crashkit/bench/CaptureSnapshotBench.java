package dev.crashkit.bench;

import dev.crashkit.capture.linux.InProcessCapture;
import dev.crashkit.capture.report.Snapshot;
import dev.crashkit.capture.timing.Phases;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code Capture.snapshot()} in a 30-thread JVM, first call and warm, per phase. Each run is a
 * fresh JVM (so the first call pays class loading, JNA binding and the first CFI reads as an
 * application would): it pads itself with blocked threads to 30 threads, takes one snapshot, then
 * {@code warm} more, and prints each call's phases. This command runs {@code runs} such JVMs and
 * prints the median of each phase, first call and warm.
 * Run: {@code java -cp bench/target/benchmarks.jar dev.crashkit.bench.CaptureSnapshotBench [runs] [warm] [threads]
 * [jar=OTHER-capture.jar]}; with {@code jar=} the children put that jar first on the class path and
 * time whole {@code Capture.snapshot()} calls (no phases), for a side-by-side run against another build.
 */
public final class CaptureSnapshotBench {
    /** Per phase: wall time, the capturing thread's on-CPU time, its time waiting for a CPU. */
    private static final String[] KINDS = {" wall", " cpu", " runq"};

    private CaptureSnapshotBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("child")) {
            child(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
            return;
        }
        if (args.length > 0 && args[0].equals("child-plain")) {
            childPlain(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
            return;
        }
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int warm = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : 30;
        // jar=PATH: time Capture.snapshot() of another capture.jar (e.g. an older build), whole calls only.
        String other = args.length > 3 && args[3].startsWith("jar=") ? args[3].substring(4) : null;
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = (other == null ? "" : other + File.pathSeparator) + System.getProperty("java.class.path");
        Map<String, List<Double>> first = new LinkedHashMap<>();
        Map<String, List<Double>> warmPhases = new LinkedHashMap<>();
        List<Double> firstTotal = new ArrayList<>();
        List<Double> warmTotal = new ArrayList<>();
        int seenThreads = 0;
        for (int r = 0; r < runs; r++) {
            Process p = new ProcessBuilder(java, "-cp", cp, CaptureSnapshotBench.class.getName(),
                    other == null ? "child" : "child-plain",
                    Integer.toString(warm), Integer.toString(threads)).redirectErrorStream(true).start();
            BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            List<Double> runWarm = new ArrayList<>();
            for (String line; (line = in.readLine()) != null; ) {
                if (!line.startsWith("call ")) {
                    System.out.println("child: " + line);
                    continue;
                }
                // call <i> <threads> <total ms> name=ms;name=ms...
                String[] f = line.split(" ", 5);
                int i = Integer.parseInt(f[1]);
                seenThreads = Integer.parseInt(f[2]);
                double total = Double.parseDouble(f[3]);
                Map<String, List<Double>> into = i == 0 ? first : warmPhases;
                for (String kv : f[4].split(";")) {
                    int eq = kv.lastIndexOf('=');
                    String[] v = kv.substring(eq + 1).split(",");
                    for (int k = 0; k < 3; k++) {
                        into.computeIfAbsent(kv.substring(0, eq) + KINDS[k], x -> new ArrayList<>())
                                .add(Double.parseDouble(v[k]));
                    }
                }
                if (i == 0) {
                    firstTotal.add(total);
                    System.out.printf(Locale.ROOT, "run %d: first call %.1f ms%n", r + 1, total);
                } else {
                    runWarm.add(total);
                    warmTotal.add(total);
                }
            }
            if (p.waitFor() != 0) {
                throw new IOException("child JVM failed with exit code " + p.exitValue());
            }
            System.out.printf(Locale.ROOT, "run %d: warm median %.2f ms over %d calls%n", r + 1, Stats.median(runWarm),
                    runWarm.size());
        }
        System.out.printf(Locale.ROOT, "%d runs, %d threads in the snapshot, load %s%n", runs, seenThreads, Stats.load());
        System.out.printf(Locale.ROOT, "first call: median %.1f ms (min %.1f, max %.1f)%n", Stats.median(firstTotal),
                Stats.min(firstTotal), Stats.max(firstTotal));
        printPhases(first);
        System.out.printf(Locale.ROOT, "warm call: median %.2f ms (p90 %.2f) over %d calls%n", Stats.median(warmTotal),
                Stats.percentile(warmTotal, 90), warmTotal.size());
        printPhases(warmPhases);
    }

    /** One line per phase: medians of wall, on-CPU and run-queue time. */
    private static void printPhases(Map<String, List<Double>> m) {
        System.out.printf(Locale.ROOT, "  %-16s %9s %9s %9s   (medians; cpu/runq of the capturing thread)%n", "phase",
                "wall ms", "cpu ms", "runq ms");
        for (String key : m.keySet()) {
            if (key.endsWith(KINDS[0])) {
                String name = key.substring(0, key.length() - KINDS[0].length());
                System.out.printf(Locale.ROOT, "  %-16s %9.3f %9.3f %9.3f%n", name, Stats.median(m.get(key)),
                        Stats.median(m.get(name + KINDS[1])), Stats.median(m.get(name + KINDS[2])));
            }
        }
    }

    /** Capture.snapshot() as an application calls it, timed whole (any capture.jar first on the class path). */
    private static void childPlain(int warm, int threads) throws Exception {
        int have = (int) Files.list(Path.of("/proc/self/task")).count();
        BlockedThreads.start(Math.max(0, threads - have));
        for (int i = 0; i <= warm; i++) {
            long t0 = System.nanoTime();
            Snapshot s = dev.crashkit.capture.Capture.snapshot();
            long t1 = System.nanoTime();
            System.out.printf(Locale.ROOT, "call %d %d %.3f total=%.3f,-1,-1%n", i, s.threads().size(), (t1 - t0) / 1e6,
                    (t1 - t0) / 1e6);
        }
    }

    private static void child(int warm, int threads) throws Exception {
        int have = (int) Files.list(Path.of("/proc/self/task")).count();
        BlockedThreads.start(Math.max(0, threads - have));
        SchedStat clock = new SchedStat();
        clock.read();
        for (int i = 0; i <= warm; i++) {
            long t0 = System.nanoTime();
            Phases phases = Phases.start(clock);
            // What Capture.snapshot() does, with the phases recorded.
            Snapshot s = InProcessCapture.snapshot(InProcessCapture.Options.defaults(), Optional.of("snapshot"), -1,
                    Optional.empty(), phases);
            long t1 = System.nanoTime();
            StringBuilder sb = new StringBuilder();
            for (Phases.Phase ph : phases.phases()) {
                sb.append(sb.length() == 0 ? "" : ";").append(ph.name()).append('=')
                        .append(String.format(Locale.ROOT, "%.3f,%.3f,%.3f", ph.millis(), ph.cpuNanos() / 1e6,
                                ph.waitNanos() / 1e6));
            }
            System.out.printf(Locale.ROOT, "call %d %d %.3f %s%n", i, s.threads().size(), (t1 - t0) / 1e6, sb);
        }
    }
}
