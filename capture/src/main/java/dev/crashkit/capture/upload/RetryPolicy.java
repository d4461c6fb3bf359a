package dev.crashkit.capture.upload;

import java.time.Duration;

/**
 * How often and how patiently to retry a failed upload: {@code attempts} tries per report per
 * run, waiting {@code initial}, then doubling up to {@code max}, between them.
 */
public record RetryPolicy(int attempts, Duration initial, Duration max) {
    public RetryPolicy {
        if (attempts < 1) {
            throw new IllegalArgumentException("attempts must be at least 1");
        }
    }

    public static RetryPolicy defaults() {
        return new RetryPolicy(5, Duration.ofSeconds(1), Duration.ofMinutes(1));
    }

    /** Wait before attempt {@code n} (1-based; 0 before the first). */
    public Duration delayBefore(int n) {
        if (n <= 1) {
            return Duration.ZERO;
        }
        Duration d = initial.multipliedBy(1L << Math.min(n - 2, 30));
        return d.compareTo(max) > 0 ? max : d;
    }
}
