package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.Uninterruptibly;
import dev.crashkit.symbolicate.dwarf.DwarfException;
import dev.crashkit.symbolicate.dwarf.SourceLookup;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * A report's addresses answered ahead of its lookups by a source that any number of threads may
 * ask at once (a symbol cache), split over the cores: a 10,000-frame report spends a third of its
 * warm run in these lookups (BENCHMARKS.md, start-up). Answers are by address: the frames, or the
 * {@link DwarfException} the lookup threw (kept, so the lookup that meets it reports it as
 * before); anything else is not kept and met again by that lookup. Small reports (batch's) are
 * not worth the threads.
 */
final class ParallelAnswers {
    /** Below this many distinct addresses the lookups answer one at a time. */
    static final int MIN_ADDRESSES = 1_000;
    private static final int MAX_THREADS = 4;

    private ParallelAnswers() {
    }

    /** Answers for the distinct {@code addresses}; empty when there are too few or one core. */
    static Map<Long, Object> answer(SourceLookup source, long[] addresses) {
        int threads = Math.min(MAX_THREADS, Runtime.getRuntime().availableProcessors());
        if (threads < 2 || addresses.length < MIN_ADDRESSES) {
            return Map.of();
        }
        long[] distinct = distinct(addresses);
        if (distinct.length < MIN_ADDRESSES) {
            return Map.of();
        }
        // Contiguous slices: neighbouring addresses share the cache's blocks.
        int per = (distinct.length + threads - 1) / threads;
        Slice[] slices = new Slice[threads];
        for (int t = 0; t < threads; t++) {
            slices[t] = new Slice(source, distinct, Math.min(distinct.length, t * per),
                    Math.min(distinct.length, (t + 1) * per));
        }
        Thread[] helpers = new Thread[threads - 1];
        for (int t = 1; t < threads; t++) {
            helpers[t - 1] = new Thread(slices[t], "symbol-answers-" + t);
            helpers[t - 1].setDaemon(true);
            helpers[t - 1].start();
        }
        slices[0].run();
        Map<Long, Object> all = new HashMap<>(distinct.length * 2);
        for (int t = 0; t < threads; t++) {
            if (t > 0) {
                Uninterruptibly.join(helpers[t - 1]); // also publishes the slice's answers here
            }
            all.putAll(slices[t].answers);
        }
        return all;
    }

    /** The addresses sorted, each once (a loop, not a stream: it runs before anything is compiled). */
    static long[] distinct(long[] addresses) {
        long[] sorted = addresses.clone();
        Arrays.sort(sorted);
        int n = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (i == 0 || sorted[i] != sorted[n - 1]) {
                sorted[n++] = sorted[i];
            }
        }
        return Arrays.copyOf(sorted, n);
    }

    /** One thread's share of the addresses and its answers. */
    private static final class Slice implements Runnable {
        private final SourceLookup source;
        private final long[] addresses;
        private final int from;
        private final int to;
        private final Map<Long, Object> answers;

        Slice(SourceLookup source, long[] addresses, int from, int to) {
            this.source = source;
            this.addresses = addresses;
            this.from = from;
            this.to = to;
            this.answers = new HashMap<>(2 * (to - from)); // sized once: no rehashing
        }

        @Override
        public void run() {
            for (int i = from; i < to; i++) {
                try {
                    answers.put(addresses[i], source.lookup(addresses[i]));
                } catch (DwarfException e) {
                    answers.put(addresses[i], e);
                } catch (RuntimeException e) {
                    // not kept: the lookup meets it again
                }
            }
        }
    }
}
