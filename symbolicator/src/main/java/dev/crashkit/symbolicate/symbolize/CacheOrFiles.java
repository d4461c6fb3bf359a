package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.Diagnostics;
import dev.crashkit.symbolicate.dwarf.DwarfException;
import dev.crashkit.symbolicate.dwarf.PreparedAnswers;
import dev.crashkit.symbolicate.dwarf.SourceFrame;
import dev.crashkit.symbolicate.dwarf.SourceLookup;
import dev.crashkit.symbolicate.symcache.DamagedSymCacheException;
import dev.crashkit.symbolicate.symcache.SymCache;
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
 * until the next call.
 */
final class CacheOrFiles implements SourceLookup {
    private final SymCache cache;
    private final Supplier<Optional<SourceLookup>> fromFiles;
    private final Diagnostics diagnostics;
    private volatile Optional<SourceLookup> files;
    /** Answers of the last {@link #prepare}: frames or the DwarfException, by address. */
    private volatile Map<Long, Object> prepared = Map.of();

    CacheOrFiles(SymCache cache, Supplier<Optional<SourceLookup>> fromFiles, Diagnostics diagnostics) {
        this.cache = cache;
        this.fromFiles = fromFiles;
        this.diagnostics = diagnostics;
    }

    @Override
    public void prepare(long[] addresses) {
        prepared = ParallelAnswers.answer(new Answering(), addresses);
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
