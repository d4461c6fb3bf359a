package dev.crashkit.symbolicate.output;

import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import dev.crashkit.symbolicate.symbolize.Symbolizer;
import java.io.IOException;
import java.util.Optional;

/**
 * The {@code threads} of a big report's {@code symbolicated/1} JSON rendered on a second thread
 * as the report is symbolicated: a thread is handed over ({@link #accept}) as soon as its frames
 * are done, and rendered while the next one is looked up; the writer then renders from the end
 * whatever is left ({@link #finish}) and writes every thread in order ({@link #take}). Each thread
 * is rendered on its own ({@link PrettyJson#elementsOf}), so the bytes are what one writer would
 * write. Rendering 12.8 MB of JSON was a sixth of a warm one-report run on one core (BENCHMARKS.md,
 * warm one report). Only for reports worth a thread and small enough to hold rendered
 * ({@link #worthIt}); batch's reports stay on the thread that runs them.
 *
 * <p>When the symbolizer does the threads on two cores itself ({@link #acceptConcurrently}),
 * each thread is rendered at once by the thread that symbolicated it, and the worker is never
 * started: the writer then only takes what is rendered.
 */
public final class ThreadsAhead implements Symbolizer.ConcurrentThreadSink, Runnable {
    /** Thread objects are values of the root object's {@code threads} array: one enclosing object. */
    static final int LEVEL = 1;
    /** Fewer frames than this are rendered on the writer's thread alone. */
    static final long MIN_FRAMES = 2_000;
    /** More frames than this are streamed as they are rendered, not held (about 430 bytes a frame). */
    static final long MAX_FRAMES = 150_000;

    private final SymbolicatedThread[] threads;
    private final ByteChunks[] rendered;
    private final boolean[] claimed;
    private final Thread worker;
    private boolean workerStarted;
    /** Encoding caches of the threads that render in {@link #acceptConcurrently}, one each. */
    private final ThreadLocal<JsonReportWriter.Repeats> concurrentRepeats = new ThreadLocal<>();
    /** Threads handed over so far, in order ({@link #accept}). */
    private int available;
    /** Threads handed over and rendered by {@link #acceptConcurrently}. */
    private int handedOver;
    /** The next thread the worker renders. */
    private int next;
    private boolean finished;
    private boolean cancelled;
    private Throwable failure;
    /** The writer's encoding cache, for the threads it renders itself. */
    private JsonReportWriter.Repeats writerRepeats;

    private ThreadsAhead(int threads) {
        this.threads = new SymbolicatedThread[threads];
        this.rendered = new ByteChunks[threads];
        this.claimed = new boolean[threads];
        this.worker = new Thread(this, "render-json"); // not a lambda: none is spun at run time
        worker.setDaemon(true);
    }

    /** Whether a report of {@code threads} threads and {@code frames} frames is rendered on two threads. */
    static boolean worthIt(int threads, long frames) {
        return threads >= 2 && frames >= MIN_FRAMES && frames <= MAX_FRAMES
                && Runtime.getRuntime().availableProcessors() >= 2;
    }

    /** A renderer started for {@code input}'s threads when it is worth one (its input frames counted). */
    public static Optional<ThreadsAhead> forReport(CrashReport input) {
        long frames = 0;
        for (ThreadTrace t : input.threads()) {
            frames += t.frames().size();
        }
        // An input frame becomes about three with its inlined calls (30,433 for 10,000 in the benchmark).
        return worthIt(input.threads().size(), 3 * frames) ? Optional.of(start(input.threads().size()))
                : Optional.empty();
    }

    /** A renderer for {@code threads} threads; its worker starts with the first {@link #accept}. */
    static ThreadsAhead start(int threads) {
        return new ThreadsAhead(threads);
    }

    int count() {
        return threads.length;
    }

    /** Thread {@code index} is done (indexes come in order, from the symbolicating thread). */
    @Override
    public synchronized void accept(int index, SymbolicatedThread thread) {
        if (index != available) {
            throw new IllegalStateException("thread " + index + " handed over out of order");
        }
        threads[index] = thread;
        available = index + 1;
        if (!workerStarted && !cancelled) {
            workerStarted = true;
            worker.start();
        }
        notifyAll();
    }

