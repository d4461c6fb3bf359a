/**
 * Apple compact unwind information: the {@code __TEXT,__unwind_info} section's two-level function
 * index ({@link dev.crashkit.symbolicate.format.macho.unwind.CompactUnwindInfo}, ksy/macho_unwind_info.ksy)
 * and the meaning of its 32-bit encodings for arm64 and x86-64
 * ({@link dev.crashkit.symbolicate.format.macho.unwind.CompactEncoding}).
 */
package dev.crashkit.symbolicate.format.macho.unwind;
