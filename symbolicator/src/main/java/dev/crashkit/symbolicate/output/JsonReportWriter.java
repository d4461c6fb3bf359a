package dev.crashkit.symbolicate.output;

import dev.crashkit.symbolicate.report.HangInfo;

import dev.crashkit.core.model.Image;
import dev.crashkit.symbolicate.symbolize.ImageStatus;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;


/**
 * Writes the {@code symbolicated/1} JSON document (schema in the README), pretty-printed exactly
 * as Jackson's default pretty printer prints it, in UTF-8 (see {@link PrettyJson}). The one writer of
 * the command line, the server and Spark: against Jackson's generator writing the same bytes it takes
 * a quarter to a half of the CPU per document on C2 with G1 too, as the server and Spark executors run
 * (BENCHMARKS.md, symbolicated/1 JSON on C2; {@code bench/JsonRenderPairs}).
 */
public final class JsonReportWriter {
    public static final String SCHEMA = "symbolicated/1";

    private JsonReportWriter() {
    }

    /** Writes the document as characters (each chunk the writer gets is decoded from whole UTF-8 characters). */
    public static void write(SymbolicatedReport r, Writer out) throws IOException {
        write(r, Optional.empty(), out);
    }

    /** As {@link #write(SymbolicatedReport, Writer)}, with the report's hang fields when it is a hang. */
    public static void write(SymbolicatedReport r, Optional<HangInfo> hang, Writer out) throws IOException {
        write(r, new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(new String(b, off, len, StandardCharsets.UTF_8));
            }
        }, null, hang);
    }

    /** Writes the document's UTF-8 bytes to {@code out} (not flushed). */
    public static void write(SymbolicatedReport r, OutputStream out) throws IOException {
        write(r, out, null, Optional.empty());
    }

    /**
     * As {@link #write(SymbolicatedReport, OutputStream)}, the threads taken from {@code ahead},
     * which was handed {@code r}'s threads as they were symbolicated (null: rendered here).
     */
    public static void write(SymbolicatedReport r, OutputStream out, ThreadsAhead ahead) throws IOException {
        write(r, out, ahead, Optional.empty());
    }

    /**
     * As {@link #write(SymbolicatedReport, OutputStream, ThreadsAhead)}; a hang report also gets
     * {@code "kind": "hang"} and {@code "hang": {thread, name, threshold_ms, duration_ms, ongoing}}.
     */
    public static void write(SymbolicatedReport r, OutputStream out, ThreadsAhead ahead, Optional<HangInfo> hang)
            throws IOException {
        PrettyJson g = PrettyJson.document(out);
        Repeats repeats = new Repeats();
        g.startObject();
        g.name("schema");
        g.string(SCHEMA);
        if (hang.isPresent()) {
            hang(g, hang.get());
        }
        g.name("images");
        g.startArray();
        for (ImageStatus s : r.images()) {
            Image img = s.image();
            g.startObject();
            field(g, "name", img.name());
            // Plain code, not Optional.map with method references: each is a call site linked at
            // run time, on the writing thread after the symbolication, before any byte is written.
            string(g, "uuid", img.id().isPresent() ? Optional.of(img.id().get().toString()) : Optional.empty());
            string(g, "arch", img.arch().isPresent() ? Optional.of(img.arch().get().label()) : Optional.empty());
            g.name("load_address");
            g.hexString(img.loadAddress());
            string(g, "debug_file", s.debugFile().isPresent() ? Optional.of(s.debugFile().get().toString())
                    : Optional.empty());
            field(g, "status", s.status().jsonName());
            string(g, "detail", s.detail());
            g.endObject();
        }
        g.endArray();
        g.name("threads");
        g.startArray();
        List<SymbolicatedThread> threads = r.threads();
        if (ahead != null) {
            threadsFrom(ahead, g, threads.size(), repeats);
        } else if (ThreadsAhead.worthIt(threads.size(), frames(threads))) {
            // Already symbolicated: the second thread renders from the front as this one does from the back.
            ThreadsAhead here = ThreadsAhead.start(threads.size());
            try {
                for (int i = 0; i < threads.size(); i++) {
                    here.accept(i, threads.get(i));
                }
                threadsFrom(here, g, threads.size(), repeats);
            } finally {
                here.cancel();
            }
        } else {
            for (SymbolicatedThread t : threads) {
                thread(g, t, repeats);
            }
        }
        g.endArray();
        g.endObject();
        g.newLine();
        g.flush();
        g.release(); // not on failure: a writer that threw may be in any state, and its buffer is dropped
    }

    private static void hang(PrettyJson g, HangInfo h) throws IOException {
        g.name("kind");
        g.string("hang");
        g.name("hang");
        g.startObject();
        if (h.thread().isPresent()) {
            g.name("thread");
            g.number(h.thread().getAsLong());
        }
        field(g, "name", h.name());
        if (h.thresholdMs().isPresent()) {
            g.name("threshold_ms");
            g.number(h.thresholdMs().getAsLong());
        }
        if (h.durationMs().isPresent()) {
            g.name("duration_ms");
            g.number(h.durationMs().getAsLong());
        }
        if (h.ongoing()) {
            g.name("ongoing");
            g.bool(true);
        }
        g.endObject();
    }

    /** One element of {@code threads}. */
    static void thread(PrettyJson g, SymbolicatedThread t, Repeats repeats) throws IOException {
        g.startObject();
        g.name("id");
        g.number(t.thread().id());
        string(g, "name", t.thread().name());
        g.name("crashed");
        g.bool(t.thread().crashed());
        g.name("frames");
        g.startArray();
        List<SymbolicatedFrame> frames = t.frames();
        for (int i = 0; i < frames.size(); i += FRAMES_PER_CALL) {
            frames(g, frames, i, Math.min(frames.size(), i + FRAMES_PER_CALL), repeats);
        }
        g.endArray();
        g.endObject();
    }

    /**
     * Frames are written {@value} per call of {@link #frames}: a loop over all of a thread's frames
     * runs interpreted to its end (the method holding it is called once per thread, and C1 compiles a
     * loop in place only after 60,000 iterations), where a method called per few frames is compiled
     * after its first hundred calls.
     */
    static final int FRAMES_PER_CALL = 16;

    private static void frames(PrettyJson g, List<SymbolicatedFrame> frames, int from, int to, Repeats repeats)
            throws IOException {
        for (int i = from; i < to; i++) {
            FrameJson.write(g, frames.get(i), repeats);
        }
    }

    private static void threadsFrom(ThreadsAhead ahead, PrettyJson g, int count, Repeats repeats) throws IOException {
        if (g.objects() != ThreadsAhead.LEVEL || ahead.count() != count) {
            throw new IllegalStateException("threads rendered ahead for another document");
        }
        ahead.finish(repeats);
        for (int i = 0; i < count; i++) {
            g.elements(ahead.take(i), 1);
        }
    }

    private static long frames(List<SymbolicatedThread> threads) {
        long n = 0;
        for (SymbolicatedThread t : threads) {
            n += t.frames().size();
        }
        return n;
    }

    /**
     * Encoded texts of what frames repeat, by identity: a report's image names and UUIDs (one object
     * per image), statuses and sources (constants), the file of an inlined chain, and the linkage name
     * when it is the symbol itself in frames written one entry at a time (names come from a symbol cache
     * that decodes each string once).
     */
    static final class Repeats {
        final PrettyJson.Recent images = new PrettyJson.Recent(32);
        final PrettyJson.Recent ids = new PrettyJson.Recent(32);
        final PrettyJson.Recent constants = new PrettyJson.Recent(16);
        final PrettyJson.Recent files = new PrettyJson.Recent(4);
        final PrettyJson.Recent symbols = new PrettyJson.Recent(1);
        /** A frame's entries in runs ({@link FrameJson.Runs}): from image to symbol's name, the last three. */
        final FrameJson.Runs imageRuns = new FrameJson.Runs(32);
        final FrameJson.Runs tailRuns = new FrameJson.Runs(8);
        final FrameJson.Runs inlinedTailRuns = new FrameJson.Runs(8);
    }

    static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }

    private static void field(PrettyJson g, String name, String v) throws IOException {
        g.name(name);
        g.string(v);
    }

    private static void string(PrettyJson g, String name, Optional<String> v) throws IOException {
        g.name(name);
        optional(g, v);
    }

    private static void optional(PrettyJson g, Optional<String> v) throws IOException {
        if (v.isPresent()) {
            g.string(v.get());
        } else {
            g.nullValue();
        }
    }
}
