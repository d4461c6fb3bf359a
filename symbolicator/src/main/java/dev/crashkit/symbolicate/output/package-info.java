/**
 * Writing symbolicated reports: the {@link dev.crashkit.symbolicate.output.ReportWriter} contract and the
 * generic writers (Apple-style text, {@code symbolicated/1} JSON).
 */
package dev.crashkit.symbolicate.output;
