package dev.crashkit.symbolicate.demangle;

/**
 * Turns one mangled symbol name into its human-readable form.
 *
 * <p>Contract shared by every scheme (Swift, Itanium C++): {@link #demangle} never throws, and
 * returns its input unchanged when the name is not of this scheme or cannot be demangled. Work is
 * bounded (recursion depth, output length) so hostile input cannot exhaust the stack or hang.
 */
public interface Demangler {

    /**
     * Cheap prefix test: could {@code name} be a mangled name of this scheme?
     *
     * @param name a symbol name
     * @return whether {@code name} has this scheme's prefix
     */
    boolean recognizes(String name);

    /**
     * Demangles one symbol name.
     *
     * @param name a symbol name
     * @param style full or simplified output
     * @return the demangled name in {@code style}, or {@code name} itself when it cannot be demangled
     */
    String demangle(String name, DemangleStyle style);

    /**
     * Same as {@code demangle(name, DemangleStyle.FULL)}.
     *
     * @param name a symbol name
     * @return the fully demangled name, or {@code name} itself when it cannot be demangled
     */
    default String demangle(String name) {
        return demangle(name, DemangleStyle.FULL);
    }
}
