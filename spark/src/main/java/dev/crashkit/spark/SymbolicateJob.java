package dev.crashkit.spark;

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
 * partition with the executor's shared {@link Symbolicator}, write {@code OUT/reports} while adding up
 * its totals ({@link WrittenTotals}), then write the missing debug files into {@code OUT/missing_debug_files}.
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
        WrittenTotals totals = new WrittenTotals();
        jsc.sc().register(totals);
        JavaRDD<Row> rows = records.mapPartitions(it -> {
            Symbolicator s = SymbolicatorHolder.get(symbols, conf.value());
            return new ConcatIterator<>(new MappedIterator<>(it, r -> {
                List<Row> out = ReportRows.process(s, r);
                out.forEach(totals::add);
                return out.iterator();
            }));
        });
        Dataset<Row> reports = spark.createDataFrame(rows, OutputSchema.REPORTS);
        write(reports, config.format(), new Path(config.out(), REPORTS).toString());
        if (keyed != null) {
            keyed.unpersist(false);
        }
        WrittenTotals.Totals t = totals.value();
        // One file, in the table's order.
        write(spark.createDataFrame(t.missing(), OutputSchema.MISSING_TOTALS).coalesce(1), config.format(),
                new Path(config.out(), MISSING).toString(), false);
        return new Summary(t.reports(), t.failed(), t.missing(), files.size(), partitions);
    }

    private static Iterator<InputRecord> read(Iterator<String> names, Map<String, String> conf) {
        Configuration c = SymbolicatorHolder.configuration(conf);
        List<Iterator<InputRecord>> parts = new ArrayList<>();
        names.forEachRemaining(n -> parts.add(new LazyIterator<>(() -> InputReader.read(n, c))));
        return new ConcatIterator<>(parts.iterator());
    }

    private static void write(Dataset<Row> table, JobConfig.OutputFormat format, String dir) {
        write(table, format, dir, true);
    }

    /** {@code jsonNulls}: JSON lines name null fields (the reports table) or leave them out (the totals). */
    private static void write(Dataset<Row> table, JobConfig.OutputFormat format, String dir, boolean jsonNulls) {
        if (format == JobConfig.OutputFormat.json) {
            (jsonNulls ? table.write().option("ignoreNullFields", "false") : table.write()).json(dir);
        } else {
            table.write().parquet(dir);
        }
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
