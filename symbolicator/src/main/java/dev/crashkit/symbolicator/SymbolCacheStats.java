package dev.crashkit.symbolicator;

/**
 * What the symbol cache did for a {@link Symbolicator} so far.
 *
 * @param opened  caches mapped instead of parsing their debug file
 * @param built   caches written from a debug file
 * @param rebuilt caches written again because the one there was damaged, of another version or stale
 * @param wanted  debug files used a second time without a cache, left for the caller to build apart
 *                ({@link SymbolCachePolicy#BUILD_APART}); 0 under the other policies
 */
public record SymbolCacheStats(long opened, long built, long rebuilt, long wanted) {
    /**
     * Stats of a policy that never leaves a cache wanted.
     *
     * @param opened  caches mapped instead of parsing their debug file
     * @param built   caches written from a debug file
     * @param rebuilt caches written again because the one there was damaged, of another version or stale
     */
    public SymbolCacheStats(long opened, long built, long rebuilt) {
        this(opened, built, rebuilt, 0);
    }
}
