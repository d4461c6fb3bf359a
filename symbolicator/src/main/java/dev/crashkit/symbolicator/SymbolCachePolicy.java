package dev.crashkit.symbolicator;

/**
 * Whether debug files are flattened into symbol caches in the cache folder (mapped, not parsed, by
 * every later use) and when a debug file without one gets it.
 */
public enum SymbolCachePolicy {
    /** No symbol caches read or written. */
    OFF,
    /**
     * Built the first time a debug file is used: for runs that look up many addresses (batch, a
     * server, Spark), which amortise the build.
     */
    BUILD_ON_FIRST_USE,
    /**
     * Built the second time (a marker remembers the first): a one-off run answers from the DWARF,
     * decoding only what its addresses touch, as llvm-symbolizer does.
     */
    BUILD_ON_SECOND_USE,
    /**
     * Never built during a run: a second use is answered from the DWARF like the first and counted
     * in {@link SymbolCacheStats#wanted()}, for the caller to build the caches apart, off the path of
     * its output (the command line then starts a background run with {@link #BUILD_ON_FIRST_USE}).
     * Lookups in one file ({@link Symbolicator#image}) build on the second use as
     * {@link #BUILD_ON_SECOND_USE} does.
     */
    BUILD_APART
}
