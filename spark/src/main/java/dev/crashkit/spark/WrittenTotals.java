package dev.crashkit.spark;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.unsafe.types.UTF8String;
import org.apache.spark.util.AccumulatorV2;
import scala.collection.Iterator;

/**
 * The totals of the reports table ({@link OutputSchema#REPORTS}), added up while the write's tasks
 * produce its rows: reports, failed reports and the missing debug files with their frames and
 * reports. Before, the job read its own output back for them (three more Spark jobs: a fifth of a
 * fresh 20,000-report job's CPU, BENCHMARKS.md "Spark's read-back gathered in the write").
 *
 * <p>Exact once: the rows are made in the tasks of the write's result stage, and Spark merges a
 * result task's accumulator updates once per partition (a failed attempt's are dropped, a second
 * attempt of a finished partition is not merged), as for any action. The totals equal what the
 * read-back computed: per debug id the least image name (Spark's order of strings, UTF-8 bytes),
 * frames summed and entries counted, only ids with frames, ordered by frames (most first), image,
 * id (a null first, as Spark sorts). {@code SparkJobTest} checks them against {@code batch}'s summary
 * and against the written table.
 */
final class WrittenTotals extends AccumulatorV2<Row, WrittenTotals.Totals> {
    private static final long serialVersionUID = 1L;

    private static final int STATUS = OutputSchema.REPORTS.fieldIndex("status");
    private static final int MISSING = OutputSchema.REPORTS.fieldIndex("missing_debug_files");

    /** What the job prints and writes: {@code missing} rows of {@link OutputSchema#MISSING_TOTALS}, in the table's order. */
    record Totals(long reports, long failed, List<Row> missing) {
        Totals {
            missing = List.copyOf(missing);
        }
    }

    /** One debug id's running total (mutable: an accumulator adds up in place). */
    private static final class Missing implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
        String image;
        long frames;
        boolean anyFrames;
        long reports;

        void add(String name, Long frameCount, long entries) {
            if (name != null && (image == null || utf8(name).compareTo(utf8(image)) < 0)) {
                image = name;
            }
            if (frameCount != null) {
                frames += frameCount;
                anyFrames = true;
            }
            reports += entries;
        }
    }

    private long reports;
    private long failed;
    private HashMap<String, Missing> missing = new HashMap<>();

    @Override
    public boolean isZero() {
        return reports == 0 && failed == 0 && missing.isEmpty();
    }

    @Override
    public WrittenTotals copy() {
        WrittenTotals c = new WrittenTotals();
        c.merge(this);
        return c;
    }

    @Override
    public void reset() {
        reports = 0;
        failed = 0;
        missing = new HashMap<>();
    }

    /** Counts one row of the reports table. */
    @Override
    public void add(Row row) {
        reports++;
        if (ReportRows.FAILED.equals(row.getString(STATUS))) {
            failed++;
        }
        if (row.isNullAt(MISSING)) {
            return;
        }
        for (Iterator<Row> it = row.<Row>getSeq(MISSING).iterator(); it.hasNext(); ) {
            Row m = it.next();
            Long frames = m.isNullAt(2) ? null : m.getLong(2);
            missing.computeIfAbsent(m.getString(1), id -> new Missing()).add(m.getString(0), frames, 1);
        }
    }

    @Override
    public void merge(AccumulatorV2<Row, Totals> other) {
        WrittenTotals o = (WrittenTotals) other;
        reports += o.reports;
        failed += o.failed;
        for (Map.Entry<String, Missing> e : o.missing.entrySet()) {
            Missing from = e.getValue();
            Missing to = missing.computeIfAbsent(e.getKey(), id -> new Missing());
            to.add(from.image, from.anyFrames ? from.frames : null, from.reports);
        }
    }

    @Override
    public Totals value() {
        List<Row> rows = new ArrayList<>();
        missing.forEach((id, m) -> {
            if (m.anyFrames && m.frames > 0) {
                rows.add(RowFactory.create(m.image, id, m.frames, m.reports));
            }
        });
        rows.sort(Comparator.comparingLong((Row r) -> r.getLong(2)).reversed()
                .thenComparing(r -> r.getString(0), WrittenTotals::compareNullsFirst)
                .thenComparing(r -> r.getString(1), WrittenTotals::compareNullsFirst));
        return new Totals(reports, failed, rows);
    }

    /** Spark's ascending order of strings: null first, then by UTF-8 bytes (not UTF-16 units, as String's). */
    private static int compareNullsFirst(String a, String b) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : -1) : 1;
        }
        return utf8(a).compareTo(utf8(b));
    }

    private static UTF8String utf8(String s) {
        return UTF8String.fromString(s);
    }
}
