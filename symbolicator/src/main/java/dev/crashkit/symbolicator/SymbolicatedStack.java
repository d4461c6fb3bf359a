package dev.crashkit.symbolicator;

import dev.crashkit.core.model.ThreadTrace;
import java.util.List;

/**
 * A thread of the report (or the uncaught exception's backtrace) with its symbolicated frames.
 *
 * @param thread the thread as read: id, name, crashed, raw frames
 * @param frames the symbolicated frames, inlined calls included
 */
public record SymbolicatedStack(ThreadTrace thread, List<StackFrame> frames) {
    /**
     * Copies {@code frames}.
     *
     * @param thread the thread as read: id, name, crashed, raw frames
     * @param frames the symbolicated frames, inlined calls included
     */
    public SymbolicatedStack {
        frames = List.copyOf(frames);
    }
}
