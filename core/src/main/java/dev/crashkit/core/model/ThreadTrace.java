package dev.crashkit.core.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One thread of the report, its frames innermost first (frame 0 is the thread's PC).
 *
 * @param state registers and stack window, when the capturing tool saved them (crashreport/1 extras)
 */
public record ThreadTrace(long id, Optional<String> name, boolean crashed, List<Frame> frames,
                          Optional<ThreadState> state) {
    public ThreadTrace {
        frames = List.copyOf(frames);
        Objects.requireNonNull(state, "state");
    }

    /** A thread without saved registers or stack. */
    public ThreadTrace(long id, Optional<String> name, boolean crashed, List<Frame> frames) {
        this(id, name, crashed, frames, Optional.empty());
    }

    /** The same thread with other frames (state kept). */
    public ThreadTrace withFrames(List<Frame> newFrames) {
        return new ThreadTrace(id, name, crashed, newFrames, state);
    }
}
