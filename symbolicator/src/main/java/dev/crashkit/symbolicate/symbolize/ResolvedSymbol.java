package dev.crashkit.symbolicate.symbolize;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * What a debug file says about one link-time address: one entry per function in the inline
 * chain, innermost first, the concrete function last.
 *
 * @param name    raw linkage name (Mach-O leading underscore removed), or the DWARF name
 * @param start   link-time start of the concrete function (all entries of a chain share it, so
 *                that offsets are from the real symbol, as Apple prints them)
 * @param source  "symtab", "dwarf", "breakpad" (a .sym file), or a stripped-image source ("exports", "objc", "swift")
 * @param version the ELF symbol version of the name ({@code GLIBC_2.3.2}, split off the name), when it has one
 */
public record ResolvedSymbol(String name, long start, Optional<String> file, OptionalInt line,
                             OptionalInt column, boolean inlined, String source, Optional<String> version) {

    /** A symbol without a version. */
    public ResolvedSymbol(String name, long start, Optional<String> file, OptionalInt line, OptionalInt column,
                          boolean inlined, String source) {
        this(name, start, file, line, column, inlined, source, Optional.empty());
    }

    static ResolvedSymbol fromSymbolTable(String name, long start) {
        return new ResolvedSymbol(name, start, Optional.empty(), OptionalInt.empty(), OptionalInt.empty(), false,
                "symtab");
    }

    /** Entry {@code index} of a symbol table, with its version. */
    static ResolvedSymbol fromSymbolTable(dev.crashkit.symbolicate.symtab.SymbolTable symbols, int index) {
        String v = symbols.version(index);
        return new ResolvedSymbol(symbols.name(index), symbols.start(index), Optional.empty(), OptionalInt.empty(),
                OptionalInt.empty(), false, "symtab", v.isEmpty() ? Optional.empty() : Optional.of(v));
    }

    /** The same symbol credited to another source. */
    ResolvedSymbol withSource(String other) {
        return new ResolvedSymbol(name, start, file, line, column, inlined, other, version);
    }
}
