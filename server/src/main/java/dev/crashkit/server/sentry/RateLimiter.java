package dev.crashkit.server.sentry;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Events per project per minute, counted in fixed one-minute windows. Past the limit, {@link #admit}
 * says how many seconds are left in the window: what a 429's {@code Retry-After} tells the SDK.
 */
public final class RateLimiter {
    private final int perMinute;
    private final LongSupplier clock;
    private final ConcurrentHashMap<Long, Window> windows = new ConcurrentHashMap<>();

    private record Window(long minute, int count) {
    }

    /**
     * @param perMinute events a project may send per minute; 0 is no limit
     * @param clock     milliseconds
     */
    public RateLimiter(int perMinute, LongSupplier clock) {
        if (perMinute < 0) {
            throw new IllegalArgumentException("rate limit must be 0 (none) or positive: " + perMinute);
        }
        this.perMinute = perMinute;
        this.clock = clock;
    }

    /** Counts one event; 0 when admitted, else the seconds to wait (1 to 60). */
    public long admit(long projectId) {
        if (perMinute == 0) {
            return 0;
        }
        long now = clock.getAsLong();
        long minute = now / 60_000;
        Window w = windows.compute(projectId, (k, old) -> old == null || old.minute() != minute
                ? new Window(minute, 1) : new Window(minute, old.count() == Integer.MAX_VALUE ? old.count()
                        : old.count() + 1));
        if (w.count() <= perMinute) {
            return 0;
        }
        return Math.max(1, ((minute + 1) * 60_000 - now + 999) / 1000);
    }
}
