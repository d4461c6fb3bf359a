package dev.crashkit.symbolicator;

import dev.crashkit.symbolicate.demangle.DemangleStyle;
import java.util.Locale;
import java.util.Optional;

/** How function names are printed: the one switch the command line, the server and Spark share. */
public enum Demangling {
    /** As Apple's crash reports print Swift and C++ names: no argument types of generic context. */
    SIMPLIFIED,
    /** Every part of the demangled name, as {@code swift-demangle} and {@code c++filt} print it. */
    FULL,
    /** The linkage names as the binary has them. */
    NONE;

    /**
     * {@return the value named {@code simplified}, {@code full} or {@code none} (any case)}
     *
     * @param name the name, as an option gives it
     * @throws IllegalArgumentException for another name; the message lists the known ones
     */
    public static Demangling fromName(String name) {
        for (Demangling d : values()) {
            if (d.name().equalsIgnoreCase(name)) {
                return d;
            }
        }
        throw new IllegalArgumentException("unknown demangling \"" + name + "\" (simplified, full or none)");
    }

    /** {@return the lower-case name, as options spell it} */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The demangler's style; empty for {@link #NONE}. */
    Optional<DemangleStyle> style() {
        switch (this) {
            case FULL: return Optional.of(DemangleStyle.FULL);
            case NONE: return Optional.empty();
            default: return Optional.of(DemangleStyle.SIMPLIFIED);
        }
    }
}
