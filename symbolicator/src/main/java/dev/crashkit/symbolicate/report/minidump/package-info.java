/**
 * Minidumps (Breakpad, Crashpad, Windows {@code MDMP}) as crash reports: {@link
 * dev.crashkit.symbolicate.report.minidump.MinidumpReader} reads the streams (system info, threads and
 * their names and contexts, modules and their CodeView identities, memory, exception, misc info, Linux
 * {@code /proc} streams, Crashpad annotations); {@link dev.crashkit.symbolicate.report.minidump.MinidumpDocument}
 * hands a stack walker each thread's registers and the saved memory.
 */
package dev.crashkit.symbolicate.report.minidump;
