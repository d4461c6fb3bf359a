package dev.crashkit.server.web;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Bounds the report bytes held in memory by requests at once (reports are read whole before they are
 * stored; debug files stream to disk instead). A request takes one permit per started MiB as it reads;
 * when the budget stays exhausted for a while, it is answered 503 with Retry-After rather than letting
 * many large uploads exhaust the heap.
 */
final class MemoryBudget {
    static final int MIB = 1024 * 1024;
    private final Semaphore permits;
    private final long waitMillis;

    MemoryBudget(long bytes, long waitMillis) {
        this.permits = new Semaphore((int) Math.max(1, Math.min(Integer.MAX_VALUE, bytes / MIB)), true);
        this.waitMillis = waitMillis;
    }

    /** Takes {@code mib} permits, waiting a while; a 503 when they do not come. */
    void take(int mib) {
        try {
            if (!permits.tryAcquire(mib, waitMillis, TimeUnit.MILLISECONDS)) {
                throw new ApiError(503, "too many large uploads at once; retry later");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiError(503, "interrupted while waiting for memory");
        }
    }

    int available() {
        return permits.availablePermits();
    }

    void give(int mib) {
        if (mib > 0) {
            permits.release(mib);
        }
    }
}
