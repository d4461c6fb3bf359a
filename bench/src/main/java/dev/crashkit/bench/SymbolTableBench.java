package dev.crashkit.bench;

import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import dev.crashkit.symbolicate.symtab.SymbolTables;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Index a Mach-O with a million-symbol table (parse + build the sorted arrays), then look up a
 * million addresses in it, with the symbol table in address order or shuffled. Run:
 * {@code java -jar bench/target/benchmarks.jar SymbolTableBench}.
 */
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class SymbolTableBench {
    private static final int LOOKUPS = 1_000_000;

    @Param("1000000")
    int symbols;

    /** {@code sorted}: nlist entries ascend by address; {@code shuffled}: random order, half local. */
    @Param({"sorted", "shuffled"})
    String order;

    Path file;
    SymbolTable table;
    long[] addresses;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        file = SyntheticMachO.write(Files.createTempFile("bench-symbols", ".macho"), symbols,
                order.equals("shuffled"));
        table = index();
        SplittableRandom rnd = new SplittableRandom(42);
        long span = (long) symbols * SyntheticMachO.FUNCTION_SIZE;
        addresses = new long[LOOKUPS];
        for (int i = 0; i < LOOKUPS; i++) {
            addresses[i] = SyntheticMachO.FIRST_FUNCTION + rnd.nextLong(span);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        Files.deleteIfExists(file);
    }

    private SymbolTable index() throws IOException {
        return SymbolTables.build(ObjectFiles.open(file).get(0));
    }

    /** Open the file, parse LC_SYMTAB and LC_FUNCTION_STARTS, build the index. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Measurement(iterations = 5)
    public SymbolTable buildIndex() throws IOException {
        return index();
    }

    /** One million lookups (score = time for all of them). */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    public long lookupMillion() {
        long sum = 0;
        for (long a : addresses) {
            sum += table.indexOf(a);
        }
        return sum;
    }
}
