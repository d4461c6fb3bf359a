package dev.crashkit.spark;

import java.io.Serializable;
import java.util.List;
import java.util.Optional;

/**
 * What decides the symbol data an executor builds: the debug-file locations, the symbol servers,
 * the executor-local cache folder and the demangling style. Equal settings share one
 * {@link Symbolicator} per JVM.
 *
 * @param dsyms         {@code --dsym} locations: local paths, or Hadoop URIs (hdfs://, s3a://, …)
 *                      that each executor copies to its local disk once
 * @param symbolServers {@code --symbol-server} values, {@code LAYOUT=URL}, asked in this order for
 *                      images no {@code --dsym} file has
 * @param serverHeaders {@code --symbol-server-header} pairs flattened: {@code LAYOUT=URL}, {@code HEADER}, …
 *                      (travel with the job's tasks; never printed)
 * @param cacheDir      executor-local folder for the debug-file index, extracted archive members,
 *                      downloads and symbol caches ({@code symcache/}), or null
 * @param symbolCache   whether modules go through symbol caches in {@code cacheDir} (false: {@code --no-symcache})
 */
record SymbolSettings(List<String> dsyms, List<String> symbolServers, List<String> serverHeaders, String cacheDir,
                      String demangle, boolean symbolCache) implements Serializable {
    SymbolSettings {
        dsyms = List.copyOf(dsyms);
        symbolServers = List.copyOf(symbolServers);
        serverHeaders = List.copyOf(serverHeaders);
    }

    /** Symbol caches in {@code cacheDir} when there is one. */
    SymbolSettings(List<String> dsyms, List<String> symbolServers, List<String> serverHeaders, String cacheDir,
                   String demangle) {
        this(dsyms, symbolServers, serverHeaders, cacheDir, demangle, true);
    }

    /** Only debug files from {@code dsyms}. */
    SymbolSettings(List<String> dsyms, String cacheDir, String demangle) {
        this(dsyms, List.of(), List.of(), cacheDir, demangle);
    }

    Optional<String> cacheDirectory() {
        return Optional.ofNullable(cacheDir);
    }

    /** The same without symbol caches. */
    SymbolSettings withoutSymbolCache() {
        return new SymbolSettings(dsyms, symbolServers, serverHeaders, cacheDir, demangle, false);
    }

    /** Without header values, which may hold tokens. */
    @Override
    public String toString() {
        return "SymbolSettings[dsyms=" + dsyms + ", symbolServers=" + symbolServers + ", headers="
                + serverHeaders.size() / 2 + ", cacheDir=" + cacheDir + ", demangle=" + demangle + ", symbolCache="
                + symbolCache + "]";
    }
}
