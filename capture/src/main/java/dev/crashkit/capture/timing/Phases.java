package dev.crashkit.capture.timing;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * Wall-clock time per named phase of one capture, for {@code --timing} and the bench commands:
 * each {@link #mark} closes the phase that started at the previous mark (or at construction).
 * Optionally also the calling thread's on-CPU and run-queue time per phase (a {@link ThreadClock}
 * the bench supplies), which separates our own work from waiting for a CPU on a loaded machine.
 * Not thread-safe; one per capture.
 */
public final class Phases {
    /** The calling thread's cumulative on-CPU and run-queue waiting nanoseconds. */
    public interface ThreadClock {
        /** {@code {cpuNanos, runQueueNanos}}. */
        long[] read();
    }

    /**
     * One finished phase.
     *
     * @param cpuNanos  on-CPU time of the calling thread, -1 when not measured
     * @param waitNanos time the calling thread was runnable but waited for a CPU, -1 when not measured
     */
    public record Phase(String name, long nanos, long cpuNanos, long waitNanos) {
        public double millis() {
            return nanos / 1e6;
        }
    }

    private final List<Phase> phases = new ArrayList<>(16);
    private final ThreadClock clock;
    private long last;
    private long[] lastClock;

    private Phases(ThreadClock clock) {
        this.clock = clock;
        this.lastClock = clock == null ? null : clock.read();
        this.last = System.nanoTime();
    }

    /** Starts the clock now. */
    public static Phases start() {
        return new Phases(null);
    }

    /** Starts the clock now, also reading {@code clock} at every mark. */
    public static Phases start(ThreadClock clock) {
        return new Phases(clock);
    }

    /** Ends the running phase, naming it, and starts the next one; returns the phase's length. */
    public long mark(String name) {
        return markAt(name, System.nanoTime());
    }

    /** As {@link #mark} with a time the caller already read (inside the pause, to read the clock once). */
    public long markAt(String name, long now) {
        long d = now - last;
        long cpu = -1;
        long wait = -1;
        if (clock != null) {
            long[] c = clock.read();
            cpu = c[0] - lastClock[0];
            wait = c[1] - lastClock[1];
            lastClock = c;
        }
        phases.add(new Phase(name, d, cpu, wait));
        last = now;
        return d;
    }

    public List<Phase> phases() {
        return List.copyOf(phases);
    }

    /** Sum of all phases. */
    public long totalNanos() {
        long t = 0;
        for (Phase p : phases) {
            t += p.nanos();
        }
        return t;
    }

    /** "name 1.234 ms, name 0.050 ms, ..." in order. */
    public String format() {
        StringJoiner j = new StringJoiner(", ");
        for (Phase p : phases) {
            j.add(String.format(Locale.ROOT, "%s %.3f ms", p.name(), p.millis()));
        }
        return j.toString();
    }
}
