package dev.crashkit.testkit;

import java.lang.management.ManagementFactory;

/**
 * The fuzz contract (FUZZING.md) for parsers that document no exception at all, for modules that cannot
 * reach symbolicate's test-only {@code FuzzContract}: nothing escapes (no {@code RuntimeException}, no
 * {@code Error}), at most 1 s of CPU and {@code fixed + perByte × input length} bytes allocated on the
 * calling thread, a 30 s wall-clock deadline in the regression run. A limit exceeded on the first run is
 * confirmed by a second run (class loading and JIT are charged to the first); while fuzzing
 * ({@code JAZZER_FUZZ} set) the allocation budget is ×16 and the CPU limit ×2, as in {@code FuzzContract}.
 */
public final class NoThrowFuzzContract {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final boolean FUZZING = !System.getenv().getOrDefault("JAZZER_FUZZ", "").isEmpty();
    private static final long CPU_LIMIT_NANOS = 1_000_000_000L * (FUZZING ? 2 : 1);
    private static final long HANG_LIMIT_SECONDS = 30;

    private NoThrowFuzzContract() {
    }

    /** A broken contract: Jazzer records it as a finding, JUnit as a failure. */
    public static final class Violation extends AssertionError {
        Violation(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Runs {@code target} on an input of {@code inputLength} bytes and checks the contract. */
    public static void check(int inputLength, long fixedBytes, long perInputByte, Runnable target) {
        long budget = (fixedBytes + perInputByte * inputLength) * (FUZZING ? 16 : 1);
        if (FUZZING) { // libFuzzer's -timeout catches hangs
            checkTwice(inputLength, budget, target);
            return;
        }
        FuzzDeadline.run(HANG_LIMIT_SECONDS, () -> checkTwice(inputLength, budget, target), Violation::new);
    }

    private static void checkTwice(int inputLength, long budget, Runnable target) {
        long[] first = measure(target);
        if (first[0] <= CPU_LIMIT_NANOS && first[1] <= budget) {
            return;
        }
        long[] second = measure(target);
        if (second[0] > CPU_LIMIT_NANOS) {
            throw new Violation("slow: " + second[0] / 1_000_000 + " ms of CPU for a " + inputLength
                    + "-byte input (limit " + CPU_LIMIT_NANOS / 1_000_000 + " ms)", null);
        }
        if (second[1] > budget) {
            throw new Violation("allocated " + second[1] + " bytes for a " + inputLength + "-byte input (budget "
                    + budget + ")", null);
        }
    }

    /** CPU nanoseconds and bytes allocated by one run; anything thrown breaks the contract. */
    private static long[] measure(Runnable target) {
        long tid = Thread.currentThread().getId();
        long cpu0 = THREADS.getCurrentThreadCpuTime();
        long alloc0 = THREADS.getThreadAllocatedBytes(tid);
        try {
            target.run();
        } catch (Violation v) {
            throw v;
        } catch (Throwable t) {
            throw new Violation("escaped the contract: " + t, t);
        }
        return new long[] {THREADS.getCurrentThreadCpuTime() - cpu0, THREADS.getThreadAllocatedBytes(tid) - alloc0};
    }

    /** Fails the current input with {@code message}: for targets that check their output. */
    public static void fail(String message) {
        throw new Violation(message, null);
    }
}
