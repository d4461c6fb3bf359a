package dev.crashkit.symbolicate.format.macho.layout;

import dev.crashkit.core.ObjectFormatException;

/** Metadata of a stripped image (fixups, Objective-C lists, export trie...) is out of bounds or inconsistent. */
public final class MalformedImageException extends ObjectFormatException {
    public MalformedImageException(String message) {
        super(message);
    }

    public MalformedImageException(String message, Throwable cause) {
        super(message, cause);
    }
}
