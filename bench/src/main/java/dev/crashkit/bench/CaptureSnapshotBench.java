package dev.crashkit.bench;

import dev.crashkit.capture.linux.InProcessCapture;
import dev.crashkit.capture.report.Snapshot;
import java.io.IOException;
import java.util.Optional;
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
 * In-process snapshot of this JVM (its own ~14 threads plus 16 blocked ones): images, tasks, CFI
 * unwinding of every blocked thread, with or without the Java thread dump.
 * Run: {@code java -jar bench/target/benchmarks.jar CaptureSnapshotBench}.
 */
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class CaptureSnapshotBench {
    @Param({"true", "false"})
    boolean javaThreads;

    @Setup(Level.Trial)
    public void setUp() throws InterruptedException {
        BlockedThreads.start(16);
    }

    @Benchmark
    public Snapshot snapshot() throws IOException {
        return InProcessCapture.snapshot(new InProcessCapture.Options(javaThreads, false, false), Optional.empty(), -1,
                Optional.empty());
    }
}
