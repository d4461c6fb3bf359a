package dev.crashkit.capture.hang;

import java.time.Duration;

/**
 * A thread watched for hangs: it calls {@link #tick()} each time round its loop; when no tick comes
 * for the threshold, the watchdog captures every thread and spools one hang report. Ticking costs a
 * volatile write. {@link #close()} stops watching (from any thread).
 */
public final class HangWatch implements AutoCloseable {
    private final Watchdog watchdog;
    private final Watched watched;

    HangWatch(Watchdog watchdog, Watched watched) {
        this.watchdog = watchdog;
        this.watched = watched;
    }

    /** The watched thread is making progress. */
    public void tick() {
        watched.answered(System.nanoTime());
    }

    /** {@return the name reports give this watch} */
    public String name() {
        return watched.name();
    }

    /** {@return how long the thread may go without a tick} */
    public Duration threshold() {
        return Duration.ofNanos(watched.thresholdNanos());
    }

    /** Stops watching; a hang reported and still ongoing is written as ended now. */
    @Override
    public void close() {
        watchdog.remove(watched);
    }
}
