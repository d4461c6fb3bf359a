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
 */
public record SymbolicatorConfig(List<Path> debugFiles, SymbolSources symbolSources, Optional<Path> cacheFolder,
                                 SymbolCachePolicy symbolCache, long memoryBudgetBytes, Demangling demangling,
                                 InputLimits inputLimits, DiagnosticSink diagnostics, int openAhead) {

    public SymbolicatorConfig {
        debugFiles = List.copyOf(debugFiles);
        Objects.requireNonNull(symbolSources, "symbolSources");
        Objects.requireNonNull(cacheFolder, "cacheFolder");
        Objects.requireNonNull(symbolCache, "symbolCache");
        Objects.requireNonNull(demangling, "demangling");
        Objects.requireNonNull(inputLimits, "inputLimits");
        Objects.requireNonNull(diagnostics, "diagnostics");
        if (memoryBudgetBytes < 0) {
            throw new IllegalArgumentException("memory budget must be 0 (default) or positive: " + memoryBudgetBytes);
        }
        if (openAhead < 0) {
            throw new IllegalArgumentException("openAhead must be >= 0: " + openAhead);
        }
    }

    /**
     * No debug files, no symbol servers, no cache folder, symbol caches built on second use (when a
     * cache folder is set), the default memory budget, simplified names, default input limits, and
     * diagnostics dropped.
     */
    public static SymbolicatorConfig defaults() {
        return new SymbolicatorConfig(List.of(), SymbolSources.none(), Optional.empty(),
                SymbolCachePolicy.BUILD_ON_SECOND_USE, 0, Demangling.SIMPLIFIED, InputLimits.defaults(),
                DiagnosticSink.none(), 0);
    }

    public SymbolicatorConfig withDebugFiles(List<Path> paths) {
        return new SymbolicatorConfig(paths, symbolSources, cacheFolder, symbolCache, memoryBudgetBytes, demangling,
                inputLimits, diagnostics, openAhead);
    }

    public SymbolicatorConfig withSymbolSources(SymbolSources sources) {
        return new SymbolicatorConfig(debugFiles, sources, cacheFolder, symbolCache, memoryBudgetBytes, demangling,
                inputLimits, diagnostics, openAhead);
    }

    public SymbolicatorConfig withCacheFolder(Optional<Path> folder) {
        return new SymbolicatorConfig(debugFiles, symbolSources, folder, symbolCache, memoryBudgetBytes, demangling,
                inputLimits, diagnostics, openAhead);
    }

    public SymbolicatorConfig withSymbolCache(SymbolCachePolicy policy) {
        return new SymbolicatorConfig(debugFiles, symbolSources, cacheFolder, policy, memoryBudgetBytes, demangling,
                inputLimits, diagnostics, openAhead);
    }

    public SymbolicatorConfig withMemoryBudget(long bytes) {
        return new SymbolicatorConfig(debugFiles, symbolSources, cacheFolder, symbolCache, bytes, demangling,
                inputLimits, diagnostics, openAhead);
    }

    public SymbolicatorConfig withDemangling(Demangling d) {
        return new SymbolicatorConfig(debugFiles, symbolSources, cacheFolder, symbolCache, memoryBudgetBytes, d,
                inputLimits, diagnostics, openAhead);
    }

    public SymbolicatorConfig withInputLimits(InputLimits limits) {
        return new SymbolicatorConfig(debugFiles, symbolSources, cacheFolder, symbolCache, memoryBudgetBytes,
                demangling, limits, diagnostics, openAhead);
    }

    public SymbolicatorConfig withDiagnostics(DiagnosticSink sink) {
        return new SymbolicatorConfig(debugFiles, symbolSources, cacheFolder, symbolCache, memoryBudgetBytes,
                demangling, inputLimits, sink, openAhead);
    }

    public SymbolicatorConfig withOpenAhead(int maxDebugFiles) {
        return new SymbolicatorConfig(debugFiles, symbolSources, cacheFolder, symbolCache, memoryBudgetBytes,
                demangling, inputLimits, diagnostics, maxDebugFiles);
    }
}
