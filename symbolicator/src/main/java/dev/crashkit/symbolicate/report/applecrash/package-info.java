/**
 * Apple legacy text crash reports ({@code .crash}): the reader keeps every line and where frames,
 * registers and binary images sit; the writer rewrites only frame lines
 * ({@code symbol + offset (file:line)}); {@link dev.crashkit.symbolicate.report.applecrash.AppleTextRenderer}
 * renders any parsed report as Apple-style text.
 */
package dev.crashkit.symbolicate.report.applecrash;
