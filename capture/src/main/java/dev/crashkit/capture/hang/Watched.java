package dev.crashkit.capture.hang;

/**
 * One watched thread: when it last answered, and the hang reported for it, if any. Answers come
 * from the watched thread (a tick) or the event-dispatch thread (a ping run); everything else runs
 * on the watchdog thread.
 */
class Watched {
    private final String name;
    private final long tid;
    private final long thresholdNanos;
    /** System.nanoTime() of the last answer. */
    private volatile long lastAnswer;
    /** The answer time the reported hang started from: one report per hang, however long. */
    private long reportedFrom = Long.MIN_VALUE;
    /** The hang report being held open until the thread answers again. */
    private OpenHang open;

    Watched(String name, long tid, long thresholdNanos, long now) {
        this.name = name;
        this.tid = tid;
        this.thresholdNanos = thresholdNanos;
        this.lastAnswer = now;
    }

    String name() {
        return name;
    }

    long tid() {
        return tid;
    }

    long thresholdNanos() {
        return thresholdNanos;
    }

    void answered(long now) {
        lastAnswer = now;
    }

    long lastAnswer() {
        return lastAnswer;
    }

    /** A ping to send now, if this watch needs the watchdog to ask (the event-dispatch thread). */
    void ping(long now) {
    }

    /** Whether it has not answered for the threshold and this hang was not reported yet. */
    boolean newlyHung(long now) {
        long since = lastAnswer;
        return now - since >= thresholdNanos && since != reportedFrom;
    }

    void reported(long from, OpenHang hang) {
        reportedFrom = from;
        open = hang;
    }

    /** The open hang report, once the thread has answered again (then forgotten). */
    OpenHang endedHang() {
        if (open != null && lastAnswer != reportedFrom) {
            OpenHang h = open;
            open = null;
            return h;
        }
        return null;
    }

    /** The open hang report regardless (the watch is closing). */
    OpenHang takeOpen() {
        OpenHang h = open;
        open = null;
        return h;
    }

    /** A hang report written with {@code "ongoing": true}, to rewrite when the thread answers. */
    record OpenHang(java.nio.file.Path file, dev.crashkit.capture.report.Snapshot snapshot,
                    dev.crashkit.capture.report.Hang hang, long startedNanos) {
    }
}
