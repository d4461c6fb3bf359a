/**
 * The registry of report formats: {@link dev.crashkit.symbolicate.formats.ReportFormats} detects a
 * format from content and reads it, {@link dev.crashkit.symbolicate.formats.ReportWriters} picks the
 * writer for an input and output format, {@link dev.crashkit.symbolicate.formats.ReportRenderer}
 * symbolicates and renders. The only package that knows every format.
 */
package dev.crashkit.symbolicate.formats;
