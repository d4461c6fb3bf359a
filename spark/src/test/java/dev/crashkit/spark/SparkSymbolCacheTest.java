package dev.crashkit.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.symbolize.SymCacheCounters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job on {@code local[2]} with {@code --cache-dir}: the executors flatten each image's debug file into
 * a symbol cache once (two task threads, three partitions, many reports per image), a later executor JVM
 * opens those files instead of parsing the debug files, and the output rows are byte for byte those of a
 * run without any cache.
 */
class SparkSymbolCacheTest {
    private static SparkSession spark;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().master("local[2]").appName("crashkit-spark-symcache-test")
                .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "4").getOrCreate();
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    @Test
    void executorsBuildEachCacheOnceThenOpenItWithTheSameOutput() throws Exception {
        Path probe = TestFiles.crashProbe();
        List<String> inputs = List.of(TestFiles.testdata("reports") + "/*.json", probe.resolve("release-arm64").toString());
        List<String> dsyms = List.of(TestFiles.testdata("macho").toString(), probe.resolve("dSYMs").toString());
        Path cacheDir = tmp.resolve("executor-cache");
        SymbolSettings plain = new SymbolSettings(dsyms, null, "simplified");
        SymbolSettings cached = new SymbolSettings(dsyms, cacheDir.toString(), "simplified");

        List<String> expected = run(inputs, plain, "plain");
        SymbolicatorHolder.forgetAll();
        assertEquals(expected, run(inputs, cached, "building"));
        Map<Path, FileTime> caches = cacheFiles(cacheDir);
        assertTrue(caches.size() >= 2, "symbol caches: " + caches.keySet());
        assertCounts(SymbolicatorHolder.get(cached, Map.of()).symbolCaches(), 0, caches.size(), 0);

        SymbolicatorHolder.forgetAll(); // a new executor JVM on the same disk
        assertEquals(expected, run(inputs, cached, "opening"));
        assertCounts(SymbolicatorHolder.get(cached, Map.of()).symbolCaches(), caches.size(), 0, 0);
        assertEquals(caches, cacheFiles(cacheDir), "the caches were opened, not written again");

        SymbolicatorHolder.forgetAll();
        assertEquals(expected, run(inputs, cached.withoutSymbolCache(), "no-symcache"));
        assertCounts(SymbolicatorHolder.get(cached.withoutSymbolCache(), Map.of()).symbolCaches(), 0, 0, 0);
    }

    private static void assertCounts(SymCacheCounters c, long opened, long built, long rebuilt) {
        assertEquals(List.of(opened, built, rebuilt), List.of(c.opened(), c.built(), c.rebuilt()),
                "symbol caches opened, built, rebuilt");
    }

    /** Runs the job with JSON output and returns every output row's text, sorted. */
    private static List<String> run(List<String> inputs, SymbolSettings settings, String name) throws Exception {
        Path out = tmp.resolve(name);
        SymbolicateJob.Summary summary = SymbolicateJob.run(spark, new JobConfig(inputs, settings, out.toString(),
                JobConfig.OutputFormat.json, OptionalInt.of(3), true));
        assertEquals(0, summary.failed(), name);
        List<String> rows = new ArrayList<>();
        try (Stream<Path> files = Files.walk(out.resolve(SymbolicateJob.REPORTS))) {
            for (Path f : files.filter(p -> p.getFileName().toString().startsWith("part-")).toList()) {
                rows.addAll(Files.readAllLines(f));
            }
        }
        assertEquals(summary.reports(), rows.size(), name);
        assertFalse(rows.isEmpty(), name);
        rows.sort(null);
        return rows;
    }

    /** The symbol cache files and their modification times. */
    private static Map<Path, FileTime> cacheFiles(Path cacheDir) throws IOException {
        Map<Path, FileTime> out = new TreeMap<>();
        try (Stream<Path> s = Files.list(cacheDir.resolve("symcache"))) {
            for (Path p : s.filter(p -> !p.getFileName().toString().startsWith(".")).toList()) {
                out.put(p, Files.getLastModifiedTime(p));
            }
        }
        return out;
    }
}
