/**
 * The crash report model every format reader produces and every writer consumes: a
 * {@link dev.crashkit.core.model.CrashReport} of {@link dev.crashkit.core.model.Image}s and
 * {@link dev.crashkit.core.model.ThreadTrace}s of raw {@link dev.crashkit.core.model.Frame}s, with
 * the value types that name things: {@link dev.crashkit.core.model.Arch} (the one architecture
 * table), {@link dev.crashkit.core.model.DebugId} (UUID / build-id) and
 * {@link dev.crashkit.core.model.Trust} (how a frame was found). Immutable records, no I/O.
 */
package dev.crashkit.core.model;
