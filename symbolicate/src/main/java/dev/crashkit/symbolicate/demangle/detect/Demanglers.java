package dev.crashkit.symbolicate.demangle.detect;

import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.demangle.Demangler;
import dev.crashkit.symbolicate.demangle.cpp.ItaniumDemangler;
import dev.crashkit.symbolicate.demangle.swift.SwiftDemangler;
import java.util.List;

/**
 * Picks the demangler for a name from its prefix. Names no scheme recognizes (plain C,
 * Objective-C {@code -[Class sel:]}) pass through unchanged.
 */
public final class Demanglers {

    /** Each recognizes its scheme by prefix (Swift: $s, _T0, ...; Itanium C++: _Z, Mach-O __Z, ___Z..._block_invoke). */
    private static final List<Demangler> ALL = List.of(
            SwiftDemangler.instance(),
            new ItaniumDemangler());

    private Demanglers() {
    }

    /** The demangled form of {@code name}, or {@code name} itself. Never throws. */
    public static String demangle(String name, DemangleStyle style) {
        if (name == null || name.isEmpty()) {
            return name;
        }
        for (Demangler d : ALL) {
            if (d.recognizes(name)) {
                return d.demangle(name, style);
            }
        }
        return name;
    }
}
