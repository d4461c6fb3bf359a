package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.model.CrashReport;
import java.util.List;

/** The result of symbolicating one report: per-image match status and per-thread frames. */
public record SymbolicatedReport(CrashReport input, List<ImageStatus> images, List<SymbolicatedThread> threads) {
    public SymbolicatedReport {
        images = List.copyOf(images);
        threads = List.copyOf(threads);
    }

    /** True when some image that frames point into had no usable debug file. */
    public boolean missingDebugFiles() {
        for (SymbolicatedThread t : threads) { // a loop, not a stream: it visits every frame of a big report
            for (SymbolicatedFrame f : t.frames()) {
                if (f.status() == FrameStatus.NO_DEBUG_FILE) {
                    return true;
                }
            }
        }
        return false;
    }
}
