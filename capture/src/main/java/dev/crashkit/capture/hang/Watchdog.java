package dev.crashkit.capture.hang;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One daemon thread that wakes every ping interval, pings what needs pinging, and captures a
 * watched thread that has not answered for its threshold — once per hang — then, when it answers
 * again, has the report completed with the hang's duration. The capture runs here, never on the
 * watched thread.
 *
 * <p>A wake-up much later than asked means this whole JVM was paused (a long garbage collection, a
 * safepoint, the machine suspended): no watched thread could answer meanwhile, so that round
 * checks nothing, and the next round gives every watch one more interval to answer.
 */
final class Watchdog implements AutoCloseable {
    /** What the watchdog has done with a hang: write it (ongoing), then complete it. */
    interface Reports {
        /** Captures every thread now and spools a held report; null when capturing is not possible. */
        Watched.OpenHang capture(Watched w, long hungSinceNanos, long now) throws IOException;

        /** Rewrites the report with its final duration and lets it be uploaded. */
        void ended(Watched.OpenHang h, long durationNanos) throws IOException;

        /** A capture or rewrite failed: the watchdog goes on. */
        void failed(Watched w, Exception e);
    }

    static final long DEFAULT_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final Reports reports;
    private final long intervalNanos;
    private final List<Watched> watched = new CopyOnWriteArrayList<>();
    private final Thread thread;
    private volatile boolean closed;

    Watchdog(Reports reports, long intervalNanos) {
        this.reports = reports;
        this.intervalNanos = intervalNanos;
        this.thread = new Thread(this::run, "crashkit-hang-watchdog");
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    void add(Watched w) {
        watched.add(w);
    }

    void remove(Watched w) {
        if (watched.remove(w)) {
            Watched.OpenHang open = w.takeOpen();
            if (open != null) {
                finish(w, open, System.nanoTime() - open.startedNanos());
            }
        }
    }

    /** The watchdog thread (tests and the benchmark read its CPU time). */
    Thread thread() {
        return thread;
    }

    private void run() {
        long last = System.nanoTime();
        boolean graceRound = false;
        while (!closed) {
            LockSupport.parkNanos(intervalNanos);
            long now = System.nanoTime();
            boolean paused = now - last > intervalNanos + Math.max(intervalNanos, TimeUnit.MILLISECONDS.toNanos(250));
            last = now;
            for (Watched w : watched) {
                w.ping(now);
            }
            if (paused) {
                graceRound = true; // the JVM stood still: nobody could answer
                continue;
            }
            if (graceRound) {
                graceRound = false;
                continue; // one interval for the answers the pause held up
            }
            for (Watched w : watched) {
                check(w, now);
            }
        }
    }

    private void check(Watched w, long now) {
        Watched.OpenHang ended = w.endedHang();
        if (ended != null) {
            finish(w, ended, w.lastAnswer() - ended.startedNanos());
        }
        if (w.newlyHung(now)) {
            long from = w.lastAnswer();
            try {
                w.reported(from, reports.capture(w, from, now));
            } catch (IOException | RuntimeException | LinkageError e) {
                w.reported(from, null); // once per hang, even when it could not be recorded
                reports.failed(w, e instanceof Exception ex ? ex : new IOException(e));
            }
            // A thread that answered while it was being captured ends its hang on the next round.
        }
    }

    private void finish(Watched w, Watched.OpenHang h, long durationNanos) {
        try {
            reports.ended(h, Math.max(durationNanos, 0));
        } catch (IOException | RuntimeException e) {
            reports.failed(w, e);
        }
    }

    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
        for (Watched w : watched) {
            remove(w);
        }
    }
}
