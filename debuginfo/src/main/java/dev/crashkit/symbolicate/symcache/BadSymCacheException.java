package dev.crashkit.symbolicate.symcache;

/** A symbol cache file that must not be used (damaged, truncated, another version or other inputs); it is rebuilt. */
public final class BadSymCacheException extends Exception {
    public BadSymCacheException(String message) {
        super(message);
    }
}
