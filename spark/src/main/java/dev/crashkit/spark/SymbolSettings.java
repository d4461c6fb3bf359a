package dev.crashkit.spark;

import java.io.Serializable;
import java.util.List;
import java.util.Optional;

/**
 * What decides the symbol data an executor builds: the debug-file locations, the executor-local
 * index cache folder and the demangling style. Equal settings share one {@link Symbolicator} per JVM.
 *
 * @param dsyms    {@code --dsym} locations: local paths, or Hadoop URIs (hdfs://, s3a://, …)
 *                 that each executor copies to its local disk once
 * @param cacheDir executor-local folder for the debug-file index and extracted archive members, or null
 */
record SymbolSettings(List<String> dsyms, String cacheDir, String demangle) implements Serializable {
    SymbolSettings {
        dsyms = List.copyOf(dsyms);
    }

    Optional<String> cacheDirectory() {
        return Optional.ofNullable(cacheDir);
    }
}
