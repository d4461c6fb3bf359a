package dev.crashkit.symbolicate.report;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * A report of a hang rather than a crash ({@code "kind": "hang"}): which thread stopped answering,
 * for how long. Our capture's watchdog writes it; MetricKit hang diagnostics give it too.
 *
 * @param thread      the hung thread's id, when known
 * @param name        what was watched (a watch's name, {@code AWT-EventQueue}, {@code main})
 * @param thresholdMs how long it had not answered when it was captured, when known
 * @param durationMs  how long it did not answer, when known (so far, while {@code ongoing})
 * @param ongoing     it had not answered yet when the report was written
 */
public record HangInfo(OptionalLong thread, String name, OptionalLong thresholdMs, OptionalLong durationMs,
                       boolean ongoing) {
    public HangInfo {
        Objects.requireNonNull(thread, "thread");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(thresholdMs, "thresholdMs");
        Objects.requireNonNull(durationMs, "durationMs");
    }

    /** The reason text of a hang without one: {@code hang: NAME did not answer for N ms}. */
    public String describe() {
        return "hang: " + name + (durationMs.isPresent() ? " did not answer for " + durationMs.getAsLong() + " ms"
                : " did not answer") + (ongoing ? " (ongoing)" : "");
    }

    /** Nothing but a name. */
    public static HangInfo named(String name) {
        return new HangInfo(OptionalLong.empty(), name, OptionalLong.empty(), OptionalLong.empty(), false);
    }

    /** {@return the same hang with a duration} */
    public HangInfo withDuration(long ms) {
        return new HangInfo(thread, name, thresholdMs, OptionalLong.of(ms), ongoing);
    }

}
