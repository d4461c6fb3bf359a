/**
 * Reading crash reports into core's model: the {@link dev.crashkit.symbolicate.report.ReportReader}
 * contract, {@link dev.crashkit.symbolicate.report.ParsedReport} (model + format + the format's own
 * document) and helpers the readers share. Depends on the model only; one subpackage per format holds
 * its reader and, when the format has a symbolicated form of its own, its writer.
 */
package dev.crashkit.symbolicate.report;
