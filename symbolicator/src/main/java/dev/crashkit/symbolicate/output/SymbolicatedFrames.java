package dev.crashkit.symbolicate.output;

import dev.crashkit.symbolicate.report.Texts;
import dev.crashkit.symbolicate.symbolize.FrameStatus;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import java.util.ArrayList;
import java.util.List;

/** Helpers for the format writers: which symbolicated entries belong to which input frame. */
public final class SymbolicatedFrames {

    private SymbolicatedFrames() {
    }

    /**
     * Per input frame of a thread, the entries that name it anew (status symbolicated, not merely
     * echoing a name the report already had), inlined first and the concrete function last; an
     * empty list leaves the frame as it was.
     */
    public static List<List<SymbolicatedFrame>> newNames(SymbolicatedThread thread, int frameCount) {
        List<List<SymbolicatedFrame>> out = new ArrayList<>(frameCount);
        for (int i = 0; i < frameCount; i++) {
            out.add(new ArrayList<>());
        }
        for (SymbolicatedFrame f : thread.frames()) {
            if (f.index() >= 0 && f.index() < frameCount && f.status() == FrameStatus.SYMBOLICATED
                    && f.symbol().isPresent() && !f.source().map("report"::equals).orElse(false)) {
                out.get(f.index()).add(f);
            }
        }
        return out;
    }

    /** Checks that a result belongs to a report with {@code threads} threads (same order). */
    public static void requireThreads(SymbolicatedReport result, int threads) {
        if (result.threads().size() != threads) {
            throw new IllegalArgumentException("symbolication result has " + result.threads().size()
                    + " threads, the report " + threads);
        }
    }

    /** The file name Apple's tools print for a source path (its last component). */
    public static String fileName(String path) {
        return Texts.baseName(path);
    }
}
