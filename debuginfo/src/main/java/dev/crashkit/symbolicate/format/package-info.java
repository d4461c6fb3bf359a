/**
 * The object-file contract: {@link dev.crashkit.symbolicate.format.ObjectFile} (identity, arch, kind,
 * link base, segments and sections, function symbols, DWARF sections, CFI sections) and its value
 * types. Everything above the format packages reads object files through it only. Also the helpers
 * the implementations share: {@link dev.crashkit.symbolicate.format.FileBytes} (read-only mapping) and
 * {@link dev.crashkit.symbolicate.format.KaitaiGuard} (the one place generated parsers fail into checked
 * errors). Depends on core only.
 */
package dev.crashkit.symbolicate.format;
