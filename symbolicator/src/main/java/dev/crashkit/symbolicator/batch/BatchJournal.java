package dev.crashkit.symbolicator.batch;

import dev.crashkit.symbolicate.output.AtomicFile;
import java.io.IOException;
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
        lines.write(jsonLine(report, status, output, error));
        lines.write('\n');
        lines.flush();
        long now = System.currentTimeMillis();
        if (now - lastRewrite >= REWRITE_MILLIS) {
            rewrite(false);
        }
    }

    /**
     * One line of the journal, as Jackson's compact generator writes it (its escapes: {@code \" \\ \b \t \n
     * \f \r}, other control characters as {@code \\u00XX}, everything else as is). Written here, not
     * through a generator made per line: that was most of a report's bookkeeping, and on the workers'
     * first reports it all ran interpreted.
     */
    static String jsonLine(String report, String status, Optional<String> output, Optional<String> error) {
        StringBuilder b = new StringBuilder(64 + report.length() + (output.isPresent() ? output.get().length() : 0));
        b.append("{\"report\":");
        quoted(b, report);
        b.append(",\"status\":");
        quoted(b, status);
        if (output.isPresent()) {
            b.append(",\"output\":");
            quoted(b, output.get());
        }
        if (error.isPresent()) {
            b.append(",\"error\":");
            quoted(b, error.get());
        }
        return b.append('}').toString();
    }

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private static void quoted(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c != '"' && c != '\\') {
                b.append(c);
                continue;
            }
            b.append('\\');
            switch (c) {
                case '"', '\\' -> b.append(c);
                case '\b' -> b.append('b');
                case '\t' -> b.append('t');
                case '\n' -> b.append('n');
                case '\f' -> b.append('f');
                case '\r' -> b.append('r');
                default -> b.append("u00").append(HEX[c >> 4]).append(HEX[c & 0xf]);
            }
        }
        b.append('"');
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
