import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Per-report CPU of the Spark job and of {@code symbolicate batch}, without their start-up: several runs in
 * one JVM (BENCHMARKS.md "Spark per-report CPU"). A first run on the small set warms the JVM (class loading,
 * JIT, the first Spark session); then the small and the large set are run {@code ROUNDS} times, alternated,
 * each timed by this process's CPU time (every thread: task, JIT, GC, Spark's own), and the slope is
 * (CPU at large - CPU at small) / (large - small) reports. {@code spark/bench.sh} times whole processes, whose
 * fixed cost (~35 CPU s for Spark) swings by more than the per-report difference on a busy machine.
 *
 * <pre>
 *   java $SPARK_JVM_FLAGS -cp spark/target/crashkit-spark.jar spark/PerReportBench.java spark DATA_SMALL DATA_LARGE [ROUNDS]
 *   java -cp symbolicate/target/symbolicate.jar spark/PerReportBench.java batch DATA_SMALL DATA_LARGE [ROUNDS]
 * </pre>
 * DATA_*: folders {@code spark/bench.sh} generated ({@code $BENCH_DIR/data-N}, with {@code reports/} and
 * {@code dsyms/}); SPARK_JVM_FLAGS: the {@code --add-opens} of spark/pom.xml's {@code spark.jvm-flags}.
 */
public final class PerReportBench {

    public static void main(String[] args) throws Exception {
        String what = args[0];
        Path small = Path.of(args[1]);
        Path large = Path.of(args[2]);
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 1;
        Path work = Files.createTempDirectory("per-report-bench");
        long n1 = count(small);
        long n2 = count(large);
        run(what, small, work.resolve("warm-up"));
        for (int r = 0; r < rounds; r++) {
            double a = run(what, small, work.resolve("small-" + r));
            double b = run(what, large, work.resolve("large-" + r));
            double slopeMs = (b - a) / (n2 - n1) * 1000;
            System.out.printf("%s round %d: %d reports %.2f CPU s, %d reports %.2f CPU s, per report %.3f ms CPU%n",
                    what, r + 1, n1, a, n2, b, slopeMs);
        }
        delete(work);
        System.exit(0); // Spark may leave threads that are not daemons
    }

    /** Runs one job into {@code out}, returns this process's CPU seconds for it; the output is removed after. */
    private static double run(String what, Path data, Path out) throws Exception {
        String reports = data.resolve("reports").toString();
        String dsyms = data.resolve("dsyms").toString();
        System.gc();
        long before = cpuNanos();
        int code;
        if (what.equals("spark")) {
            Method m = Class.forName("dev.crashkit.spark.Main").getDeclaredMethod("run", String[].class);
            m.setAccessible(true);
            code = (int) m.invoke(null, (Object) new String[] {"--master", "local[1]", "--input", reports,
                "--dsym", dsyms, "--out", out.toString()});
        } else {
            StringWriter log = new StringWriter();
            Method m = Class.forName("dev.crashkit.symbolicate.cli.Main").getMethod("run", PrintWriter.class,
                    PrintWriter.class, String[].class);
            code = (int) m.invoke(null, new PrintWriter(log), new PrintWriter(log), new String[] {"batch", reports,
                "--dsym", dsyms, "--out", out.toString(), "--format", "json", "--no-cache", "--jobs", "2"});
        }
        double seconds = (cpuNanos() - before) / 1e9;
        if (code != 0 && code != 1) { // batch: 1 = some debug file missing (the generated system images)
            throw new IllegalStateException(what + " exited " + code);
        }
        delete(out);
        return seconds;
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static long count(Path data) throws IOException {
        try (Stream<Path> s = Files.walk(data.resolve("reports"))) {
            return s.filter(Files::isRegularFile).count();
        }
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
