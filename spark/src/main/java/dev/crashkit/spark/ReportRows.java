package dev.crashkit.spark;

import java.io.IOException;
import java.util.ArrayList;
import dev.crashkit.symbolicator.MissingDebugFile;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Turns one input record into its output row ({@link OutputSchema#REPORTS}): symbolicated, or
 * failed with the reason. Never throws: a report that breaks the symbolicator (a bug) is a failed
 * row saying "internal error", so one report cannot fail the job.
 */
final class ReportRows {
    static final String OK = "ok";
    static final String FAILED = "failed";

    private ReportRows() {
    }

    /**
     * The rows of one input: one for most formats, one per report of a multi-report input (each
     * diagnostic of a MetricKit payload, its id and source followed by the part's name).
     */
    static List<Row> process(Symbolicator symbolicator, InputRecord in) {
        if (in.error().isPresent()) {
            return List.of(failed(in, null, in.error().get()));
        }
        try {
            List<Symbolicator.Outcome> outs = symbolicator.symbolicateAll(in.source(), in.data());
            List<Row> rows = new ArrayList<>(outs.size());
            for (Symbolicator.Outcome out : outs) {
                String suffix = out.part().map(p -> " " + p).orElse("");
                rows.add(RowFactory.create(in.id() + suffix, in.source() + suffix, out.format(), OK, null,
                        out.signature(), out.signatureTitle(), out.symbolicated(),
                        CollectionConverters.asScala(missing(out.missing()))));
            }
            return rows;
        } catch (IOException e) {
            return List.of(failed(in, null, e.getMessage()));
        } catch (RuntimeException | StackOverflowError e) { // a bug must not take the other reports down
            return List.of(failed(in, null, in.source() + ": internal error: " + e));
        }
    }

    private static Row failed(InputRecord in, String format, String why) {
        return RowFactory.create(in.id(), in.source(), format, FAILED, why, null, null, null,
                CollectionConverters.asScala(List.<Row>of()));
    }

    /**
     * The report's images that have an identity but no usable debug file, each with the number of
     * frames that fell into it (the symbolicator's one rule, which {@code batch}'s summary uses too).
     */
    static List<Row> missing(List<MissingDebugFile> missing) {
        List<Row> out = new ArrayList<>();
        for (MissingDebugFile m : missing) {
            out.add(RowFactory.create(m.image(), m.debugId(), (long) m.frames()));
        }
        return out;
    }
}
