package dev.crashkit.capture.timing;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * Wall-clock time per named phase of one capture, for {@code --timing} and the bench commands:
 * each {@link #mark} closes the phase that started at the previous mark (or at construction).
 * Not thread-safe; one per capture.
 */
public final class Phases {
    /** One finished phase. */
    public record Phase(String name, long nanos) {
        public double millis() {
            return nanos / 1e6;
        }
    }

    private final List<Phase> phases = new ArrayList<>(16);
    private long last;

    private Phases(long start) {
        this.last = start;
    }

    /** Starts the clock now. */
    public static Phases start() {
        return new Phases(System.nanoTime());
    }

    /** Ends the running phase, naming it, and starts the next one; returns the phase's length. */
    public long mark(String name) {
        return markAt(name, System.nanoTime());
    }

    /** As {@link #mark} with a time the caller already read (inside the pause, to read the clock once). */
    public long markAt(String name, long now) {
        long d = now - last;
        phases.add(new Phase(name, d));
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
