package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.Uninterruptibly;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads of a big report symbolicated on two cores at once, each handed to a
 * {@link Symbolizer.ConcurrentThreadSink} by the thread that did it (which renders it there).
 * The calling thread and one helper take the report's threads in turn; each keeps its threads'
 * problems ({@link Problems.Held}), said in the report's order once all are done, so the warnings
 * read as when one thread does the work. The lookups themselves go to modules that any number of
 * threads may ask at once without preparing (a symbol cache, a symbol table alone); a report that
 * needs a DWARF stays on one thread ({@code Symbolizer.concurrentLookups} says why).
 *
 * <p>Why: a warm run's symbol-cache answers, the frames made from them and their JSON were three
 * steps one after the other, the first on two threads, the other two on two threads that waited
 * for each other; done per thread, both cores work until the report is done (BENCHMARKS.md, warm
 * child on two cores).
 */
final class ConcurrentThreads {
    /** Fewer input frames than this are symbolicated on the calling thread alone (batch's reports). */
    static final long MIN_FRAMES = 1_000;

    /** One thread of the report, its problems told to {@code problems}. */
    interface Work {
        SymbolicatedThread thread(int index, Problems problems);
    }

    private ConcurrentThreads() {
    }

    /** Whether {@code threads} threads of {@code frames} input frames in all are worth a second thread. */
    static boolean worthIt(int threads, long frames) {
        return threads >= 2 && frames >= MIN_FRAMES && Runtime.getRuntime().availableProcessors() >= 2;
    }

    /** Every thread done by {@code work} on this thread and a helper, each handed to {@code sink}; in order. */
    static SymbolicatedThread[] run(int count, Work work, Symbolizer.ConcurrentThreadSink sink) {
        Taker taker = new Taker(count, work, sink);
        Thread helper = new Thread(taker, "symbolicate-1"); // a class, not a lambda: none spun at run time
        helper.setDaemon(true);
        helper.start();
        try {
            taker.take();
        } finally {
            taker.stop(); // a failure here: the helper stops after the thread it is on
            Uninterruptibly.join(helper); // also publishes the helper's threads and problems here
            for (Problems.Held p : taker.problems) {
                p.sayAll(); // what was met before a failure is said too, as one thread would have
            }
        }
        taker.rethrowFailure();
        return taker.done;
    }

    /** Takes the next thread not yet taken until none is left (run by both threads). */
    private static final class Taker implements Runnable {
        private final Work work;
        private final Symbolizer.ConcurrentThreadSink sink;
        private final SymbolicatedThread[] done;
        private final Problems.Held[] problems;
        private final AtomicInteger next = new AtomicInteger();
        private volatile Throwable failure;

        Taker(int count, Work work, Symbolizer.ConcurrentThreadSink sink) {
            this.work = work;
            this.sink = sink;
            this.done = new SymbolicatedThread[count];
            this.problems = new Problems.Held[count];
            for (int i = 0; i < count; i++) {
                problems[i] = new Problems.Held();
            }
        }

        /** The helper's part: a failure is kept for the calling thread, which rethrows it. */
        @Override
        public void run() {
            try {
                take();
            } catch (RuntimeException | Error e) {
                failure = e;
            }
        }

        void take() {
            for (int i = next.getAndIncrement(); i < done.length && failure == null; i = next.getAndIncrement()) {
                SymbolicatedThread t = work.thread(i, problems[i]);
                done[i] = t;
                sink.acceptConcurrently(i, t);
            }
        }

        void stop() {
            next.set(done.length);
        }

        void rethrowFailure() {
            Throwable f = failure;
            if (f instanceof RuntimeException e) {
                throw e;
            }
            if (f instanceof Error e) {
                throw e;
            }
        }
    }
}
