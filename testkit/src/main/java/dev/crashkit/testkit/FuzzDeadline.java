package dev.crashkit.testkit;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiFunction;

/**
 * The regression run's wall-clock deadline shared by the fuzz contracts (FUZZING.md): one input's check
 * runs on a daemon thread, so a real hang fails the build instead of blocking it.
 */
public final class FuzzDeadline {
    private FuzzDeadline() {
    }

    /**
     * Runs {@code check}, failing with {@code violation}'s error when it has no result after
     * {@code seconds}; an {@link Error} it throws (the contract's own failures) is rethrown as is.
     */
    public static void run(long seconds, Runnable check, BiFunction<String, Throwable, AssertionError> violation) {
        ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fuzz-regression");
            t.setDaemon(true); // a hung input must not keep the test JVM alive
            return t;
        });
        try {
            Future<?> f = worker.submit(check);
            f.get(seconds, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw violation.apply("hang: no result after " + seconds + " s", null);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw violation.apply("harness failure", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw violation.apply("interrupted", e);
        } finally {
            worker.shutdownNow();
        }
    }
}
