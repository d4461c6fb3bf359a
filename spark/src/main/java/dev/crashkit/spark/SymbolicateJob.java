package dev.crashkit.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.explode;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.sum;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * The job: list the inputs on the driver, read them on the executors (a file is a report, an
 * export is one report per line), optionally place reports by main image, symbolicate each
 * partition with the executor's shared {@link Symbolicator}, write {@code OUT/reports}, then
 * total the missing debug files into {@code OUT/missing_debug_files}.
 */
final class SymbolicateJob {
    static final String REPORTS = "reports";
    static final String MISSING = "missing_debug_files";

    /** What the run produced, for the command's summary. */
    record Summary(long reports, long failed, List<Row> missing, int files, int partitions) {
    }

    private SymbolicateJob() {
    }

    static Summary run(SparkSession spark, JobConfig config) throws InputListing.InputException, IOException {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Configuration hadoop = jsc.hadoopConfiguration();
        requireEmptyOutput(config.out(), hadoop);
        List<String> files = InputListing.expand(config.inputs(), hadoop);
        boolean training = System.getProperty(StartupArchive.ARCHIVING) != null;
        if (training) { // loads the classes of every step (StartupArchive), not the whole input again
            files = files.subList(0, Math.min(files.size(), StartupArchive.TRAINING_FILES));
        }
        Broadcast<HashMap<String, String>> conf = jsc.broadcast(entries(hadoop));
        int cores = jsc.defaultParallelism();
        int partitions = config.partitionCount().orElse(cores * 4);

        JavaRDD<InputRecord> records = jsc.parallelize(files, Math.max(1, Math.min(files.size(), partitions)))
                .mapPartitions(names -> read(names, conf.value()));
        if (training) {
            records = records.mapPartitions(it -> new LimitedIterator<>(it, StartupArchive.TRAINING_RECORDS));
        }
        JavaPairRDD<ImagePartitioner.Key, InputRecord> keyed = null;
        if (config.grouping().groups(jsc.isLocal())) {
            keyed = records.mapToPair(r -> new Tuple2<>(ImagePartitioner.Key.of(
                    Symbolicator.mainImageKey(r.source(), r.data()).orElse(""), r.id()), r))
                    .persist(StorageLevel.MEMORY_AND_DISK_SER());
            Map<String, Long> perImage = keyed.map(t -> t._1().image()).countByValue();
            records = keyed.partitionBy(ImagePartitioner.plan(perImage, partitions)).values();
        }
        SymbolSettings symbols = config.symbols();
        JavaRDD<Row> rows = records.mapPartitions(it -> {
            Symbolicator s = SymbolicatorHolder.get(symbols, conf.value());
            return new ConcatIterator<>(new MappedIterator<>(it, r -> ReportRows.process(s, r).iterator()));
        });
        Dataset<Row> reports = spark.createDataFrame(rows, OutputSchema.REPORTS);
        String reportsDir = new Path(config.out(), REPORTS).toString();
        write(reports, config.format(), reportsDir);
        if (keyed != null) {
            keyed.unpersist(false);
        }
        return summarize(spark, config, reportsDir, files.size(), partitions);
    }

    private static Iterator<InputRecord> read(Iterator<String> names, Map<String, String> conf) {
        Configuration c = SymbolicatorHolder.configuration(conf);
        List<Iterator<InputRecord>> parts = new ArrayList<>();
        names.forEachRemaining(n -> parts.add(new LazyIterator<>(() -> InputReader.read(n, c))));
        return new ConcatIterator<>(parts.iterator());
    }

    private static void write(Dataset<Row> table, JobConfig.OutputFormat format, String dir) {
        if (format == JobConfig.OutputFormat.json) {
            table.write().option("ignoreNullFields", "false").json(dir);
        } else {
            table.write().parquet(dir);
        }
    }

    private static Dataset<Row> readBack(SparkSession spark, JobConfig.OutputFormat format, String dir) {
        return format == JobConfig.OutputFormat.json ? spark.read().schema(OutputSchema.REPORTS).json(dir)
                : spark.read().schema(OutputSchema.REPORTS).parquet(dir);
    }

    /**
     * Totals read back from the written table (only the columns needed are read from Parquet). One
     * debug id can carry different image names in different reports (an .ips names the bundle id):
     * the least name is kept, so the table does not depend on task order.
     */
    private static Summary summarize(SparkSession spark, JobConfig config, String reportsDir, int files,
                                     int partitions) {
        Dataset<Row> written = readBack(spark, config.format(), reportsDir);
        long total = 0;
        long failed = 0;
        for (Row r : written.groupBy("status").count().collectAsList()) {
            total += r.getLong(1);
            failed += ReportRows.FAILED.equals(r.getString(0)) ? r.getLong(1) : 0;
        }
        Dataset<Row> missing = written.select(explode(col("missing_debug_files")).as("m"))
                .groupBy(col("m.id").as("id"))
                .agg(min(col("m.image")).as("image"), sum(col("m.frames")).as("frames"), count("*").as("reports"))
                .filter(col("frames").gt(0))
                .select("image", "id", "frames", "reports")
                .orderBy(col("frames").desc(), col("image"), col("id"));
        String missingDir = new Path(config.out(), MISSING).toString();
        Dataset<Row> one = missing.coalesce(1);
        if (config.format() == JobConfig.OutputFormat.json) {
            one.write().json(missingDir);
        } else {
            one.write().parquet(missingDir);
        }
        return new Summary(total, failed, missing.collectAsList(), files, partitions);
    }

    private static void requireEmptyOutput(String out, Configuration hadoop) throws InputListing.InputException {
        Path p = new Path(out);
        try {
            FileSystem fs = p.getFileSystem(hadoop);
            if (fs.exists(p)) {
                FileStatus[] inside = fs.listStatus(p);
                if (!fs.getFileStatus(p).isDirectory() || inside.length > 0) {
                    throw new InputListing.InputException(out + ": output folder exists and is not empty");
                }
            }
        } catch (IOException e) {
            throw new InputListing.InputException(out + ": cannot check output folder: " + e.getMessage());
        }
    }

    private static HashMap<String, String> entries(Configuration conf) {
        HashMap<String, String> out = new HashMap<>();
        for (Map.Entry<String, String> e : conf) {
            out.put(e.getKey(), e.getValue());
        }
        return out;
    }
}
