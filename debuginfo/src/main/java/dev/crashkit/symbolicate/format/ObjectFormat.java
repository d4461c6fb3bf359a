package dev.crashkit.symbolicate.format;

/** The container format of an object file. */
public enum ObjectFormat {
    /** Mach-O, thin or one slice of a universal ("fat") file. */
    MACH_O,
    /** ELF, 32 or 64 bit, either byte order. */
    ELF
}
