package dev.crashkit.spark;

import static org.apache.spark.sql.types.DataTypes.BooleanType;
import static org.apache.spark.sql.types.DataTypes.IntegerType;
import static org.apache.spark.sql.types.DataTypes.LongType;
import static org.apache.spark.sql.types.DataTypes.StringType;
import static org.apache.spark.sql.types.DataTypes.createArrayType;
import static org.apache.spark.sql.types.DataTypes.createStructField;
import static org.apache.spark.sql.types.DataTypes.createStructType;

import java.util.List;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The explicit schemas of the job's two tables. {@code symbolicated} mirrors the
 * {@code symbolicated/1} document field by field (README "Output: symbolicated/1"); addresses stay
 * hex strings as in the document, so nothing is lost past 2^63.
 */
final class OutputSchema {

    static final StructType IMAGE = struct(
            field("name", StringType), field("uuid", StringType), field("arch", StringType),
            field("load_address", StringType), field("debug_file", StringType), field("status", StringType),
            field("detail", StringType));

    /** What the report itself said of a frame we could not name ({@code reported}). */
    static final StructType REPORTED = struct(
            field("image", StringType), field("image_load_address", StringType), field("symbol", StringType),
            field("offset", LongType), field("file", StringType), field("line", IntegerType));

    static final StructType FRAME = struct(
            field("index", IntegerType), field("address", StringType), field("image", StringType),
            field("image_uuid", StringType), field("symbol", StringType), field("mangled", StringType),
            field("symbol_address", StringType), field("offset", LongType), field("file", StringType),
            field("line", IntegerType), field("column", IntegerType), field("inlined", BooleanType),
            field("status", StringType), field("source", StringType), field("trust", StringType),
            field("symbol_version", StringType), field("reported", REPORTED),
            field("kept_from_capture", BooleanType));

    static final StructType THREAD = struct(
            field("id", LongType), field("name", StringType), field("crashed", BooleanType),
            field("frames", createArrayType(FRAME, false)));

    /** A hang report's {@code hang} (our capture's watchdog, a MetricKit hang diagnostic). */
    static final StructType HANG = struct(
            field("thread", LongType), field("name", StringType), field("threshold_ms", LongType),
            field("duration_ms", LongType), field("ongoing", BooleanType));

    static final StructType SYMBOLICATED = struct(
            field("schema", StringType),
            field("kind", StringType), field("hang", HANG),
            field("images", createArrayType(IMAGE, false)),
            field("threads", createArrayType(THREAD, false)));

    /** A debug file one report lacked: the image, its UUID/build-id, the frames it would have named. */
    static final StructType MISSING = struct(
            field("image", StringType), field("id", StringType), field("frames", LongType));

    /** One row per input report. */
    static final StructType REPORTS = struct(
            field("id", StringType), field("source", StringType), field("format", StringType),
            field("status", StringType), field("error", StringType), field("signature", StringType),
            field("signature_title", StringType), field("symbolicated", SYMBOLICATED),
            field("missing_debug_files", createArrayType(MISSING, false)));

    /**
     * One row per missing debug file over the whole job. {@code reports} is never null (a count; the
     * Parquet files say so, as when the job computed it with Spark's {@code count}).
     */
    static final StructType MISSING_TOTALS = struct(
            field("image", StringType), field("id", StringType), field("frames", LongType),
            createStructField("reports", LongType, false));

    private OutputSchema() {
    }

    private static StructField field(String name, DataType type) {
        return createStructField(name, type, true);
    }

    private static StructType struct(StructField... fields) {
        return createStructType(List.of(fields));
    }
}
