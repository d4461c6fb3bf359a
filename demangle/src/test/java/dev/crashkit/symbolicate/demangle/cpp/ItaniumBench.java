package dev.crashkit.symbolicate.demangle.cpp;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;

/**
 * Single-thread throughput of {@link ItaniumDemangler#demangleToken} over the golden list.
 * Not a test (surefire ignores it). Run after {@code mvn -B -q -pl symbolicate test-compile}:
 * <pre>
 * java -cp symbolicate/target/classes:symbolicate/target/test-classes \
 *     dev.crashkit.symbolicate.demangle.cpp.ItaniumBench [rounds]
 * </pre>
 * from the repository root. Prints, per measured round, names per wall-clock second and names
 * per CPU second of the benchmark thread (the latter is robust against other processes competing
 * for the cores), then the medians and the best round.
 */
public final class ItaniumBench {

    private ItaniumBench() {
    }

    public static void main(String[] args) throws IOException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        List<String[]> rows = ItaniumGoldenTest.readGolden();
        String[] names = new String[rows.size()];
        long chars = 0;
        for (int i = 0; i < names.length; i++) {
            names[i] = rows.get(i)[0];
            chars += names[i].length();
        }
        System.out.printf("%d names, mean length %.1f%n", names.length, (double) chars / names.length);
        long sink = 0;
        for (int w = 0; w < 5; w++) {
            sink += pass(names);
        }
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        double[] rates = new double[rounds];
        double[] cpuRates = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            long c0 = mx.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            sink += pass(names);
            long dt = System.nanoTime() - t0;
            long dc = mx.getCurrentThreadCpuTime() - c0;
            rates[r] = names.length / (dt / 1e9);
            cpuRates[r] = names.length / (dc / 1e9);
            System.out.printf("round %d: %.0f names/s wall, %.0f names/s cpu%n", r + 1, rates[r], cpuRates[r]);
        }
        Arrays.sort(rates);
        Arrays.sort(cpuRates);
        System.out.printf("median: %.0f names/s wall, %.0f names/s cpu; best round %.0f wall (sink %d)%n",
            rates[rounds / 2], cpuRates[rounds / 2], rates[rounds - 1], sink);
    }

    private static long pass(String[] names) {
        long total = 0;
        for (String n : names) {
            total += ItaniumDemangler.demangleToken(n).length();
        }
        return total;
    }
}
