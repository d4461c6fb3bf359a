package dev.crashkit.symbolicate.sources;

/**
 * Consecutive failures of one server in this run: after {@code limit} identities in a row could
 * not be looked up (timeouts, 5xx, refusals), the server is not asked again, so a dead server
 * costs a batch a few timeouts instead of one per image.
 */
final class ServerHealth {
    private final int limit;
    private int failures;
    private boolean givenUp;

    ServerHealth(int limit) {
        this.limit = limit;
    }

    synchronized boolean givenUp() {
        return givenUp;
    }

    synchronized void succeeded() {
        failures = 0;
    }

    /** Records a failure; true exactly when this one makes the server given up on. */
    synchronized boolean failed() {
        failures++;
        if (!givenUp && failures >= limit) {
            givenUp = true;
            return true;
        }
        return false;
    }
}
