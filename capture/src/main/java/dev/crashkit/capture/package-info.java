/**
 * The capture library: {@link dev.crashkit.capture.Capture} snapshots every thread of this JVM and
 * installs an uncaught-exception hook that spools and uploads crashreport/1 reports. Depends on
 * crashkit-core and JNA only. Packages: {@code report} (the snapshot model, written through core's
 * one crashreport/1 writer) ← {@code jvm} (Java threads, JIT names) ← {@code linux} (in-process,
 * procfs, ptrace primitives) ← {@code ptrace} (the {@code --pid} tier); {@code darwin} (never run on a
 * Mac); {@code spool} ← {@code upload}; {@code cli}.
 */
package dev.crashkit.capture;
