/**
 * The symbol index: sorted primitive arrays searched by binary search, built from an object file's
 * {@link dev.crashkit.symbolicate.format.FunctionSymbols} and function boundaries
 * ({@link dev.crashkit.symbolicate.symtab.SymbolTables}). Names are decoded only when a lookup returns them.
 */
package dev.crashkit.symbolicate.symtab;
