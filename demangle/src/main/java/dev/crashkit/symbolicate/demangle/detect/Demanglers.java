package dev.crashkit.symbolicate.demangle.detect;

import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.demangle.Demangler;
import dev.crashkit.symbolicate.demangle.cpp.ItaniumDemangler;
import dev.crashkit.symbolicate.demangle.swift.SwiftDemangler;

/**
 * Picks the demangler for a name from its prefix. Names no scheme recognizes (plain C,
 * Objective-C {@code -[Class sel:]}) pass through unchanged.
 */
public final class Demanglers {

    /**
     * Each recognizes its scheme by prefix (Swift: $s, _T0, ...; Itanium C++: _Z, Mach-O __Z, ___Z..._block_invoke).
     * An array, not a List: asked for every frame, and a List's loop makes an iterator each time.
     */
    private static final Demangler[] ALL = {SwiftDemangler.instance(), new ItaniumDemangler()};

    private Demanglers() {
    }

    /**
     * The demangled form of {@code name}, or {@code name} itself. Never throws.
     *
     * @param name a symbol name; null or empty is returned as is
     * @param style full or simplified output
     * @return the demangling by the first scheme that recognizes {@code name}, or {@code name} itself
     */
    public static String demangle(String name, DemangleStyle style) {
        if (name == null || name.isEmpty() || !mayBeMangled(name.charAt(0))) {
            return name;
        }
        for (Demangler d : ALL) {
            if (d.recognizes(name)) {
                return d.demangle(name, style);
            }
        }
        return name;
    }

    /**
     * Whether a name starting with {@code c} may be recognized by one of {@link #ALL}: every Swift mangled name
     * starts with {@code _}, {@code $} or {@code @} ({@code __}, {@code _T}, {@code $s}, {@code _$s},
     * {@code @__swiftmacro_}), every Itanium one with {@code _} or {@code .} ({@code _Z}, {@code .__Z},
     * {@code __imp_}). Plain C and Objective-C names, most of a report's, skip both checks.
     */
    static boolean mayBeMangled(char c) {
        return c == '_' || c == '$' || c == '@' || c == '.';
    }
}
