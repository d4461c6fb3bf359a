package dev.crashkit.symbolicate.unwind;

import dev.crashkit.symbolicate.format.ObjectFormatException;

/** Call-frame information is truncated, malformed or uses a construct we do not evaluate. */
public class CfiException extends ObjectFormatException {
    public CfiException(String message) {
        super(message);
    }
}
