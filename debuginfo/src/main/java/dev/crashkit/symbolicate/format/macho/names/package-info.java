/**
 * Names for the code of a Mach-O image without a symbol table (a stripped release build, a
 * system library without its symbols): function boundaries from LC_FUNCTION_STARTS, names from
 * the export trie, Objective-C metadata and Swift type descriptors, merged into one
 * {@link dev.crashkit.symbolicate.format.macho.names.StrippedNames} index. The symbolicator asks it
 * only where the symbol table and DWARF have no answer.
 */
package dev.crashkit.symbolicate.format.macho.names;
