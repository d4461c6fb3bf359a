package dev.crashkit.symbolicate.batch;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.crashkit.symbolicate.output.AtomicFile;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a batch has finished, kept on disk as it goes so that even a run killed with {@code kill -9}
 * says what it did: {@code summary.jsonl} gets one line per finished report (flushed at once), and
 * {@code summary.json} is rewritten atomically at most every {@link #REWRITE_MILLIS} ms with
 * {@code "complete": false}, and a last time with {@code "complete": true}.
 */
final class BatchJournal implements AutoCloseable {
    static final String JOURNAL = "summary.jsonl";
    static final String SUMMARY = "summary.json";
    private static final long REWRITE_MILLIS = 2_000;
    private static final JsonFactory JSON = new JsonFactory();

    private final Path dir;
    private final BatchSummary summary;
    private final Writer lines;
    private long lastRewrite;

    private BatchJournal(Path dir, BatchSummary summary, Writer lines) {
        this.dir = dir;
        this.summary = summary;
        this.lines = lines;
    }

    /** Starts a journal in {@code dir} (replacing one of an earlier run) and writes an empty, incomplete summary. */
    static BatchJournal open(Path dir, BatchSummary summary) throws IOException {
        BatchJournal j = new BatchJournal(dir, summary, Files.newBufferedWriter(dir.resolve(JOURNAL),
                StandardCharsets.UTF_8));
        j.rewrite(false);
        return j;
    }

    synchronized void succeeded(String report, String output) throws IOException {
        line(report, "ok", Optional.of(output), Optional.empty());
    }

    synchronized void failed(String report, String error, boolean internal) throws IOException {
        line(report, internal ? "internal_error" : "failed", Optional.empty(), Optional.of(error));
    }

    private void line(String report, String status, Optional<String> output, Optional<String> error)
            throws IOException {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(w)) {
            g.writeStartObject();
            g.writeStringField("report", report);
            g.writeStringField("status", status);
            if (output.isPresent()) {
                g.writeStringField("output", output.get());
            }
            if (error.isPresent()) {
                g.writeStringField("error", error.get());
            }
            g.writeEndObject();
        }
        lines.write(w.toString());
        lines.write('\n');
        lines.flush();
        long now = System.currentTimeMillis();
        if (now - lastRewrite >= REWRITE_MILLIS) {
            rewrite(false);
        }
    }

    /** The final summary. */
    synchronized void complete() throws IOException {
        lines.flush();
        rewrite(true);
    }

    private void rewrite(boolean complete) throws IOException {
        lastRewrite = System.currentTimeMillis();
        AtomicFile.write(dir.resolve(SUMMARY), w -> summary.writeJson(w, complete));
    }

    @Override
    public synchronized void close() throws IOException {
        lines.close();
    }
}
