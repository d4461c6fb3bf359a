/**
 * ELF behind {@link dev.crashkit.symbolicate.format.ObjectFile}: Kaitai parses headers, sections,
 * program headers, notes and symbol tables (ksy/elf.ksy); compressed sections (zlib) are inflated on
 * request; GNU build-id and .gnu_debuglink identify debug files.
 */
package dev.crashkit.symbolicate.format.elf;
