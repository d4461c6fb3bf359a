package dev.crashkit.symbolicate.symbolize;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What the symbol cache did for modules loaded through it, for a long-running process's metrics
 * (the ingest server) and for tests: caches opened, caches built (rebuilds included), and caches
 * rebuilt because the file already there could not be used (damaged, of another version, built
 * for other inputs). Thread-safe; one instance may be shared by every module cache of a process.
 */
public final class SymCacheCounters {
    private final AtomicLong opened = new AtomicLong();
    private final AtomicLong built = new AtomicLong();
    private final AtomicLong rebuilt = new AtomicLong();
    private final AtomicLong wanted = new AtomicLong();

    /** Good cache files mapped and answered from. */
    public long opened() {
        return opened.get();
    }

    /** Caches laid out from a debug file, rebuilds included. */
    public long built() {
        return built.get();
    }

    /** Builds that replaced a cache file that was there but could not be used. */
    public long rebuilt() {
        return rebuilt.get();
    }

    /** Second uses left without a cache for the caller to build apart ({@link SymbolCaching.Build#APART}). */
    public long wanted() {
        return wanted.get();
    }

    void countWanted() {
        wanted.incrementAndGet();
    }

    void countOpened() {
        opened.incrementAndGet();
    }

    void countBuilt(boolean replacedBadFile) {
        built.incrementAndGet();
        if (replacedBadFile) {
            rebuilt.incrementAndGet();
        }
    }

    @Override
    public String toString() {
        return "symbol caches: " + opened() + " opened, " + built() + " built (" + rebuilt() + " rebuilt), "
                + wanted() + " wanted";
    }
}
