package dev.crashkit.capture.hang;

import dev.crashkit.capture.report.Snapshot;
import dev.crashkit.capture.spool.Spool;
import java.io.IOException;
import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.ToLongFunction;

/**
 * The hang detection of one installation: its watchdog thread (started with the first watch) and
 * where reports go. {@code Capture.Installation} owns one.
 */
public final class Hangs implements AutoCloseable {
    private final Watchdog watchdog;
    private final LongSupplier currentTid;
    private final ToLongFunction<String> tidOfName;
    private boolean started;

    /**
     * @param spool         where hang reports are spooled
     * @param snapshots     captures every thread, the hung one marked
     * @param currentTid    the calling thread's OS id
     * @param uploadPending starts uploading what is pending (a completed hang report)
     * @param problems      where a hang that could not be recorded is said (one line)
     */
    public Hangs(Spool spool, Snapshots snapshots, LongSupplier currentTid, Runnable uploadPending,
                 Consumer<String> problems) {
        this(spool, snapshots, currentTid, name -> -1, uploadPending, problems, Watchdog.DEFAULT_INTERVAL_NANOS);
    }

    /**
     * As above, with {@code tidOfName}: the OS id of this JVM's one thread of a Java name (-1 when none
     * or several), for the event-dispatch thread when it hangs before its id was learnt.
     */
    public Hangs(Spool spool, Snapshots snapshots, LongSupplier currentTid, ToLongFunction<String> tidOfName,
                 Runnable uploadPending, Consumer<String> problems) {
        this(spool, snapshots, currentTid, tidOfName, uploadPending, problems, Watchdog.DEFAULT_INTERVAL_NANOS);
    }

    Hangs(Spool spool, Snapshots snapshots, LongSupplier currentTid, ToLongFunction<String> tidOfName,
          Runnable uploadPending, Consumer<String> problems, long intervalNanos) {
        this.watchdog = new Watchdog(new HangReports(spool, snapshots, uploadPending, problems), intervalNanos);
        this.currentTid = currentTid;
        this.tidOfName = tidOfName;
    }

    /** Takes a snapshot with the given reason, the hung thread marked as the crashed one. */
    @FunctionalInterface
    public interface Snapshots {
        Snapshot take(String reason, long hungTid) throws IOException;
    }

    /** Watches the calling thread, which must {@link HangWatch#tick()} more often than {@code threshold}. */
    public synchronized HangWatch watch(String name, Duration threshold) {
        Watched w = new Watched(name, currentTid.getAsLong(), positive(threshold), System.nanoTime());
        watchdog.add(w);
        start();
        return new HangWatch(watchdog, w);
    }

    /** Watches the AWT event-dispatch thread once AWT is in use. */
    public synchronized void watchEventDispatch(Duration threshold) {
        watchdog.add(new EventDispatchWatch(positive(threshold), System.nanoTime(), currentTid, tidOfName));
        start();
    }

    /** The watchdog thread, once started (its CPU time is the detection's cost). */
    public synchronized java.util.Optional<Thread> watchdogThread() {
        return started ? java.util.Optional.of(watchdog.thread()) : java.util.Optional.empty();
    }

    private void start() {
        if (!started) {
            started = true;
            watchdog.start();
        }
    }

    private static long positive(Duration threshold) {
        if (threshold.isNegative() || threshold.isZero()) {
            throw new IllegalArgumentException("hang threshold must be positive: " + threshold);
        }
        return threshold.toNanos();
    }

    /** Stops watching; ongoing hangs are written as ended now. */
    @Override
    public void close() {
        watchdog.close();
    }
}
