package dev.crashkit.server.store;

/**
 * The shared blob store could not take or give bytes (unreachable, refusing): nothing was stored, and the
 * client may retry (HTTP 503).
 */
public final class StoreUnavailableException extends StoreException {
    public StoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
