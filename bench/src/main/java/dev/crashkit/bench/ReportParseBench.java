package dev.crashkit.bench;

import dev.crashkit.core.ReportException;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.applecrash.AppleCrashDocument;
import dev.crashkit.symbolicate.report.applecrash.AppleCrashWriter;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import dev.crashkit.testkit.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Detect + parse one report of each format from testdata/third-party (run from the repository):
 * {@code java -jar bench/target/benchmarks.jar ReportParseBench}.
 */
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ReportParseBench {

    @Param({"apple-crash-report-parser/fixtures/bruno.txt", "kscrash/example-reports/CrashInHandler.json",
        "sentrycrash/raw-crash.json", "plcrashreporter/appcenter/CrashProbeMacOS/macOS_report_stack_overflow.plcrash",
        "sentry-crashprobe/release-arm64/Stack overflow.json"})
    String file;

    byte[] data;
    ReportFormats formats;
    ParsedReport parsed;
    SymbolicatedReport empty;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        data = Files.readAllBytes(TestData.thirdParty(file));
        formats = ReportFormats.standard();
        parsed = formats.read(file, data);
        List<SymbolicatedThread> threads = parsed.model().threads().stream()
                .map(t -> new SymbolicatedThread(t, List.of())).toList();
        empty = new SymbolicatedReport(parsed.model(), List.of(), threads);
    }

    @Benchmark
    public ParsedReport parse() throws ReportException {
        return formats.read(file, data);
    }

    /** Writing a text report back (only meaningful for the Apple text input). */
    @Benchmark
    public String writeText() {
        return parsed.document() instanceof AppleCrashDocument doc ? AppleCrashWriter.write(doc, empty) : "";
    }
}
