/**
 * Apple {@code .ips} crash reports (bug_type 309): {@link dev.crashkit.symbolicate.report.ips.IpsReader}
 * maps header line + JSON body onto the model and keeps the tree in an
 * {@link dev.crashkit.symbolicate.report.ips.IpsDocument}; {@link dev.crashkit.symbolicate.report.ips.IpsWriter}
 * writes it back symbolicated (symbol, symbolLocation, sourceFile, sourceLine, inline frames).
 */
package dev.crashkit.symbolicate.report.ips;
