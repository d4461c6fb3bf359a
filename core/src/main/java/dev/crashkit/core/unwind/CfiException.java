package dev.crashkit.core.unwind;

import dev.crashkit.core.ObjectFormatException;

/** Call-frame information is truncated, malformed or uses a construct we do not evaluate. */
public class CfiException extends ObjectFormatException {
    /**
     * Creates the exception.
     *
     * @param message what is wrong, and at which address
     */
    public CfiException(String message) {
        super(message);
    }
}
