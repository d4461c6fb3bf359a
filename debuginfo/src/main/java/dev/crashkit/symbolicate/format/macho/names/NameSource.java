package dev.crashkit.symbolicate.format.macho.names;

import java.util.Locale;

/**
 * Where a frame's name came from, printed as {@code source} in JSON output. Declared from the most
 * to the least trusted; when several sources name one address the earlier wins:
 * <ol>
 * <li>{@code dwarf} and {@code symtab}: the compiler's and linker's own records (a dSYM or an
 *     unstripped binary); they are looked up before this package is asked at all.</li>
 * <li>{@code exports}: also a linker-written symbol, exactly the external name the symbol table
 *     had (and the symbol table prefers external names over local ones at one address).</li>
 * <li>{@code objc}: rebuilt from metadata the runtime needs, so it is never stale, but it is a
 *     local symbol's name and a folded (ICF) implementation may have several.</li>
 * <li>{@code swift}: rebuilt from type descriptors without the mangler's word substitutions, so
 *     it demangles to the right text but may differ in bytes from the original symbol.</li>
 * <li>{@code function_starts}: a function boundary without a name; offsets are from its start.</li>
 * </ol>
 */
public enum NameSource {
    DWARF, SYMTAB, EXPORTS, OBJC, SWIFT, FUNCTION_STARTS;

    /** The JSON spelling: {@code function_starts}, {@code objc}, ... */
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
