package dev.crashkit.server.symbolication;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicator.Report;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * How many frames of a report the server symbolicates and stores: each thread's top
 * {@code perThread} frames, and {@code total} frames in all, the crashed thread served first, then the
 * others in report order (a thread past the budget keeps none). A report within the ingest limits
 * (up to {@code --max-frames}) then costs the worker, the database and the page the same as one of
 * {@code total} frames (issue 32: 1,000,000 frames took GBs of heap and 800 MB of database).
 * The frames left out are counted in the result (see {@link Omitted}).
 *
 * @param perThread most frames kept of one thread (Apple's crash reporter keeps 512)
 * @param total     most frames kept of the whole report
 */
public record StoredFrames(int perThread, int total) {
    /** 512 frames a thread, 20,000 a report: some 7 MB of database a report at most (measured). */
    public static final StoredFrames DEFAULT = new StoredFrames(512, 20_000);

    public StoredFrames {
        if (perThread < 1 || total < 1) {
            throw new IllegalArgumentException("frame budgets below 1: " + perThread + ", " + total);
        }
    }

    /** What was left out of one report: per thread (by its index in the report), frames not symbolicated. */
    public record Omitted(long frames, List<ThreadCut> threads) {
        public Omitted {
            threads = List.copyOf(threads);
        }

        /** One thread whose bottom {@code frames} frames were left out (of {@code of} in the report). */
        public record ThreadCut(int index, long id, int frames, int of) {
        }

        /**
         * The symbolicated/1 document {@code json} with an {@code "omitted"} member added:
         * {@code {"frames": N, "threads": [{"index", "id", "frames", "of"}...]}}, unchanged when nothing was.
         */
        public String into(String json) {
            if (threads.isEmpty()) {
                return json;
            }
            int end = json.lastIndexOf('}');
            if (end < 0 || json.substring(0, end).isBlank()) {
                throw new IllegalStateException("symbolicated/1 is a JSON object");
            }
            StringWriter w = new StringWriter();
            try (JsonGenerator g = new JsonFactory().createGenerator(w)) {
                g.writeStartObject();
                g.writeNumberField("frames", frames);
                g.writeArrayFieldStart("threads");
                for (ThreadCut t : threads) {
                    g.writeStartObject();
                    g.writeNumberField("index", t.index());
                    g.writeNumberField("id", t.id());
                    g.writeNumberField("frames", t.frames());
                    g.writeNumberField("of", t.of());
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            } catch (IOException e) {
                throw new IllegalStateException("writing to a string", e);
            }
            return json.substring(0, end).stripTrailing() + ",\"omitted\":" + w + json.substring(end);
        }
    }

    /** A report cut to this budget, and what was left out. */
    public record Cut(Report report, Omitted omitted) {
    }

    /** Cuts {@code report} to this budget; the same report when it is within it. */
    public Cut cut(Report report) {
        List<ThreadTrace> threads = report.model().threads();
        int[] keep = new int[threads.size()];
        long left = total;
        // The crashed thread first: its top frames are what a reader and the crash group need.
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < threads.size(); i++) {
                if (threads.get(i).crashed() == (pass == 0)) {
                    keep[i] = (int) Math.min(Math.min(perThread, left), threads.get(i).frames().size());
                    left -= keep[i];
                }
            }
        }
        List<ThreadTrace> cut = new ArrayList<>(threads.size());
        List<Omitted.ThreadCut> omitted = new ArrayList<>();
        long frames = 0;
        for (int i = 0; i < threads.size(); i++) {
            ThreadTrace t = threads.get(i);
            int of = t.frames().size();
            if (keep[i] < of) {
                omitted.add(new Omitted.ThreadCut(i, t.id(), of - keep[i], of));
                frames += of - keep[i];
                t = t.withFrames(t.frames().subList(0, keep[i]));
            }
            cut.add(t);
        }
        if (omitted.isEmpty()) {
            return new Cut(report, new Omitted(0, List.of()));
        }
        return new Cut(report.withThreads(cut), new Omitted(frames, omitted));
    }
}
