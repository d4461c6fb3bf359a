package dev.crashkit.symbolicator;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything a {@link Symbolicator} is built from. Start from {@link #defaults()} and change what you
 * need with the {@code with…} methods; every value is checked when it is set.
 *
 * @param debugFiles   .dSYM bundles, DWARF files, Mach-O and ELF files, .xcarchive, zip/tar/tar.gz archives,
 *                     or folders searched recursively, matched to report images by UUID / build-id
 * @param symbolSources symbol servers asked for images no path has
 * @param cacheFolder  where the debug-file index, extracted archive members, downloads and symbol caches
 *                     are kept; empty: nothing is kept between runs
 * @param symbolCache  whether and when debug files are flattened into symbol caches (in the cache folder)
 * @param memoryBudgetBytes loaded debug files are kept within about this many bytes; 0: a quarter of the
 *                     RAM, at least the heap
 * @param demangling   how names are printed
 * @param inputLimits  the largest report accepted
 * @param diagnostics  where problems that do not fail a report are said
 * @param openAhead    symbol caches opened when the symbolicator is built, when the paths hold no more
 *                     debug files than this (0: none; a one-report command line opens its few ahead)
 * @param whenDebugFilesReleased run when symbol-cache builds have let go of a quarter of the budget in
 *                     debug files (see {@link #whenDebugFilesReleased(Runnable)}); empty: nothing
 */
public record SymbolicatorConfig(List<Path> debugFiles, SymbolSources symbolSources, Optional<Path> cacheFolder,
                                 SymbolCachePolicy symbolCache, long memoryBudgetBytes, Demangling demangling,
                                 InputLimits inputLimits, DiagnosticSink diagnostics, int openAhead,
                                 Optional<Runnable> whenDebugFilesReleased) {

    /**
     * Copies the list, and checks the values.
     *
     * @param debugFiles        .dSYM bundles, DWARF files, Mach-O and ELF files, .xcarchive, archives, or folders
     * @param symbolSources     symbol servers asked for images no path has
     * @param cacheFolder       where the index, extracted members, downloads and symbol caches are kept; empty: none
     * @param symbolCache       whether and when debug files are flattened into symbol caches
     * @param memoryBudgetBytes loaded debug files are kept within about this many bytes; 0: the default
     * @param demangling        how names are printed
     * @param inputLimits       the largest report accepted
     * @param diagnostics       where problems that do not fail a report are said
     * @param openAhead         symbol caches opened when the symbolicator is built (0: none)
     * @param whenDebugFilesReleased run when cache builds have let go of a quarter of the budget; empty: nothing
     * @throws IllegalArgumentException a negative memory budget or {@code openAhead}
     */
    public SymbolicatorConfig {
        debugFiles = List.copyOf(debugFiles);
        Objects.requireNonNull(symbolSources, "symbolSources");
        Objects.requireNonNull(cacheFolder, "cacheFolder");
        Objects.requireNonNull(symbolCache, "symbolCache");
        Objects.requireNonNull(demangling, "demangling");
        Objects.requireNonNull(inputLimits, "inputLimits");
        Objects.requireNonNull(diagnostics, "diagnostics");
        Objects.requireNonNull(whenDebugFilesReleased, "whenDebugFilesReleased");
        if (memoryBudgetBytes < 0) {
            throw new IllegalArgumentException("memory budget must be 0 (default) or positive: " + memoryBudgetBytes);
        }
        if (openAhead < 0) {
            throw new IllegalArgumentException("openAhead must be >= 0: " + openAhead);
        }
    }

    /**
     * {@return the configuration to start from}
     * No debug files, no symbol servers, no cache folder, symbol caches built on second use (when a
     * cache folder is set), the default memory budget, simplified names, default input limits, and
     * diagnostics dropped.
     */
    public static SymbolicatorConfig defaults() {
        return new SymbolicatorConfig(List.of(), SymbolSources.none(), Optional.empty(),
                SymbolCachePolicy.BUILD_ON_SECOND_USE, 0, Demangling.SIMPLIFIED, InputLimits.defaults(),
                DiagnosticSink.none(), 0, Optional.empty());
    }

    /**
     * {@return this configuration with other debug-file paths}
     *
     * @param paths .dSYM bundles, DWARF files, Mach-O and ELF files, .xcarchive, zip/tar/tar.gz archives, or
     *              folders searched recursively
     */
    public SymbolicatorConfig withDebugFiles(List<Path> paths) {
        return new SymbolicatorConfig(paths, symbolSources, cacheFolder, symbolCache, memoryBudgetBytes, demangling,
                inputLimits, diagnostics, openAhead, whenDebugFilesReleased);
    }

    /**
     * {@return this configuration with other symbol servers}
     *
     * @param sources symbol servers asked for images no path has
     */
    public SymbolicatorConfig withSymbolSources(SymbolSources sources) {
        return new SymbolicatorConfig(debugFiles, sources, cacheFolder, symbolCache, memoryBudgetBytes, demangling,
                inputLimits, diagnostics, openAhead, whenDebugFilesReleased);
    }

    /**
     * {@return this configuration with another cache folder}
     *
     * @param folder where the debug-file index, extracted archive members, downloads and symbol caches are
     *               kept; empty: nothing is kept between runs
     */
    public SymbolicatorConfig withCacheFolder(Optional<Path> folder) {
        return new SymbolicatorConfig(debugFiles, symbolSources, folder, symbolCache, memoryBudgetBytes, demangling,
                inputLimits, diagnostics, openAhead, whenDebugFilesReleased);
    }

    /**
     * {@return this configuration with another symbol-cache policy}
     *
     * @param policy whether and when debug files are flattened into symbol caches (in the cache folder)
     */
    public SymbolicatorConfig withSymbolCache(SymbolCachePolicy policy) {
        return new SymbolicatorConfig(debugFiles, symbolSources, cacheFolder, policy, memoryBudgetBytes, demangling,
                inputLimits, diagnostics, openAhead, whenDebugFilesReleased);
    }

    /**
     * {@return this configuration with another memory budget}
     *
     * @param bytes loaded debug files are kept within about this many bytes; 0: a quarter of the RAM, at
     *              least the heap
     */
    public SymbolicatorConfig withMemoryBudget(long bytes) {
        return new SymbolicatorConfig(debugFiles, symbolSources, cacheFolder, symbolCache, bytes, demangling,
                inputLimits, diagnostics, openAhead, whenDebugFilesReleased);
    }

    /**
     * {@return this configuration with names printed another way}
     *
     * @param d how names are printed
     */
    public SymbolicatorConfig withDemangling(Demangling d) {
        return new SymbolicatorConfig(debugFiles, symbolSources, cacheFolder, symbolCache, memoryBudgetBytes, d,
                inputLimits, diagnostics, openAhead, whenDebugFilesReleased);
    }

    /**
     * {@return this configuration with other input limits}
     *
     * @param limits the largest report accepted
     */
    public SymbolicatorConfig withInputLimits(InputLimits limits) {
        return new SymbolicatorConfig(debugFiles, symbolSources, cacheFolder, symbolCache, memoryBudgetBytes,
                demangling, limits, diagnostics, openAhead, whenDebugFilesReleased);
    }

    /**
     * {@return this configuration with another diagnostic sink}
     *
     * @param sink where problems that do not fail a report are said
     */
    public SymbolicatorConfig withDiagnostics(DiagnosticSink sink) {
        return new SymbolicatorConfig(debugFiles, symbolSources, cacheFolder, symbolCache, memoryBudgetBytes,
                demangling, inputLimits, sink, openAhead, whenDebugFilesReleased);
    }

    /**
     * {@return this configuration with symbol caches opened ahead, or not}
     *
     * @param maxDebugFiles symbol caches are opened when the symbolicator is built when the paths hold no
     *                      more debug files than this (0: none)
     */
    public SymbolicatorConfig withOpenAhead(int maxDebugFiles) {
        return new SymbolicatorConfig(debugFiles, symbolSources, cacheFolder, symbolCache, memoryBudgetBytes,
                demangling, inputLimits, diagnostics, maxDebugFiles, whenDebugFilesReleased);
    }

    /**
     * Runs {@code hook} each time the debug files that symbol-cache builds let go of pass a quarter of the
     * memory budget. Their mappings are released only when the garbage collector collects their buffers;
     * library code never calls {@code System.gc()}: a command line on the serial collector may, a server
     * or a Spark executor leaves it to its collector (the default: no hook).
     *
     * @param hook what to run (on the thread that built the cache)
     * @return a copy with the hook
     */
    public SymbolicatorConfig whenDebugFilesReleased(Runnable hook) {
        return new SymbolicatorConfig(debugFiles, symbolSources, cacheFolder, symbolCache, memoryBudgetBytes,
                demangling, inputLimits, diagnostics, openAhead, Optional.of(hook));
    }
}
