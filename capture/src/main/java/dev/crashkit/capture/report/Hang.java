package dev.crashkit.capture.report;

/**
 * What a hang report says about the hang, written as crashreport/1's {@code "kind": "hang"} and
 * {@code "hang"} object; the hung thread gets {@code "hung": true}.
 *
 * @param tid         the hung thread's OS id
 * @param name        the watch's name ({@code "AWT-EventQueue"} for the event-dispatch thread)
 * @param thresholdMs how long the thread had not answered when it was captured
 * @param durationMs  how long it did not answer: final once it answered, so far while {@code ongoing}
 * @param ongoing     the thread had not answered yet when this was written
 */
public record Hang(long tid, String name, long thresholdMs, long durationMs, boolean ongoing) {

    /** The same hang, over: the thread answered after {@code durationMs}. */
    public Hang ended(long durationMs) {
        return new Hang(tid, name, thresholdMs, durationMs, false);
    }
}
