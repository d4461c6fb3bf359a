/**
 * Our own {@code crashreport/1} JSON (see the README): one reader and one writer behind
 * {@link dev.crashkit.core.crashreport.CrashReportJson}. Producers with fields beyond the model
 * (capture's segments, Java threads, JIT names) add them through
 * {@link dev.crashkit.core.crashreport.CrashReportJson.Extras}. Streaming jackson-core only.
 */
package dev.crashkit.core.crashreport;
