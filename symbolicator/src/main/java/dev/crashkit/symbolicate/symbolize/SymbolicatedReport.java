package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.model.CrashReport;
import java.util.List;

/**
 * The result of symbolicating one report: per-image match status and per-thread frames.
 *
 * @param missingDebugFiles true when some image that frames point into had no usable debug file
 *     (the symbolizer knows it from its pass before the lookups; a loop over a big report's frames
 *     afterwards runs interpreted, BENCHMARKS.md, warm child)
 */
public record SymbolicatedReport(CrashReport input, List<ImageStatus> images, List<SymbolicatedThread> threads,
        boolean missingDebugFiles) {
    public SymbolicatedReport {
        images = List.copyOf(images);
        threads = List.copyOf(threads);
    }

    /** A result whose missing debug files are found from its frames. */
    public SymbolicatedReport(CrashReport input, List<ImageStatus> images, List<SymbolicatedThread> threads) {
        this(input, images, threads, anyMissing(threads));
    }

    private static boolean anyMissing(List<SymbolicatedThread> threads) {
        for (SymbolicatedThread t : threads) {
            for (SymbolicatedFrame f : t.frames()) {
                if (f.status() == FrameStatus.NO_DEBUG_FILE) {
                    return true;
                }
            }
        }
        return false;
    }
}
