package dev.crashkit.core.unwind;

import dev.crashkit.core.ObjectFormatException;

/** Call-frame information is truncated, malformed or uses a construct we do not evaluate. */
public class CfiException extends ObjectFormatException {
    public CfiException(String message) {
        super(message);
    }
}
