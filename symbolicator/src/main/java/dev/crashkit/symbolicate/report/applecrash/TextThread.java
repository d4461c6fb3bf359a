package dev.crashkit.symbolicate.report.applecrash;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A {@code Thread N} block of a text report.
 *
 * @param number    the thread number N
 * @param name      from {@code Thread N name:} or text after {@code Thread N Crashed:}
 * @param crashed   true for {@code Thread N Crashed:}
 * @param frames    its frame lines, in order
 * @param registers the {@code Thread N crashed with ... Thread State} registers, in file order
 */
public record TextThread(int number, Optional<String> name, boolean crashed, List<FrameLine> frames,
                         Map<String, Long> registers) {
    public TextThread {
        frames = List.copyOf(frames);
        registers = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(registers));
    }
}
