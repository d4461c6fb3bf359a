package dev.crashkit.symbolicate.fuzz;

import dev.crashkit.testkit.FuzzDeadline;
import java.lang.management.ManagementFactory;
import java.time.Duration;

/**
 * The contract every fuzz target checks for one input (see FUZZING.md):
 * <ul>
 *   <li>only the parser's documented checked exception escapes, with a one-line message; never a
 *       {@link RuntimeException} or an {@link Error} ({@code OutOfMemoryError},
 *       {@code StackOverflowError} included);</li>
 *   <li>at most {@link #CPU_LIMIT} of CPU time on the calling thread;</li>
 *   <li>at most {@link Budget#bytesFor(int)} bytes allocated by the calling thread, a bound linear in
 *       the input size (allocation counts every byte allocated, freed or not, so it also bounds work).</li>
 * </ul>
 * A violation throws {@link ContractViolation}, which Jazzer records as a finding (fuzzing) or JUnit as
 * a failure (regression run over the committed inputs). In the regression run each input also runs
 * under a wall-clock deadline so that a real hang fails the build instead of blocking it; while
 * fuzzing, libFuzzer's own {@code -timeout} does that.
 *
 * <p>The first run of a target pays for class loading and JIT compilation; a limit exceeded on a
 * run is therefore confirmed by a second run of the same input before it counts.
 */
final class FuzzContract {

    /** CPU time one input may take. */
    static final Duration CPU_LIMIT = Duration.ofSeconds(1);

    /** Wall-clock deadline per input in the regression run (generous: CI machines are shared). */
    static final Duration HANG_LIMIT = Duration.ofSeconds(30);

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static final boolean FUZZING = !System.getenv().getOrDefault("JAZZER_FUZZ", "").isEmpty();

    /**
     * While fuzzing, Jazzer's hooks on string comparisons and regular expressions allocate and run on the
     * target's thread (tens of times the target's own allocation on text parsers) and coverage
     * instrumentation slows it down; limits are loosened by this factor there. Every finding is committed to
     * the regression corpus, where the exact limits apply without instrumentation.
     */
    private static final int INSTRUMENTATION_FACTOR = 16;

    private FuzzContract() {
    }

    /**
     * What one input may allocate: {@code fixedBytes + perInputByte × input length}, times
     * {@code fuzzingFactor} while fuzzing (the instrumentation's own allocation, see above).
     */
    record Budget(long fixedBytes, long perInputByte, int fuzzingFactor) {
        Budget(long fixedBytes, long perInputByte) {
            this(fixedBytes, perInputByte, INSTRUMENTATION_FACTOR);
        }

        long bytesFor(int inputLength) {
            return (fixedBytes + perInputByte * inputLength) * (FUZZING ? fuzzingFactor : 1);
        }
    }

    /** The code under test for one input. */
    @FunctionalInterface
    interface Target {
        void run() throws Exception;
    }

    /** A broken contract; the message says which part. */
    static final class ContractViolation extends AssertionError {
        ContractViolation(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * Runs {@code target} on one input of {@code inputLength} bytes and checks the contract.
     *
     * @param allowed the checked exception the parser documents for bad input, or null if none may escape
     */
    static void check(int inputLength, Budget budget, Class<? extends Exception> allowed, Target target) {
        if (FUZZING) {
            checkTwice(inputLength, budget, allowed, target);
            return;
        }
        FuzzDeadline.run(HANG_LIMIT.toSeconds(), () -> checkTwice(inputLength, budget, allowed, target),
                ContractViolation::new);
    }

    private static void checkTwice(int inputLength, Budget budget, Class<? extends Exception> allowed, Target target) {
        Measured first = measure(allowed, target);
        first.failIfEscaped();
        if (first.within(inputLength, budget)) {
            return;
        }
        // Class loading and JIT compilation are charged to the first run that needs them.
        Measured second = measure(allowed, target);
        second.failIfEscaped();
        second.failIfOver(inputLength, budget);
    }

    private record Measured(long cpuNanos, long allocatedBytes, Throwable escaped) {
        void failIfEscaped() {
            if (escaped != null) {
                throw new ContractViolation("escaped the contract: " + escaped, escaped);
            }
        }

        boolean within(int inputLength, Budget budget) {
            return cpuNanos <= cpuLimitNanos() && allocatedBytes <= budget.bytesFor(inputLength);
        }

        void failIfOver(int inputLength, Budget budget) {
            if (cpuNanos > cpuLimitNanos()) {
                throw new ContractViolation("slow: " + cpuNanos / 1_000_000 + " ms of CPU for a "
                        + inputLength + "-byte input (limit " + cpuLimitNanos() / 1_000_000 + " ms)", null);
            }
            if (allocatedBytes > budget.bytesFor(inputLength)) {
                throw new ContractViolation("allocated " + allocatedBytes + " bytes for a " + inputLength
                        + "-byte input (budget " + budget.bytesFor(inputLength) + ")", null);
            }
        }
    }

    /** Coverage instrumentation costs less than the hooks' allocation: a factor of 2 on CPU time while fuzzing. */
    private static long cpuLimitNanos() {
        return CPU_LIMIT.toNanos() * (FUZZING ? 2 : 1);
    }

    private static Measured measure(Class<? extends Exception> allowed, Target target) {
        long tid = Thread.currentThread().getId();
        long cpu0 = THREADS.getCurrentThreadCpuTime();
        long alloc0 = THREADS.getThreadAllocatedBytes(tid);
        Throwable escaped = null;
        try {
            target.run();
        } catch (Throwable t) {
            escaped = judge(t, allowed);
        }
        long cpu = THREADS.getCurrentThreadCpuTime() - cpu0;
        long alloc = THREADS.getThreadAllocatedBytes(tid) - alloc0;
        return new Measured(cpu, alloc, escaped);
    }

    /** Null when {@code t} is the documented failure with a usable message; else what broke the contract. */
    private static Throwable judge(Throwable t, Class<? extends Exception> allowed) {
        if (t instanceof ContractViolation) {
            return t; // a target's own output check failed
        }
        if (allowed == null || !allowed.isInstance(t)) {
            return t;
        }
        String m = t.getMessage();
        if (m == null || m.isBlank() || m.indexOf('\n') >= 0 || m.indexOf('\r') >= 0) {
            return new ContractViolation("the error message must be one non-empty line, got: "
                    + (m == null ? "null" : '"' + m + '"'), t);
        }
        return null;
    }

    /** The documented error must name the input it is about (file name or the source given to the parser). */
    static void requireNamed(Exception e, String source) {
        if (e.getMessage() == null || !e.getMessage().contains(source)) {
            throw new ContractViolation("the error message does not name the input \"" + source + "\": "
                    + e.getMessage(), e);
        }
    }

    /** Fails the current input with {@code message}: for targets that check their output. */
    static void fail(String message) {
        throw new ContractViolation(message, null);
    }
}
