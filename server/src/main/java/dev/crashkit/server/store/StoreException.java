package dev.crashkit.server.store;

import java.io.IOException;

/** The database or the file store failed; the message says which operation on what. */
public class StoreException extends IOException {
    public StoreException(String message) {
        super(message);
    }

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
