package dev.crashkit.symbolicate.format;

/** What an object file is for. */
public enum ObjectKind {
    /** A program (Mach-O {@code MH_EXECUTE}; ELF {@code ET_EXEC} or a PIE with an interpreter). */
    EXECUTABLE,
    /** A shared library, bundle or dynamic linker. */
    LIBRARY,
    /** A file that only carries debug information for another: a dSYM companion, an ELF debug file. */
    DEBUG_COMPANION,
    /** Anything else (relocatable objects, core files). */
    OTHER
}
