package dev.crashkit.symbolicate.breakpad;

import dev.crashkit.core.ObjectFormatException;

/** A Breakpad symbol file that cannot be used; the message names the file and, when one is at fault, the line. */
public final class BadSymbolFileException extends ObjectFormatException {
    public BadSymbolFileException(String message) {
        super(message);
    }

    public BadSymbolFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
