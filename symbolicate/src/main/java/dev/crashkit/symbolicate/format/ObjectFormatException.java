package dev.crashkit.symbolicate.format;

import dev.crashkit.symbolicate.SymbolicationException;

/** An object or debug file (Mach-O, ELF, DWARF) is truncated, corrupt or unsupported. */
public class ObjectFormatException extends SymbolicationException {
    public ObjectFormatException(String message) {
        super(message);
    }

    public ObjectFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
