/**
 * The demangler contract ({@link dev.crashkit.symbolicate.demangle.Demangler},
 * {@link dev.crashkit.symbolicate.demangle.DemangleStyle}); implementations in {@code cpp} and
 * {@code swift}, chosen by name prefix in {@code detect.Demanglers}.
 */
package dev.crashkit.symbolicate.demangle;
