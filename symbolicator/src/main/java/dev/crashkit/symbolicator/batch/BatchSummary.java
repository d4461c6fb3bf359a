package dev.crashkit.symbolicator.batch;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.crashkit.symbolicator.MissingDebugFile;
import dev.crashkit.symbolicator.Symbolication;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Totals of a batch run, collected from worker threads: reports done and failed (with the
 * reason), frames seen and named, and the debug files that were missing with how many frames
 * each would have named — the first thing a CI user needs.
 *
 * <p>Written at the start and the end of every batch, on its serial path: no {@code printf} (its
 * {@code Formatter} loads the JDK's locale data, ~15 ms of CPU) and no lambdas of the JDK's
 * {@code Comparator} (spun at run time: the class-data archive holds only our own).
 */
final class BatchSummary {

    /** A missing debug file: image name + identity, and the frames that fell into it. */
    record Missing(String image, String id, long frames, long reports) {
    }

    /** A report that ended without an output: its name, the reason and whether it was a bug of ours. */
    record Failure(String report, String error, boolean internal) {
    }

    private long done;
    private long frames;
    private long symbolicated;
    private final List<Failure> failures = new ArrayList<>();
    private final Map<String, long[]> missing = new TreeMap<>();
    private final Map<String, String> missingNames = new TreeMap<>();

    synchronized void succeeded(Symbolication r) {
        done++;
        Symbolication.FrameCounts seen = r.frameCounts();
        frames += seen.frames();
        symbolicated += seen.symbolicated();
        for (MissingDebugFile m : r.missingDebugFiles()) {
            long[] counts = missing.computeIfAbsent(m.debugId(), k -> new long[2]);
            counts[0] += m.frames();
            counts[1]++;
            missingNames.putIfAbsent(m.debugId(), m.image());
        }
    }

    synchronized void failed(String report, String why, boolean internal) {
        failures.add(new Failure(report, why, internal));
    }

    synchronized long done() {
        return done;
    }

    synchronized int failedCount() {
        return failures.size();
    }

    /** Reports that failed because of a bug (or a worker error) rather than because of their content. */
    synchronized int internalCount() {
        int n = 0;
        for (Failure f : failures) {
            n += f.internal() ? 1 : 0;
        }
        return n;
    }

    /** Missing debug files that would have named at least one frame, most frames first. */
    synchronized List<Missing> missing() {
        List<Missing> out = new ArrayList<>();
        for (Map.Entry<String, long[]> e : missing.entrySet()) {
            long[] c = e.getValue();
            if (c[0] > 0) {
                out.add(new Missing(missingNames.get(e.getKey()), e.getKey(), c[0], c[1]));
            }
        }
        out.sort(MOST_FRAMES_FIRST);
        return out;
    }

    /** Most frames first, then by image name. */
    private static final Comparator<Missing> MOST_FRAMES_FIRST = new MostFramesFirst();

    private static final class MostFramesFirst implements Comparator<Missing> {
        @Override
        public int compare(Missing a, Missing b) {
            int byFrames = Long.compare(b.frames(), a.frames());
            return byFrames != 0 ? byFrames : a.image().compareTo(b.image());
        }
    }

    synchronized void print(PrintWriter out) {
        out.println("reports: " + done + " symbolicated, " + failures.size() + " failed");
        out.println("frames:  " + symbolicated + " of " + frames + " symbolicated ("
                + oneDecimal(frames == 0 ? 100.0 : 100.0 * symbolicated / frames) + "%)");
        List<Missing> m = missing();
        if (!m.isEmpty()) {
            out.println("missing debug files (image, UUID/build-id, frames they would name, reports):");
            for (Missing x : m) {
                out.println("  " + leftJustified(x.image(), 30) + " " + x.id() + "  " + x.frames() + " frames in "
                        + x.reports() + " report(s)");
            }
        }
        for (Failure f : failures) {
            out.println("failed: " + f.report() + ": " + f.error());
        }
        out.flush();
    }

    /**
     * {@code value} as {@code String.format(Locale.ROOT, "%.1f", value)} writes it: its shortest decimal
     * form ({@link Double#toString}) rounded half up to one decimal.
     */
    static String oneDecimal(double value) {
        return new BigDecimal(Double.toString(value)).setScale(1, RoundingMode.HALF_UP).toPlainString();
    }

    /** {@code s} padded with spaces to {@code width} chars, as {@code %-WIDTHs} does. */
    static String leftJustified(String s, int width) {
        String text = String.valueOf(s);
        return text.length() >= width ? text : text + " ".repeat(width - text.length());
    }

    /**
     * Writes {@code batch-summary/1}; {@code complete} is false while the run is going on (the file is
     * rewritten as reports finish, so a killed run still says what it finished).
     */
    synchronized void writeJson(Writer w, boolean complete) throws IOException {
        try (JsonGenerator g = new JsonFactory().createGenerator(w)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("schema", "batch-summary/1");
            g.writeBooleanField("complete", complete);
            g.writeNumberField("reports_done", done);
            g.writeNumberField("reports_failed", failures.size());
            g.writeNumberField("frames", frames);
            g.writeNumberField("frames_symbolicated", symbolicated);
            g.writeArrayFieldStart("missing_debug_files");
            for (Missing x : missing()) {
                g.writeStartObject();
                g.writeStringField("image", x.image());
                g.writeStringField("id", x.id());
                g.writeNumberField("frames", x.frames());
                g.writeNumberField("reports", x.reports());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("failed");
            for (Failure f : failures) {
                g.writeStartObject();
                g.writeStringField("report", f.report());
                g.writeStringField("error", f.error());
                g.writeStringField("kind", f.internal() ? "internal" : "input");
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }
}
