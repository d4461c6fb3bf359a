/**
 * Breakpad symbol files ({@code .sym}, the text format of Breakpad's {@code dump_syms}): read streaming, line
 * by line, into primitive tables ({@link dev.crashkit.symbolicate.breakpad.BreakpadSymbols}) that answer
 * names, file:line, inline chains and CFI rules by module-relative address, the way Breakpad's
 * {@code BasicSourceLineResolver} does. Format: google/breakpad {@code docs/symbol_files.md}.
 */
package dev.crashkit.symbolicate.breakpad;
