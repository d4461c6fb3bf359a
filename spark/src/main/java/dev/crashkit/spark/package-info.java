/**
 * The symbolicator as an Apache Spark job ({@code crashkit-spark.jar}, README "Spark").
 *
 * <p>Flow: {@link dev.crashkit.spark.JobCommand} (command line) → {@code SymbolicateJob}: the driver
 * lists inputs ({@code InputListing}); executors read them ({@code InputReader}, {@code ExportLine}),
 * optionally place them by main image ({@code ImagePartitioner}), symbolicate each partition with the
 * JVM's shared {@code Symbolicator} ({@code SymbolicatorHolder}) and turn the result into rows of the
 * explicit schemas in {@code OutputSchema} ({@code ReportRows}, {@code JsonRows}).
 *
 * <p>{@code Symbolicator} is the only class that calls the symbolicator's API; everything else works on
 * the {@code symbolicated/1} JSON text and plain values, so a reshaped symbolicator touches one file.
 */
package dev.crashkit.spark;
