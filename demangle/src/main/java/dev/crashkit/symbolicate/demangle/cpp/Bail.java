package dev.crashkit.symbolicate.demangle.cpp;

/**
 * Internal signal that demangling must stop: a resource bound (recursion depth, output length,
 * work steps) was exceeded. Thrown only inside this package and always caught by
 * {@link ItaniumDemangler}, which then returns the input unchanged.
 */
final class Bail extends RuntimeException {
    private static final long serialVersionUID = 1L;
    static final Bail INSTANCE = new Bail();

    private Bail() {
        // No stack trace or message: this is control flow, thrown often on hostile input.
        super(null, null, false, false);
    }
}
