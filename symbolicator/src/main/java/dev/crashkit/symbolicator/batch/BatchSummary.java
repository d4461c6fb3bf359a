package dev.crashkit.symbolicator.batch;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.crashkit.symbolicator.MissingDebugFile;
import dev.crashkit.symbolicator.Symbolication;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Totals of a batch run, collected from worker threads: reports done and failed (with the
 * reason), frames seen and named, and the debug files that were missing with how many frames
 * each would have named — the first thing a CI user needs.
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
        return (int) failures.stream().filter(Failure::internal).count();
    }

    /** Missing debug files that would have named at least one frame, most frames first. */
    synchronized List<Missing> missing() {
        List<Missing> out = new ArrayList<>();
        missing.forEach((id, c) -> {
            if (c[0] > 0) {
                out.add(new Missing(missingNames.get(id), id, c[0], c[1]));
            }
        });
        out.sort(Comparator.comparingLong(Missing::frames).reversed().thenComparing(Missing::image));
        return out;
    }

    synchronized void print(PrintWriter out) {
        out.printf(Locale.ROOT, "reports: %d symbolicated, %d failed%n", done, failures.size());
        out.printf(Locale.ROOT, "frames:  %d of %d symbolicated (%.1f%%)%n", symbolicated, frames,
                frames == 0 ? 100.0 : 100.0 * symbolicated / frames);
        List<Missing> m = missing();
        if (!m.isEmpty()) {
            out.println("missing debug files (image, UUID/build-id, frames they would name, reports):");
            for (Missing x : m) {
                out.printf(Locale.ROOT, "  %-30s %s  %d frames in %d report(s)%n", x.image(), x.id(), x.frames(), x.reports());
            }
        }
        for (Failure f : failures) {
            out.println("failed: " + f.report() + ": " + f.error());
        }
        out.flush();
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