    /**
     * Thread {@code index} is done, told by the thread that symbolicated it, which renders it here
     * (threads come in any order, from several threads at once).
     */
    @Override
    public void acceptConcurrently(int index, SymbolicatedThread thread) {
        synchronized (this) {
            if (threads[index] != null || claimed[index]) {
                throw new IllegalStateException("thread " + index + " handed over twice");
            }
            threads[index] = thread;
            claimed[index] = true;
        }
        JsonReportWriter.Repeats repeats = concurrentRepeats.get();
        if (repeats == null) {
            repeats = new JsonReportWriter.Repeats();
            concurrentRepeats.set(repeats);
        }
        ByteChunks b;
        try {
            b = render(index, repeats);
        } catch (IOException | RuntimeException | Error e) {
            synchronized (this) {
                if (failure == null) {
                    failure = e;
                }
                notifyAll();
            }
            return;
        }
        synchronized (this) {
            rendered[index] = b;
            handedOver++;
            notifyAll();
        }
    }

    @Override
    public void run() {
        JsonReportWriter.Repeats repeats = new JsonReportWriter.Repeats();
        try {
            while (true) {
                int i;
                synchronized (this) {
                    while (!cancelled && !finished && next >= available) {
                        wait();
                    }
                    i = next;
                    if (cancelled || i >= available || claimed[i]) {
                        return; // nothing more here: the writer renders the rest
                    }
                    claimed[i] = true;
                    next++;
                }
                ByteChunks b = render(i, repeats);
                synchronized (this) {
                    rendered[i] = b;
                    notifyAll();
                }
            }
        } catch (InterruptedException e) {
            // stopped: the writer renders what is not claimed
        } catch (Throwable t) {
            synchronized (this) {
                failure = t;
                notifyAll();
            }
        }
    }

    private ByteChunks render(int i, JsonReportWriter.Repeats repeats) throws IOException {
        SymbolicatedThread t = threads[i];
        ByteChunks b = new ByteChunks();
        PrettyJson g = PrettyJson.elementsOf(b, LEVEL, i);
        JsonReportWriter.thread(g, t, repeats);
        g.flushLast();
        return b;
    }

    /**
     * Every thread has been handed over: the writer renders unclaimed threads from the last one
     * back, while the worker goes on from the front, until they meet.
     */
    void finish(JsonReportWriter.Repeats repeats) throws IOException {
        synchronized (this) {
            if (failure == null && available != threads.length && handedOver != threads.length) {
                throw new IllegalStateException(Math.max(available, handedOver) + " of " + threads.length
                        + " threads handed over");
            }
            finished = true;
            writerRepeats = repeats;
            notifyAll();
        }
        for (int i = threads.length - 1; i >= 0; i--) {
            synchronized (this) {
                if (claimed[i]) {
                    return;
                }
                claimed[i] = true;
            }
            ByteChunks b = render(i, repeats);
            synchronized (this) {
                rendered[i] = b;
            }
        }
    }

    /** Thread {@code i} rendered (waiting for the worker, or rendering it here if nobody has); dropped once taken. */
    ByteChunks take(int i) throws IOException {
        boolean interrupted = false;
        try {
            synchronized (this) {
                while (rendered[i] == null) {
                    if (failure != null) {
                        rethrow(failure);
                    }
                    if (!claimed[i]) {
                        claimed[i] = true;
                        break;
                    }
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        interrupted = true; // kept for the caller; the worker decides when it is done
                    }
                }
                ByteChunks b = rendered[i];
                if (b != null) {
                    rendered[i] = null;
                    return b;
                }
            }
            return render(i, writerRepeats);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void rethrow(Throwable t) throws IOException {
        if (t instanceof IOException e) {
            throw e;
        }
        if (t instanceof RuntimeException e) {
            throw e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException(t);
    }

    /** Stops the worker (after the thread it is rendering) and waits for it: called when done or failed. */
    public void cancel() {
        synchronized (this) {
            cancelled = true;
            notifyAll();
        }
        if (workerStarted) {
            dev.crashkit.core.Uninterruptibly.join(worker);
        }
    }
}
