package dev.crashkit.core;

/**
 * Sink for recoverable problems (a junk file in a symbol folder, duplicate UUIDs): they are
 * reported and symbolication goes on.
 */
@FunctionalInterface
public interface Diagnostics {
    void warn(String message);

    /** Discards everything. */
    static Diagnostics ignore() {
        return m -> { };
    }
}
