package dev.crashkit.bench;

import dev.crashkit.symbolicate.demangle.swift.DemangleOptions;
import dev.crashkit.symbolicate.demangle.swift.SwiftDemangler;
import dev.crashkit.testkit.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Swift demangling throughput, single thread: one operation = one name of swift-demangle's conformance
 * lists ({@code manglings.txt} + {@code simplified-manglings.txt}, cycled), so ops/s = names/s. Run from the
 * repository: {@code java -jar bench/target/benchmarks.jar SwiftDemangleBench} (the lists are read from
 * {@code testdata/third-party/swift-demangle}).
 */
@State(Scope.Thread)
@Fork(1)
@Threads(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class SwiftDemangleBench {

    private final SwiftDemangler demangler = SwiftDemangler.instance();
    private String[] names;
    private int next;

    @Setup(Level.Trial)
    public void load() throws IOException {
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
        if (all.isEmpty()) {
            throw new IOException("no names in " + dir);
        }
        names = all.toArray(new String[0]);
    }

    private String name() {
        String n = names[next];
        next = next + 1 == names.length ? 0 : next + 1;
        return n;
    }

    @Benchmark
    public String full() {
        return demangler.demangle(name(), DemangleOptions.full());
    }

    @Benchmark
    public String simplified() {
        return demangler.demangle(name(), DemangleOptions.simplified());
    }
}
