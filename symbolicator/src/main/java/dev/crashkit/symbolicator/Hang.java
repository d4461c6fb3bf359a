package dev.crashkit.symbolicator;

import java.util.OptionalLong;

/**
 * What a report of a hang says about it (our capture's {@code "kind": "hang"}, a MetricKit hang
 * diagnostic): the thread that stopped answering, and for how long.
 *
 * @param thread      the hung thread's id, when known (the report's crashed thread is that one)
 * @param name        what was watched: a watch's name, {@code AWT-EventQueue}, {@code main}
 * @param thresholdMs how long it had not answered when it was captured, when known
 * @param durationMs  how long it did not answer, when known (so far, while {@code ongoing})
 * @param ongoing     it had not answered yet when the report was written (the process died first)
 */
public record Hang(OptionalLong thread, String name, OptionalLong thresholdMs, OptionalLong durationMs,
                   boolean ongoing) {
}
