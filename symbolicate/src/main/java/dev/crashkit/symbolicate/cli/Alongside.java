package dev.crashkit.symbolicate.cli;

import dev.crashkit.core.Uninterruptibly;

/**
 * One step run on its own thread while the caller does another; {@link #result} waits for it and
 * gives its value or throws what it threw (a checked exception only of the declared kind).
 *
 * @param <T> what the step makes
 * @param <E> the checked exception it may throw
 */
final class Alongside<T, E extends Exception> {
    /** The step. */
    interface Step<T, E extends Exception> {
        T run() throws E;
    }

    private final Thread thread;
    private T value;
    private Throwable failure;

    private Alongside(Step<T, E> step, String name) {
        this.thread = new Thread(new Runner(step), name);
        thread.setDaemon(true);
    }

    /**
     * Runs the step and keeps its outcome (a class, not a lambda: the first lambda of a run links
     * the JDK's method-handle machinery, ~5 ms before this thread could start; BENCHMARKS.md).
     */
    private final class Runner implements Runnable {
        private final Step<T, E> step;

        Runner(Step<T, E> step) {
            this.step = step;
        }

        @Override
        public void run() {
            try {
                value = step.run();
            } catch (Throwable t) {
                failure = t;
            }
        }
    }

    /** Starts {@code step} on a new thread. */
    static <T, E extends Exception> Alongside<T, E> start(String name, Step<T, E> step) {
        Alongside<T, E> a = new Alongside<>(step, name);
        a.thread.start();
        return a;
    }

    /** Waits for the step to end (interrupts are kept for the caller); what it made or threw is kept. */
    void await() {
        Uninterruptibly.join(thread); // also publishes value and failure to this thread
    }

    /** Waits for the step, then returns what it made or throws what it threw. */
    @SuppressWarnings("unchecked")
    T result() throws E {
        await();
        if (failure instanceof RuntimeException r) {
            throw r;
        }
        if (failure instanceof Error err) {
            throw err;
        }
        if (failure != null) {
            throw (E) failure;
        }
        return value;
    }
}
