package dev.crashkit.capture.hang;

import java.awt.EventQueue;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import java.util.function.ToLongFunction;

/**
 * The AWT/Swing event-dispatch thread, once AWT is in use (the thread exists; headless included).
 * An idle dispatch thread, parked in {@code EventQueue.getNextEvent}, answers by being idle; a busy
 * one is pinged with {@link EventQueue#invokeLater}, one ping outstanding at a time, and answers when
 * the ping runs. Pinging only a busy thread matters: an event every 100 ms would keep AWT's
 * auto-shutdown from ever ending an app whose windows are all gone.
 */
final class EventDispatchWatch extends Watched {
    static final String NAME = "AWT-EventQueue";
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private final AtomicBoolean outstanding = new AtomicBoolean();
    private final LongSupplier currentTid;
    private final ToLongFunction<String> tidOfName;
    private volatile long tid = -1;
    private volatile Thread dispatch;

    /** {@code tidOfName}: the OS id of the one thread of this JVM with that Java name, else -1. */
    EventDispatchWatch(long thresholdNanos, long now, LongSupplier currentTid, ToLongFunction<String> tidOfName) {
        super(NAME, -1, thresholdNanos, now);
        this.currentTid = currentTid;
        this.tidOfName = tidOfName;
    }

    /**
     * The dispatch thread's OS id: learnt by the first ping it runs, else (a thread found already busy,
     * hung before it ran one) looked up by its name, so that its hang report still names the hung thread.
     */
    @Override
    long tid() {
        long known = tid;
        Thread d = dispatch;
        return known != -1 || d == null ? known : tidOfName.applyAsLong(d.getName());
    }

    @Override
    void ping(long now) {
        if (dispatch == null || !dispatch.isAlive()) {
            // Every round (a few microseconds): a hang that starts before the thread is found would
            // be measured from when it was found.
            Thread found = dispatchThread();
            if (found != null && found != dispatch) {
                dispatch = found;
                post(); // once, to learn its OS thread id
            }
        }
        if (dispatch == null || !dispatch.isAlive()) {
            answered(now); // nothing to watch is no hang
            return;
        }
        if (outstanding.get()) {
            return;
        }
        if (idle(dispatch)) {
            answered(now);
        } else {
            post();
        }
    }

    private void post() {
        if (outstanding.compareAndSet(false, true)) {
            EventQueue.invokeLater(() -> {
                tid = currentTid.getAsLong(); // AWT starts a new dispatch thread after one died
                answered(System.nanoTime());
                outstanding.set(false);
            });
        }
    }

    /** Parked waiting for the next event: nothing is holding the thread up. */
    private static boolean idle(Thread t) {
        ThreadInfo info = THREADS.getThreadInfo(t.getId(), 8);
        if (info == null || info.getThreadState() != Thread.State.WAITING) {
            return false;
        }
        for (StackTraceElement e : info.getStackTrace()) {
            if (e.getClassName().equals("java.awt.EventQueue") && e.getMethodName().equals("getNextEvent")) {
                return true;
            }
        }
        return false;
    }

    /** AWT's event-dispatch thread, if it has started one (no class of AWT is touched to look). */
    private static Thread dispatchThread() {
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root.getParent() != null) {
            root = root.getParent();
        }
        Thread[] all = new Thread[root.activeCount() + 16];
        int n = root.enumerate(all, true);
        for (int i = 0; i < n; i++) {
            if (all[i].getName().startsWith("AWT-EventQueue")) {
                return all[i];
            }
        }
        return null;
    }
}
