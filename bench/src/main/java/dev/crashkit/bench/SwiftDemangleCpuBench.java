package dev.crashkit.bench;

import dev.crashkit.symbolicate.demangle.swift.DemangleOptions;
import dev.crashkit.symbolicate.demangle.swift.SwiftDemangler;
import dev.crashkit.testkit.TestData;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Bench command: Swift names demangled per second of this thread's CPU time, so the figure stays meaningful
 * on a machine shared with other jobs (wall-clock JMH scores are not). Single thread, names of
 * swift-demangle's conformance lists cycled. Run from the repository root:
 * {@code java -cp bench/target/benchmarks.jar dev.crashkit.bench.SwiftDemangleCpuBench [ROUNDS]}.
 *
 * <p>Both styles first run {@value #WARMUP_ROUNDS} untimed rounds: on the shared 2-core machine the JIT
 * needs about ten rounds to finish compiling the demangler, so without a warm-up the timed rounds of
 * whichever style runs first measure the compiler's progress rather than the demangler (rates were still
 * climbing at the tenth round). JMH warms up for the same reason.
 */
public final class SwiftDemangleCpuBench {
    static final int WARMUP_ROUNDS = 10;

    private SwiftDemangleCpuBench() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = TestData.thirdParty("swift-demangle");
        List<String> all = new ArrayList<>();
        for (String f : new String[] {"manglings.txt", "simplified-manglings.txt"}) {
            for (String line : Files.readAllLines(dir.resolve(f), StandardCharsets.UTF_8)) {
                int sep = line.indexOf(" ---> ");
                if (sep > 0) {
                    all.add(line.substring(0, sep).strip());
                }
            }
        }
        String[] names = all.toArray(new String[0]);
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        SwiftDemangler d = SwiftDemangler.instance();
        long warm = 0;
        for (int r = 0; r < WARMUP_ROUNDS; r++) {
            for (DemangleOptions opts : new DemangleOptions[] {DemangleOptions.full(), DemangleOptions.simplified()}) {
                for (int k = 0; k < 250; k++) {
                    for (String n : names) {
                        warm += d.demangle(n, opts).length();
                    }
                }
            }
        }
        System.out.printf("warm-up: %d rounds of both styles (checksum %d)%n", WARMUP_ROUNDS, warm);
        for (DemangleOptions opts : new DemangleOptions[] {DemangleOptions.full(), DemangleOptions.simplified()}) {
            String style = opts == DemangleOptions.full() ? "full" : "simplified";
            long sink = 0;
            double best = 0;
            for (int r = 0; r < rounds; r++) {
                long cpu0 = mx.getCurrentThreadCpuTime();
                long wall0 = System.nanoTime();
                int count = 0;
                for (int k = 0; k < 500; k++) {
                    for (String n : names) {
                        sink += d.demangle(n, opts).length();
                        count++;
                    }
                }
                double cpuRate = count * 1e9 / (mx.getCurrentThreadCpuTime() - cpu0);
                double wallRate = count * 1e9 / (System.nanoTime() - wall0);
                best = Math.max(best, cpuRate);
                System.out.printf("%-10s round %2d: %,10.0f names/CPU-s %,10.0f names/wall-s%n", style, r, cpuRate,
                        wallRate);
            }
            System.out.printf("%-10s best: %,.0f names per CPU second (checksum %d)%n", style, best, sink);
        }
    }
}
