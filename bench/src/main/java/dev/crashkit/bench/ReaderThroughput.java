package dev.crashkit.bench;

import dev.crashkit.core.ReportException;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportLimits;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Reading throughput of the report readers in reports per second of CPU time on the calling thread
 * (detect + read every report of an input, as {@code batch} does), so that a shared machine's load
 * does not enter the figure. A MetricKit payload counts one report per diagnostic.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar dev.crashkit.bench.ReaderThroughput [--rounds 9] [--reads 2000] FILE...
 * </pre>
 * Per file: a warm-up of 10 rounds, then {@code rounds} rounds of {@code reads} inputs each; prints
 * the format, reports per input, the best and median rounds in reports/s and MB/s.
 */
public final class ReaderThroughput {
    private ReaderThroughput() {
    }

    public static void main(String[] args) throws IOException, ReportException {
        int rounds = 9;
        int reads = 2_000;
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--reads" -> reads = Integer.parseInt(args[++i]);
                default -> files.add(Path.of(args[i]));
            }
        }
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        ReportFormats formats = ReportFormats.standard();
        ReportLimits limits = ReportLimits.defaults();
        System.out.println("file\tformat\tbytes\treports/input\tbest reports/s\tmedian reports/s\tmedian MB/s");
        for (Path f : files) {
            byte[] data = Files.readAllBytes(f);
            String source = f.toString();
            List<ParsedReport> first = formats.readAll(source, data, limits);
            int perInput = first.size();
            long sink = 0;
            for (int w = 0; w < 10; w++) {
                for (int i = 0; i < reads; i++) {
                    sink += formats.readAll(source, data, limits).size();
                }
            }
            double[] rates = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                long t0 = mx.getCurrentThreadCpuTime();
                for (int i = 0; i < reads; i++) {
                    sink += formats.readAll(source, data, limits).size();
                }
                long ns = mx.getCurrentThreadCpuTime() - t0;
                rates[r] = (double) reads * perInput / (ns / 1e9);
            }
            Arrays.sort(rates);
            double median = rates[rounds / 2];
            double mbps = median / perInput * data.length / 1e6;
            System.out.printf(Locale.ROOT, "%s\t%s\t%d\t%d\t%.0f\t%.0f\t%.1f%n", f.getFileName(),
                    first.get(0).format().name().toLowerCase(Locale.ROOT), data.length, perInput,
                    rates[rounds - 1], median, mbps);
            if (sink == 42) {
                System.out.println();
            }
        }
    }
}
