/**
 * Mach-O (thin and universal) behind {@link dev.crashkit.symbolicate.format.ObjectFile}: Kaitai parses
 * headers and load commands (ksy/mach_o.ksy); nlist entries and LC_FUNCTION_STARTS are read in place;
 * Apple rules decide which symbols name functions.
 */
package dev.crashkit.symbolicate.format.macho;
