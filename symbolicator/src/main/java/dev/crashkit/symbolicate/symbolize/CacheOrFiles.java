package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.Diagnostics;
import dev.crashkit.symbolicate.dwarf.DwarfException;
import dev.crashkit.symbolicate.dwarf.PreparedAnswers;
import dev.crashkit.symbolicate.dwarf.SourceFrame;
import dev.crashkit.symbolicate.dwarf.SourceLookup;
import dev.crashkit.symbolicate.symcache.DamagedSymCacheException;
import dev.crashkit.symbolicate.symcache.SymCache;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A module's answers from its symbol cache until a lookup finds the cache damaged (a page failing
 * its checksum: the cache checks pages when it reads them, not all on open); from then on from
 * the debug files, loaded once ({@code fromFiles}, which also rebuilds the cache when it can),
 * with one warning. No answer ever comes from a damaged page. {@link #prepare} answers a report's
 * addresses in parallel ({@link ParallelAnswers}: the cache takes any number of readers), kept
 * until the next call. {@link #answerAhead} answers a batch worker's chunk of reports on its own
 * thread, in address order, kept for that thread until {@link #forgetAhead}.
 */
final class CacheOrFiles implements SourceLookup {
    private final SymCache cache;
    private final Supplier<Optional<SourceLookup>> fromFiles;
    private final Diagnostics diagnostics;
    private volatile Optional<SourceLookup> files;
    /** Answers of the last {@link #prepare}: frames or the DwarfException, by address. */
    private volatile Map<Long, Object> prepared = Map.of();

    /** Per thread, the answers of its last {@link #answerAhead}, or none. */
    private final ThreadLocal<Ahead> ahead = new ThreadLocal<>();

    CacheOrFiles(SymCache cache, Supplier<Optional<SourceLookup>> fromFiles, Diagnostics diagnostics) {
        this.cache = cache;
        this.fromFiles = fromFiles;
        this.diagnostics = diagnostics;
    }

    @Override
    public void prepare(long[] addresses) {
        prepared = ParallelAnswers.answer(new Answering(), addresses);
    }

    /**
     * Answers {@code sorted} (ascending, each once) now, one after another in that order, for this
     * thread's next lookups: neighbouring addresses read neighbouring blocks of the cache, so a chunk
     * of reports' lookups touch each cold cache line of the file once, in order, rather than once per
     * report in no order (BENCHMARKS.md, seventh pass: 100,000 lookups take 40% less CPU sorted in
     * chunks of 10,000). Kept as {@link #prepare}'s are: the frames, or the DwarfException.
     */
    void answerAhead(long[] sorted) {
        Object[] answers = new Object[sorted.length];
        for (int i = 0; i < sorted.length; i++) {
            try {
                answers[i] = answer(sorted[i]);
            } catch (DwarfException e) {
                answers[i] = e;
            } catch (RuntimeException e) {
                // not kept: the lookup meets it again
            }
        }
        ahead.set(new Ahead(sorted, answers));
    }

    /** Forgets this thread's answers of {@link #answerAhead}. */
    void forgetAhead() {
        ahead.remove();
    }

    /** Addresses answered ahead (ascending) and their answers: frames, a DwarfException, or null when not kept. */
    private record Ahead(long[] addresses, Object[] answers) {
        /** The frames kept for {@code address}, or null; a kept failure is thrown. */
        @SuppressWarnings("unchecked")
        List<SourceFrame> get(long address) throws DwarfException {
            int i = Arrays.binarySearch(addresses, address);
            Object kept = i >= 0 ? answers[i] : null;
            if (kept instanceof DwarfException e) {
                throw e;
            }
            return (List<SourceFrame>) kept;
        }
    }

    /** {@link #answer} for the answering threads (a class, not a method reference: none is spun at run time). */
    private final class Answering implements SourceLookup {
        @Override
        public List<SourceFrame> lookup(long address) throws DwarfException {
            return answer(address);
        }
    }

    @Override
    public List<SourceFrame> lookup(long address) throws DwarfException {
        Ahead a = ahead.get();
        if (a != null) {
            List<SourceFrame> kept = a.get(address);
            if (kept != null) {
                return kept;
            }
        }
        Map<Long, Object> answers = prepared;
        // Nothing prepared (a report of a batch): no Long boxed to ask an empty map.
        List<SourceFrame> frames = answers.isEmpty() ? null : PreparedAnswers.get(answers, address);
        return frames != null ? frames : answer(address);
    }

    private List<SourceFrame> answer(long address) throws DwarfException {
        Optional<SourceLookup> f = files;
        if (f == null) {
            try {
                return cache.lookup(address);
            } catch (DamagedSymCacheException e) {
                f = switchToFiles(e);
            }
        }
        return f.isPresent() ? f.get().lookup(address) : List.of();
    }

    private synchronized Optional<SourceLookup> switchToFiles(DamagedSymCacheException e) {
        if (files == null) {
            Optional<SourceLookup> f = fromFiles.get();
            diagnostics.warn(e.getMessage() + (f.isPresent() ? "; answering from the debug files instead"
                    : "; the debug files cannot be read either: symbol table used instead"));
            files = f;
        }
        return files;
    }
}
