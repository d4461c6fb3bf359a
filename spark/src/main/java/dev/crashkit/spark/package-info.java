/**
 * The symbolicator as an Apache Spark job ({@code crashkit-spark.jar}, README "Spark").
 *
 * <p>Flow: {@link dev.crashkit.spark.JobCommand} (command line) → {@code SymbolicateJob}: the driver
 * lists inputs ({@code InputListing}); executors read them ({@code InputReader}, {@code ExportLine}),
 * optionally place them by main image ({@code ImagePartitioner}), symbolicate each partition with the
 * JVM's shared {@code Symbolicator} ({@code SymbolicatorHolder}) and turn the result into rows of the
 * explicit schemas in {@code OutputSchema} ({@code ReportRows}, {@code SymbolicatedRow}), whose totals
 * ({@code WrittenTotals}) are added up as they are written.
 *
 * <p>{@code Symbolicator} is the only class that calls the symbolicator's API, and {@code SymbolicatedRow}
 * the only one that reads its result's values; everything else works on rows and plain values.
 */
package dev.crashkit.spark;
