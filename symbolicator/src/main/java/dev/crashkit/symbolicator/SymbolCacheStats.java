package dev.crashkit.symbolicator;

/**
 * What the symbol cache did for a {@link Symbolicator} so far.
 *
 * @param opened  caches mapped instead of parsing their debug file
 * @param built   caches written from a debug file
 * @param rebuilt caches written again because the one there was damaged, of another version or stale
 */
public record SymbolCacheStats(long opened, long built, long rebuilt) {
}
