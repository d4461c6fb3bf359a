package dev.crashkit.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.core.Diagnostics;
import dev.crashkit.symbolicate.cli.Main;
import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.group.CrashSignature;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import dev.crashkit.symbolicate.symbolize.Symbolizer;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job on {@code local[2]}, against {@code symbolicate batch --format json} on the same inputs:
 * the shipped test reports with their dSYMs and the real CrashProbe reports with theirs; and with
 * symbol caches on the executors against itself without them.
 */
class SparkJobTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static SparkSession spark;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().master("local[2]").appName("crashkit-spark-test")
                .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "4").getOrCreate();
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    @Test
    void symbolicatedDocumentsEqualBatchJsonOnTestdataAndCrashProbe() throws Exception {
        Path probe = TestFiles.crashProbe();
        Path reports = TestFiles.testdata("reports");
        List<String> inputs = List.of(reports + "/*.json", reports + "/apple/*.{ips,crash}", reports + "/ips/*.ips",
                reports + "/crash/*.crash", probe.resolve("release-arm64").toString());
        List<String> dsyms = List.of(TestFiles.testdata("macho").toString(), probe.resolve("dSYMs").toString());
        List<Path> files = new ArrayList<>();
        files.addAll(glob(reports, "*.json"));
        files.addAll(glob(reports.resolve("apple"), "*.{ips,crash}"));
        files.addAll(glob(reports.resolve("ips"), "*.ips"));
        files.addAll(glob(reports.resolve("crash"), "*.crash"));
        files.addAll(glob(probe.resolve("release-arm64"), "*.json"));
        assertTrue(files.size() > 30, "inputs: " + files);

        Path out = tmp.resolve("job");
        SymbolicateJob.Summary summary = SymbolicateJob.run(spark, new JobConfig(inputs,
                new SymbolSettings(dsyms, null, "simplified"), out.toString(), JobConfig.OutputFormat.parquet,
                OptionalInt.of(3), JobConfig.ImageGrouping.ALWAYS));
        Map<String, Row> rows = byFileName(spark.read().schema(OutputSchema.REPORTS)
                .parquet(out.resolve(SymbolicateJob.REPORTS).toString()).collectAsList());

        Path batchOut = tmp.resolve("batch");
        List<String> args = new ArrayList<>(List.of("batch", "--format", "json", "--no-cache", "--out", batchOut.toString()));
        dsyms.forEach(d -> args.addAll(List.of("--dsym", d)));
        files.forEach(f -> args.add(f.toString()));
        StringWriter log = new StringWriter();
        assertEquals(0, Main.run(new PrintWriter(log), new PrintWriter(log), args.toArray(String[]::new)), log.toString());

        assertEquals(files.size(), rows.size(), "one row per input report");
        assertEquals(files.size(), summary.reports());
        assertEquals(0, summary.failed());
        Symbolizer signatureSymbolizer = new Symbolizer(new ModuleCache(DebugFileIndex.scan(
                dsyms.stream().map(Path::of).toList(), Diagnostics.ignore())), Optional.of(DemangleStyle.SIMPLIFIED));
        for (Path f : files) {
            String name = f.getFileName().toString();
            Row row = rows.get(name);
            assertEquals("ok", row.getAs("status"), name + ": " + row.getAs("error"));
            CrashSignature signature = CrashSignature.of(signatureSymbolizer.symbolicate(
                    ReportFormats.standard().read(f).model()));
            assertEquals(signature.id(), row.getAs("signature"), name);
            assertEquals(signature.title(), row.getAs("signature_title"), name);
            JsonNode expected = JSON.readTree(batchOut.resolve(name + ".json").toFile());
            JsonNode actual = withoutNullTrust(RowJson.of(row.getAs("symbolicated"), OutputSchema.SYMBOLICATED));
            assertEquals(expected, actual, name);
        }
        // Missing debug files: the same ids with the same frame and report counts as batch's summary. The
        // image name of one id can differ between reports ("Demo" in a .crash, "dev.crashkit.Demo" in an
        // .ips); batch keeps whichever report finished first, the job the least name: compared as a set.
        JsonNode batchSummary = JSON.readTree(batchOut.resolve("summary.json").toFile());
        Map<String, List<Long>> batchMissing = new TreeMap<>();
        Map<String, String> batchNames = new TreeMap<>();
        for (JsonNode m : batchSummary.get("missing_debug_files")) {
            batchMissing.put(m.get("id").asText(), List.of(m.get("frames").asLong(), m.get("reports").asLong()));
            batchNames.put(m.get("id").asText(), m.get("image").asText());
        }
        Map<String, List<Long>> jobMissing = new TreeMap<>();
        for (Row m : summary.missing()) {
            jobMissing.put(m.getString(1), List.of(m.getLong(2), m.getLong(3)));
            Set<String> names = new HashSet<>();
            rows.values().forEach(r -> r.<scala.collection.Seq<Row>>getAs("missing_debug_files")
                    .foreach(x -> x.getString(1).equals(m.getString(1)) && names.add(x.getString(0))));
            assertEquals(names.stream().sorted().findFirst().orElseThrow(), m.getString(0));
            assertTrue(names.contains(batchNames.get(m.getString(1))), m.getString(1) + ": " + names);
        }
        assertEquals(batchMissing, jobMissing);
        assertTrue(!jobMissing.isEmpty(), "the system images of the reports have no debug files");
        assertEquals(jobMissing.size(), spark.read().parquet(out.resolve(SymbolicateJob.MISSING).toString()).count());
        assertTotalsAsSparkSqlComputesThem(out, JobConfig.OutputFormat.parquet, summary);
    }

    /**
     * The job's totals (its summary and its missing_debug_files table, in the table's order) against
     * Spark SQL's over the reports table it wrote ({@link WrittenTotalsTest#bySparkSql}).
     */
    private static void assertTotalsAsSparkSqlComputesThem(Path out, JobConfig.OutputFormat format,
                                                           SymbolicateJob.Summary summary) {
        String reportsDir = out.resolve(SymbolicateJob.REPORTS).toString();
        String missingDir = out.resolve(SymbolicateJob.MISSING).toString();
        boolean json = format == JobConfig.OutputFormat.json;
        WrittenTotals.Totals expected = WrittenTotalsTest.bySparkSql(json
                ? spark.read().schema(OutputSchema.REPORTS).json(reportsDir)
                : spark.read().schema(OutputSchema.REPORTS).parquet(reportsDir));
        WrittenTotalsTest.assertSameTotals(expected, new WrittenTotals.Totals(summary.reports(), summary.failed(),
                summary.missing()));
        List<Row> table = (json ? spark.read().schema(OutputSchema.MISSING_TOTALS).json(missingDir)
                : spark.read().parquet(missingDir)).collectAsList(); // one file: read in its order
        assertEquals(WrittenTotalsTest.values(expected.missing()), WrittenTotalsTest.values(table));
    }

    @Test
    void eachDiagnosticOfAMetricKitPayloadIsARowAsBatchWritesIt() throws Exception {
        Path payload = TestFiles.testdata("reports/metrickit/app-payload.json");
        List<String> dsyms = List.of(TestFiles.testdata("macho").toString());
        Path out = tmp.resolve("metrickit-job");
        SymbolicateJob.Summary summary = SymbolicateJob.run(spark, new JobConfig(List.of(payload.toString()),
                new SymbolSettings(dsyms, null, "simplified"), out.toString(), JobConfig.OutputFormat.parquet,
                OptionalInt.of(1), JobConfig.ImageGrouping.NEVER));
        List<Row> rows = spark.read().schema(OutputSchema.REPORTS).parquet(out.resolve(SymbolicateJob.REPORTS)
                .toString()).collectAsList();
        Path batchOut = tmp.resolve("metrickit-batch");
        StringWriter log = new StringWriter();
        int code = Main.run(new PrintWriter(log), new PrintWriter(log), "batch", "--format", "json", "--no-cache",
                "--out", batchOut.toString(), "--dsym", dsyms.get(0), payload.toString());
        assertTrue(code == 0 || code == 1, log.toString());
        List<String> parts = List.of("crashDiagnostics[0]", "hangDiagnostics[0]", "cpuExceptionDiagnostics[0]");
        assertEquals(parts.size(), rows.size(), "one row per diagnostic");
        assertEquals(parts.size(), summary.reports());
        for (String part : parts) {
            Row row = rows.stream().filter(r -> r.<String>getAs("source").endsWith(" " + part)).findFirst()
                    .orElseThrow(() -> new AssertionError("no row for " + part));
            assertEquals("ok", row.getAs("status"), part + ": " + row.getAs("error"));
            assertEquals("metrickit", row.getAs("format"));
            JsonNode expected = JSON.readTree(batchOut.resolve("app-payload.json." + part + ".json").toFile());
            JsonNode actual = withoutNullTrust(RowJson.of(row.getAs("symbolicated"), OutputSchema.SYMBOLICATED));
            assertEquals(expected, actual, part);
        }
    }

    @Test
    void exportLinesAndCorruptReportsBecomeRows() throws Exception {
        Path in = Files.createDirectories(tmp.resolve("exports"));
        String sample = Files.readString(TestFiles.testdata("reports/sample-crash.json"));
        String ips = Files.readString(TestFiles.testdata("reports/apple/ios-arm64.ips"));
        ObjectNode asObject = JSON.createObjectNode();
        asObject.put("id", 7);
        asObject.set("report", JSON.readTree(TestFiles.testdata("reports/ios-arm64.json").toFile()));
        List<String> lines = List.of(
                JSON.createObjectNode().put("id", "a").put("report", sample).toString(),
                asObject.toString(),
                JSON.createObjectNode().put("id", "c").put("report", ips).put("received_at", "2026-11-21").toString(),
                "{not json",
                "{\"id\":\"e\",\"kind\":\"no report\"}",
                "",
                JSON.createObjectNode().put("id", "f").put("report", "garbage text").toString());
        Files.writeString(in.resolve("export-0001.jsonl"), String.join("\n", lines) + "\n");
        Files.write(in.resolve("corrupt.ips"), new byte[] {'{', '"', 'b', 'u', 'g', 0, 1, 2});
        Files.write(in.resolve("empty.json"), new byte[0]);
        Files.writeString(in.resolve(".DS_Store"), "skipped: hidden");

        Path out = tmp.resolve("export-job");
        SymbolicateJob.Summary summary = SymbolicateJob.run(spark, new JobConfig(List.of(in.toString()),
                new SymbolSettings(List.of(TestFiles.testdata("macho").toString()), null, "simplified"),
                out.toString(), JobConfig.OutputFormat.json, OptionalInt.empty(), JobConfig.ImageGrouping.NEVER));
        Map<String, Row> byId = new TreeMap<>();
        for (Row r : spark.read().schema(OutputSchema.REPORTS).json(out.resolve(SymbolicateJob.REPORTS).toString())
                .collectAsList()) {
            byId.put(r.getAs("id"), r);
        }
        assertEquals(8, summary.reports(), byId.keySet().toString());
        assertEquals(5, summary.failed());
        assertEquals("ok", byId.get("a").getAs("status"));
        assertEquals("crashreport", byId.get("a").getAs("format"));
        assertTrue(((String) byId.get("a").getAs("source")).endsWith("export-0001.jsonl:1"));
        assertEquals("ok", byId.get("7").getAs("status"));
        assertEquals("ok", byId.get("c").getAs("status"));
        assertEquals("ips", byId.get("c").getAs("format"));
        assertEquals("failed", byId.get("f").getAs("status"));
        assertNull(byId.get("f").getAs("symbolicated"));
        String line4 = byId.keySet().stream().filter(k -> k.endsWith("export-0001.jsonl:4")).findFirst().orElseThrow();
        assertTrue(((String) byId.get(line4).getAs("error")).contains("not a JSON export record"));
        assertTrue(((String) byId.get("e").getAs("error")).contains("no \"report\""));
        assertTrue(byId.keySet().stream().anyMatch(k -> k.endsWith("corrupt.ips")));
        assertTrue(byId.keySet().stream().anyMatch(k -> k.endsWith("empty.json")));
        assertTrue(byId.keySet().stream().noneMatch(k -> k.contains(".DS_Store")));
        assertTotalsAsSparkSqlComputesThem(out, JobConfig.OutputFormat.json, summary);

        // The same report read from an export line and from its file symbolicates identically.
        Path batchOut = tmp.resolve("export-batch");
        StringWriter log = new StringWriter();
        Main.run(new PrintWriter(log), new PrintWriter(log), "batch", "--format", "json", "--no-cache", "--out",
                batchOut.toString(), "--dsym", TestFiles.testdata("macho").toString(),
                TestFiles.testdata("reports/sample-crash.json").toString(), TestFiles.testdata("reports/ios-arm64.json").toString(),
                TestFiles.testdata("reports/apple/ios-arm64.ips").toString());
        assertEquals(JSON.readTree(batchOut.resolve("sample-crash.json.json").toFile()), symbolicated(byId.get("a")));
        assertEquals(JSON.readTree(batchOut.resolve("ios-arm64.json.json").toFile()), symbolicated(byId.get("7")));
        assertEquals(JSON.readTree(batchOut.resolve("ios-arm64.ips.json").toFile()), symbolicated(byId.get("c")));
    }

    @Test
    void debugFilesComeFromASymbolServer() throws Exception {
        // An LLDB UUID tree on a share every executor sees (here: a file:// server) holds App's DWARF.
        Path dwarf = TestFiles.testdata("macho/App-arm64.dSYM/Contents/Resources/DWARF/App-arm64");
        Path server = tmp.resolve("lldb-share");
        Path entry = server.resolve("4C4C/44F2/5555/3144/A157/E368F8FB0F1A");
        Files.createDirectories(entry.getParent());
        Files.copy(dwarf, entry);
        String spec = "lldb=" + server.toUri();
        Path report = TestFiles.testdata("reports/sample-crash.json");
        Path out = tmp.resolve("server-job");
        SymbolicateJob.run(spark, new JobConfig(List.of(report.toString()),
                new SymbolSettings(List.of(), List.of(spec), List.of(), null, "simplified"), out.toString(),
                JobConfig.OutputFormat.parquet, OptionalInt.empty(), JobConfig.ImageGrouping.ALWAYS));
        Row row = spark.read().schema(OutputSchema.REPORTS).parquet(out.resolve(SymbolicateJob.REPORTS).toString()).first();
        JsonNode job = symbolicated(row);

        Path batchOut = tmp.resolve("server-batch");
        StringWriter log = new StringWriter();
        Main.run(new PrintWriter(log), new PrintWriter(log), "batch", "--format", "json", "--no-cache", "--out",
                batchOut.toString(), "--symbol-server", spec, report.toString());
        JsonNode batch = JSON.readTree(batchOut.resolve("sample-crash.json.json").toFile());
        assertEquals("ok", job.at("/images/0/status").asText(), job.toString());
        assertEquals(batch.get("threads"), job.get("threads"));
        assertTrue(job.get("threads").toString().contains("\"status\":\"symbolicated\""));
    }

    @Test
    void inputThatMatchesNothingIsAnInputError() {
        JobConfig config = new JobConfig(List.of(TestFiles.testdata("reports") + "/no-such-*.json"),
                new SymbolSettings(List.of(), null, "simplified"), tmp.resolve("none").toString(),
                JobConfig.OutputFormat.parquet, OptionalInt.empty(), JobConfig.ImageGrouping.ALWAYS);
        InputListing.InputException e = assertThrows(InputListing.InputException.class,
                () -> SymbolicateJob.run(spark, config));
        assertTrue(e.getMessage().contains("no-such-*.json: no such file or folder"), e.getMessage());
    }

    @Test
    void aFolderWithoutReportsIsAnInputError() throws IOException {
        Path empty = Files.createDirectories(tmp.resolve("empty-input/sub"));
        Files.writeString(empty.resolve("_SUCCESS"), "");
        JobConfig config = new JobConfig(List.of(empty.getParent().toString()),
                new SymbolSettings(List.of(), null, "simplified"), tmp.resolve("none2").toString(),
                JobConfig.OutputFormat.parquet, OptionalInt.empty(), JobConfig.ImageGrouping.ALWAYS);
        InputListing.InputException e = assertThrows(InputListing.InputException.class,
                () -> SymbolicateJob.run(spark, config));
        assertTrue(e.getMessage().endsWith("empty-input: no report files in this folder"), e.getMessage());
    }

    @Test
    void nonEmptyOutputFolderIsRefused() throws IOException {
        Path out = Files.createDirectories(tmp.resolve("used"));
        Files.writeString(out.resolve("keep.txt"), "x");
        JobConfig config = new JobConfig(List.of(TestFiles.testdata("reports/sample-crash.json").toString()),
                new SymbolSettings(List.of(), null, "simplified"), out.toString(), JobConfig.OutputFormat.parquet,
                OptionalInt.empty(), JobConfig.ImageGrouping.ALWAYS);
        InputListing.InputException e = assertThrows(InputListing.InputException.class,
                () -> SymbolicateJob.run(spark, config));
        assertTrue(e.getMessage().contains("output folder exists and is not empty"), e.getMessage());
    }

    /**
     * With {@code --cache-dir} the executors flatten each image's debug file into a symbol cache once (two
     * task threads, three partitions, many reports per image), a later executor JVM opens those files
     * instead of parsing the debug files, and the output rows are byte for byte those of a run without any
     * cache; {@code --no-symcache} keeps the folder for the rest but writes no symbol cache.
     */
    @Test
    void executorsBuildEachCacheOnceThenOpenItWithTheSameOutput() throws Exception {
        Path probe = TestFiles.crashProbe();
        List<String> inputs = List.of(TestFiles.testdata("reports") + "/*.json", probe.resolve("release-arm64").toString());
        List<String> dsyms = List.of(TestFiles.testdata("macho").toString(), probe.resolve("dSYMs").toString());
        Path cacheDir = tmp.resolve("symcache-executor-cache");
        SymbolSettings plain = new SymbolSettings(dsyms, null, "simplified");
        SymbolSettings cached = new SymbolSettings(dsyms, cacheDir.toString(), "simplified");

        List<String> expected = runToJson(inputs, plain, "plain");
        SymbolicatorHolder.forgetAll();
        assertEquals(expected, runToJson(inputs, cached, "building"));
        Map<Path, FileTime> caches = cacheFiles(cacheDir);
        assertTrue(caches.size() >= 2, "symbol caches: " + caches.keySet());
        assertCounts(SymbolicatorHolder.get(cached, Map.of()).symbolCaches(), 0, caches.size(), 0);

        SymbolicatorHolder.forgetAll(); // a new executor JVM on the same disk
        assertEquals(expected, runToJson(inputs, cached, "opening"));
        assertCounts(SymbolicatorHolder.get(cached, Map.of()).symbolCaches(), caches.size(), 0, 0);
        assertEquals(caches, cacheFiles(cacheDir), "the caches were opened, not written again");

        // --no-symcache: the cache folder is used for the rest, never for symbol caches.
        Path otherCache = tmp.resolve("symcache-off-cache");
        SymbolSettings off = new SymbolSettings(dsyms, otherCache.toString(), "simplified").withoutSymbolCache();
        Symbolicator withoutCaches = SymbolicatorHolder.get(off, Map.of());
        Symbolicator withCaches = SymbolicatorHolder.get(cached, Map.of());
        Path sample = TestFiles.testdata("reports/sample-crash.json");
        assertEquals(withCaches.symbolicate("sample", Files.readAllBytes(sample)),
                withoutCaches.symbolicate("sample", Files.readAllBytes(sample)));
        assertCounts(withoutCaches.symbolCaches(), 0, 0, 0);
        assertTrue(Files.isRegularFile(otherCache.resolve("debug-file-index-v1.json")), "the debug-file index is still cached");
        assertFalse(Files.exists(otherCache.resolve("symcache")), "--no-symcache wrote symbol caches");
    }

    private static void assertCounts(dev.crashkit.symbolicator.SymbolCacheStats c, long opened, long built, long rebuilt) {
        assertEquals(List.of(opened, built, rebuilt), List.of(c.opened(), c.built(), c.rebuilt()),
                "symbol caches opened, built, rebuilt");
    }

    /** Runs the job with JSON output and returns every output row's text, sorted. */
    private static List<String> runToJson(List<String> inputs, SymbolSettings settings, String name) throws Exception {
        Path out = tmp.resolve("symcache-" + name);
        SymbolicateJob.Summary summary = SymbolicateJob.run(spark, new JobConfig(inputs, settings, out.toString(),
                JobConfig.OutputFormat.json, OptionalInt.of(3), JobConfig.ImageGrouping.NEVER));
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

    private static JsonNode symbolicated(Row row) throws IOException {
        return withoutNullTrust(RowJson.of(row.getAs("symbolicated"), OutputSchema.SYMBOLICATED));
    }

    /**
     * symbolicated/1 writes "trust", "symbol_version", "reported" (and each of its fields) and
     * "kept_from_capture" only when there is one; the table has the columns always.
     * The tree is re-read from its text so numbers compare by value (an int and a long node differ).
     */
    private static JsonNode withoutNullTrust(JsonNode doc) throws IOException {
        removeNulls(doc, List.of("kind", "hang"));
        if (doc.path("hang").isObject()) {
            removeNulls(doc.get("hang"), List.of("thread", "threshold_ms", "duration_ms", "ongoing"));
        }
        for (JsonNode thread : doc.path("threads")) {
            for (JsonNode frame : thread.path("frames")) {
                removeNulls(frame, List.of("trust", "symbol_version", "reported", "kept_from_capture"));
                if (frame.path("reported").isObject()) {
                    removeNulls(frame.get("reported"), List.of("image", "image_load_address", "symbol", "offset",
                            "file", "line"));
                }
            }
        }
        return JSON.readTree(JSON.writeValueAsString(doc));
    }

    private static void removeNulls(JsonNode object, List<String> optional) {
        for (String field : optional) {
            if (object.path(field).isNull()) {
                ((ObjectNode) object).remove(field);
            }
        }
    }

    private static Map<String, Row> byFileName(List<Row> rows) {
        Map<String, Row> out = new TreeMap<>();
        for (Row r : rows) {
            String source = r.getAs("source");
            String name = source.substring(source.lastIndexOf('/') + 1);
            assertNull(out.put(name, r), "two inputs named " + name);
        }
        return out;
    }

    private static List<Path> glob(Path dir, String pattern) throws IOException {
        var matcher = dir.getFileSystem().getPathMatcher("glob:" + pattern);
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> matcher.matches(p.getFileName())).sorted().toList();
        }
    }
}
