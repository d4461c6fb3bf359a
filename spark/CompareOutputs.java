import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Whether two runs of the job wrote the same output (BENCHMARKS.md "Spark's read-back gathered in the write"):
 * the same schemas, the same report rows (as multisets: task order may differ) and the same missing-file rows
 * in their order. Parquet files are compared through Spark, as parquet-mr does not write them byte for byte the
 * same twice (a column chunk's encodings come in a set's order). Exit code: the number of tables that differ.
 *
 * <pre>
 *   (the jar's Add-Opens as JVM options, Spark's jars on the class path):
 *   java --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED \
 *     --add-opens=java.base/java.lang.invoke=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED \
 *     -cp 'spark/target/spark-lib/*' spark/CompareOutputs.java OLD_OUT NEW_OUT parquet|json
 * </pre>
 */
public class CompareOutputs {
    public static void main(String[] args) {
        SparkSession spark = SparkSession.builder().master("local[1]").config("spark.ui.enabled", "false").getOrCreate();
        int differing = 0;
        for (String table : List.of("reports", "missing_debug_files")) {
            Dataset<Row> old = read(spark, args[0] + "/" + table, args[2]);
            Dataset<Row> now = read(spark, args[1] + "/" + table, args[2]);
            boolean sameSchema = old.schema().json().equals(now.schema().json());
            List<String> a = strings(old.collectAsList());
            List<String> b = strings(now.collectAsList());
            if (table.equals("reports")) {
                Collections.sort(a);
                Collections.sort(b);
            }
            boolean same = sameSchema && a.equals(b);
            differing += same ? 0 : 1;
            System.out.println(table + ": " + a.size() + " and " + b.size() + " rows, " + (sameSchema ? "same schema, " : "SCHEMAS DIFFER, ")
                    + (a.equals(b) ? "equal" : "DIFFERENT") + (table.equals("reports") ? " as multisets" : " in order"));
        }
        spark.stop();
        System.exit(differing);
    }

    private static Dataset<Row> read(SparkSession spark, String dir, String format) {
        return format.equals("json") ? spark.read().json(dir) : spark.read().parquet(dir);
    }

    private static List<String> strings(List<Row> rows) {
        List<String> out = new ArrayList<>(rows.size());
        rows.forEach(r -> out.add(r.toString()));
        return out;
    }
}
