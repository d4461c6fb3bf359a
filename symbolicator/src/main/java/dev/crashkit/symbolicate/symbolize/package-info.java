/**
 * Symbolication: the bounded {@link dev.crashkit.symbolicate.symbolize.ModuleCache} (one load attempt
 * per identity, LRU by mapped bytes, sealed outcome) builds a {@link dev.crashkit.symbolicate.symbolize.DebugModule}
 * per identity (symbol index + DWARF); the {@link dev.crashkit.symbolicate.symbolize.Symbolizer} matches
 * report images by identity ({@link dev.crashkit.symbolicate.symbolize.MatchedImage}) and turns frames
 * into {@link dev.crashkit.symbolicate.symbolize.SymbolicatedFrame}s; the
 * {@link dev.crashkit.symbolicate.symbolize.Reunwinder} unwinds captured threads again with the CFI of the binaries,
 * and the {@link dev.crashkit.symbolicate.symbolize.StackWalker} walks threads saved without frames (minidumps)
 * the same way, both over the binaries' code that {@code ImageBinaries} finds by build-id.
 */
package dev.crashkit.symbolicate.symbolize;
