/**
 * crashkit as a library: the one public entry point, {@link dev.crashkit.symbolicator.Symbolicator}.
 * Build a {@link dev.crashkit.symbolicator.SymbolicatorConfig}, open a {@code Symbolicator} once (it is
 * thread-safe), symbolicate any number of reports, and read each
 * {@link dev.crashkit.symbolicator.Symbolication} as values or {@code write} it as text, the
 * {@code symbolicated/1} JSON or the report's own format. Everything else in the artifact is internal.
 */
package dev.crashkit.symbolicator;
