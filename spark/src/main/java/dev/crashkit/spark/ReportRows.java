package dev.crashkit.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
    private static final ObjectMapper JSON = new ObjectMapper();

    private ReportRows() {
    }

    static Row process(Symbolicator symbolicator, InputRecord in) {
        if (in.error().isPresent()) {
            return failed(in, null, in.error().get());
        }
        try {
            Symbolicator.Outcome out = symbolicator.symbolicate(in.source(), in.data());
            JsonNode doc = JSON.readTree(out.json());
            return RowFactory.create(in.id(), in.source(), out.format(), OK, null, out.signature(), out.signatureTitle(),
                    JsonRows.row(doc, OutputSchema.SYMBOLICATED),
                    CollectionConverters.asScala(missing(out.missing())));
        } catch (IOException e) {
            return failed(in, null, e.getMessage());
        } catch (RuntimeException | StackOverflowError e) { // a bug must not take the other reports down
            return failed(in, null, in.source() + ": internal error: " + e);
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
