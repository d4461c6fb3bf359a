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
    /**
     * Copies {@code frames} (unmodifiable) and checks that {@code state} is not null.
     *
     * @param id the thread's id in the report
     * @param name the thread's name, when it has one
     * @param crashed whether this thread crashed
     * @param frames its frames, innermost first
     * @param state registers and stack window, when saved
     */
    public ThreadTrace {
        frames = List.copyOf(frames);
        Objects.requireNonNull(state, "state");
    }

    /**
     * A thread without saved registers or stack.
     *
     * @param id the thread's id in the report
     * @param name the thread's name, when it has one
     * @param crashed whether this thread crashed
     * @param frames its frames, innermost first
     */
    public ThreadTrace(long id, Optional<String> name, boolean crashed, List<Frame> frames) {
        this(id, name, crashed, frames, Optional.empty());
    }

    /**
     * The same thread with other frames (state kept).
     *
     * @param newFrames the replacement frames, innermost first
     * @return a copy with {@code newFrames}
     */
    public ThreadTrace withFrames(List<Frame> newFrames) {
        return new ThreadTrace(id, name, crashed, newFrames, state);
    }
}
