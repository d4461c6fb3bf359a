package dev.crashkit.core;

/**
 * Sink for recoverable problems (a junk file in a symbol folder, duplicate UUIDs): they are
 * reported and symbolication goes on.
 */
@FunctionalInterface
public interface Diagnostics {
    /**
     * Reports one recoverable problem.
     *
     * @param message the problem
     */
    void warn(String message);

    /**
     * Discards everything.
     *
     * @return a sink that drops every message
     */
    static Diagnostics ignore() {
        return m -> { };
    }
}
