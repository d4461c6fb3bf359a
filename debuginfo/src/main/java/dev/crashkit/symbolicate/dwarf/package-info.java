/**
 * DWARF 2–5 reader: unit headers scanned at open, each unit decoded on first use (abbreviations,
 * subroutine tree, line table), answers as {@code llvm-symbolizer --inlining}. Takes its sections from
 * any {@link dev.crashkit.symbolicate.format.ObjectFile} ({@link dev.crashkit.symbolicate.dwarf.DwarfSections#of}).
 */
package dev.crashkit.symbolicate.dwarf;
