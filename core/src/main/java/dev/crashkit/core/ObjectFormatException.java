package dev.crashkit.core;


/** An object or debug file (Mach-O, ELF, DWARF) is truncated, corrupt or unsupported. */
public class ObjectFormatException extends CrashkitException {
    public ObjectFormatException(String message) {
        super(message);
    }

    public ObjectFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
