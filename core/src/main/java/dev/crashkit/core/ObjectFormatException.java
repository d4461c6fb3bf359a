package dev.crashkit.core;


/** An object or debug file (Mach-O, ELF, DWARF) is truncated, corrupt or unsupported. */
public class ObjectFormatException extends CrashkitException {
    /**
     * Creates the exception.
     *
     * @param message what is wrong; made one line and bounded in length
     */
    public ObjectFormatException(String message) {
        super(message);
    }

    /**
     * Creates the exception with its cause.
     *
     * @param message what is wrong; made one line and bounded in length
     * @param cause the underlying error
     */
    public ObjectFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
