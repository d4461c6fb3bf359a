package dev.crashkit.server.blob;

import java.io.IOException;

/** The blob store failed or refused an operation; the message names the store (never its credentials) and key. */
public class BlobException extends IOException {
    public BlobException(String message) {
        super(message);
    }

    public BlobException(String message, Throwable cause) {
        super(message, cause);
    }
}
