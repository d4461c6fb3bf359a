package dev.crashkit.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.explode;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.sum;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.jdk.javaapi.CollectionConverters;

/**
 * {@link WrittenTotals} against Spark SQL computing the same totals over the same rows: the query the
 * job ran over its written table before (explode, group by id, least image, summed frames, counted
 * entries, ids with frames, ordered by frames, image, id).
 */
class WrittenTotalsTest {
    private static SparkSession spark;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().master("local[2]").appName("crashkit-totals-test")
                .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "3").getOrCreate();
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    /** What Spark SQL computes from a reports table: the reports, the failed ones, the missing-file rows in order. */
    static WrittenTotals.Totals bySparkSql(Dataset<Row> reports) {
        long total = 0;
        long failed = 0;
        for (Row r : reports.groupBy("status").count().collectAsList()) {
            total += r.getLong(1);
            failed += ReportRows.FAILED.equals(r.getString(0)) ? r.getLong(1) : 0;
        }
        List<Row> missing = reports.select(explode(col("missing_debug_files")).as("m"))
                .groupBy(col("m.id").as("id"))
                .agg(min(col("m.image")).as("image"), sum(col("m.frames")).as("frames"), count("*").as("reports"))
                .filter(col("frames").gt(0))
                .select("image", "id", "frames", "reports")
                .orderBy(col("frames").desc(), col("image"), col("id"))
                .collectAsList();
        return new WrittenTotals.Totals(total, failed, missing);
    }

    /** Rows compared by their values (Spark's have a schema, the accumulator's none). */
    static List<List<Object>> values(List<Row> rows) {
        List<List<Object>> out = new ArrayList<>();
        for (Row r : rows) {
            out.add(Arrays.asList(r.get(0), r.get(1), r.get(2), r.get(3)));
        }
        return out;
    }

    static void assertSameTotals(WrittenTotals.Totals expected, WrittenTotals.Totals actual) {
        assertEquals(expected.reports(), actual.reports(), "reports");
        assertEquals(expected.failed(), actual.failed(), "failed");
        assertEquals(values(expected.missing()), values(actual.missing()), "missing debug files, in order");
    }

    @Test
    void totalsEqualSparkSqlsOnEdgeCases() {
        String replacement = "\uFFFD"; // UTF-8 EF BF BD: before the emoji in Spark's order, after it in String's
        String emoji = "\uD83D\uDE00"; // UTF-8 F0 9F 98 80
        List<Row> rows = List.of(
                report("ok", missing("b-image", "A", 3L), missing("a-image", "A", 0L), missing("x", "B", 0L)),
                report("ok", missing(null, "C", 2L), missing("z", "C", 1L), missing(emoji, "D", 5L)),
                report("ok", missing(replacement, "D", 1L), missing("same", "F", 4L), missing("same", "E", 4L)),
                report("ok", missing("other", "G", null), missing("h", "H", null), missing("h", "H", 2L)),
                report("ok", missing("n", null, 7L), missing("m", null, 1L), missing("k", "I", 4L)),
                report("failed"),
                report("ok", missing(emoji + "2", "J\uD83D\uDE00", 4L), missing(emoji + "2", "J\uFFFD", 4L)),
                RowFactory.create("id", "src", null, "failed", "why", null, null, null, null));
        Dataset<Row> table = spark.createDataFrame(rows, OutputSchema.REPORTS);
        WrittenTotals.Totals expected = bySparkSql(table);

        WrittenTotals one = new WrittenTotals();
        WrittenTotals other = new WrittenTotals();
        for (int i = 0; i < rows.size(); i++) {
            (i % 2 == 0 ? one : other).add(rows.get(i)); // as two tasks, merged as the driver merges them
        }
        WrittenTotals merged = one.copy();
        merged.merge(other);
        assertSameTotals(expected, merged.value());
        assertTrue(expected.missing().size() >= 8, "the cases reach the table: " + expected.missing());
        assertEquals(replacement, expected.missing().stream().filter(r -> "D".equals(r.getString(1))).findFirst()
                .orElseThrow().getString(0), "Spark's least name is by UTF-8 bytes");

        WrittenTotals reset = merged.copy();
        reset.reset();
        assertTrue(reset.isZero());
        assertEquals(0, reset.value().missing().size());
    }

    @Test
    void totalsOfAJobEqualSparkSqlsOverTheWrittenTable() {
        WrittenTotals totals = new WrittenTotals();
        spark.sparkContext().register(totals);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            rows.add(report(i % 7 == 0 ? "failed" : "ok", missing("img" + (i % 5), "id" + (i % 11), (long) (i % 4)),
                    missing("lib", "id-lib", 1L)));
        }
        Dataset<Row> table = spark.createDataFrame(org.apache.spark.api.java.JavaSparkContext
                .fromSparkContext(spark.sparkContext()).parallelize(rows, 6).map(r -> {
                    totals.add(r);
                    return r;
                }), OutputSchema.REPORTS);
        table.write().parquet(tmp.resolve("reports").toString());
        assertSameTotals(bySparkSql(spark.read().schema(OutputSchema.REPORTS)
                .parquet(tmp.resolve("reports").toString())), totals.value());
    }

    private static Row report(String status, Row... missing) {
        return RowFactory.create("id", "src", null, status, null, null, null, null,
                CollectionConverters.asScala(List.of(missing)));
    }

    private static Row missing(String image, String id, Long frames) {
        return RowFactory.create(image, id, frames);
    }
}
