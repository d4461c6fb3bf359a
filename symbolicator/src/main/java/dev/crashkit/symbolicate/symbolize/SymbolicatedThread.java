package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.model.ThreadTrace;
import java.util.List;

/** A thread of the input with its symbolicated frames (possibly more entries than input frames). */
public record SymbolicatedThread(ThreadTrace thread, List<SymbolicatedFrame> frames) {
    public SymbolicatedThread {
        frames = List.copyOf(frames);
    }
}
