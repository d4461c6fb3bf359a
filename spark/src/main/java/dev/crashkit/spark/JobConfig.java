package dev.crashkit.spark;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One run of the job, as given on the command line.
 *
 * @param inputs       report files, folders or globs, and JSON-lines exports (local or Hadoop URIs)
 * @param symbols      where debug files are and how names are printed
 * @param out          output folder (must not exist or be empty)
 * @param format       parquet or json
 * @param partitions   symbolication tasks; empty for 4 per core of the cluster
 * @param grouping     whether reports of one main image are placed together (a pre-pass reads every report twice)
 */
record JobConfig(List<String> inputs, SymbolSettings symbols, String out, OutputFormat format,
                 OptionalInt partitions, ImageGrouping grouping) {

    /** How the reports table is written. */
    enum OutputFormat { parquet, json }

    /**
     * The pre-pass placing reports by main image pays when executors are separate JVMs (each meets fewer
     * images, so loads fewer debug files); in local mode every task shares one JVM and its symbolizer, so
     * it only costs (a second parse, serialized records, a shuffle): {@code AUTO} groups off local mode only.
     */
    enum ImageGrouping {
        AUTO, ALWAYS, NEVER;

        boolean groups(boolean localMode) {
            return this == ALWAYS || (this == AUTO && !localMode);
        }
    }

    JobConfig {
        inputs = List.copyOf(inputs);
    }

    Optional<Integer> partitionCount() {
        return partitions.isPresent() ? Optional.of(partitions.getAsInt()) : Optional.empty();
    }
}
