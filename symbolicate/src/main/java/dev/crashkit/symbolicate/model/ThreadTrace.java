package dev.crashkit.symbolicate.model;

import java.util.List;
import java.util.Optional;

/** One thread of the report, its frames innermost first (frame 0 is the thread's PC). */
public record ThreadTrace(long id, Optional<String> name, boolean crashed, List<Frame> frames) {
    public ThreadTrace {
        frames = List.copyOf(frames);
    }
}
