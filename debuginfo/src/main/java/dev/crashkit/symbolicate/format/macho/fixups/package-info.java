/**
 * Pointer slots of an image on disk, decoded: chained fixups (LC_DYLD_CHAINED_FIXUPS, all 64-bit
 * pointer formats, pointer authentication included) and LC_DYLD_INFO bind opcodes. A reader of
 * Objective-C metadata asks {@link dev.crashkit.symbolicate.format.macho.fixups.Pointers} what a
 * slot points at instead of reading the raw word, which on disk is an encoded fixup.
 */
package dev.crashkit.symbolicate.format.macho.fixups;
