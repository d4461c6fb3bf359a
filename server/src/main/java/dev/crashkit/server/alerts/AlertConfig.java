package dev.crashkit.server.alerts;

import dev.crashkit.server.store.AlertRules;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Alerts as the command line sets them (README, "Alerts").
 *
 * @param webhooks           {@code --webhook} URLs: every project's events go to each
 * @param secret             {@code --webhook-secret}: signs the bodies sent to {@code webhooks}
 * @param spikeThreshold     {@code --spike-threshold}: a spike is more than this many reports in a window; 0: off
 * @param spikeWindowMinutes {@code --spike-window-minutes}
 * @param firstRetry         {@code --webhook-retry-seconds}: the wait after a first failed attempt, doubled after
 *                           each further one (at most {@link #MAX_RETRY_WAIT})
 * @param attempts           {@code --webhook-attempts}: attempts before a delivery is given up
 * @param timeout            {@code --webhook-timeout-seconds}: connect plus answer time allowed per attempt
 */
public record AlertConfig(List<String> webhooks, Optional<String> secret, int spikeThreshold, int spikeWindowMinutes,
                          Duration firstRetry, int attempts, Duration timeout) {
    public static final Duration DEFAULT_FIRST_RETRY = Duration.ofSeconds(10);
    /** 12 attempts: about 3.5 hours from the first to the last with the default first retry. */
    public static final int DEFAULT_ATTEMPTS = 12;
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration MAX_RETRY_WAIT = Duration.ofHours(1);

    public AlertConfig {
        webhooks = List.copyOf(webhooks);
        secret = secret.filter(s -> !s.isEmpty());
        if (attempts < 1 || firstRetry.isNegative() || timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("webhook attempts must be at least 1 and the timeout positive");
        }
    }

    /** No --webhook; the default spike rule, retries and timeout (per-project webhooks work as configured). */
    public static AlertConfig defaults() {
        return new AlertConfig(List.of(), Optional.empty(), AlertRules.DEFAULT_SPIKE_THRESHOLD,
                AlertRules.DEFAULT_SPIKE_WINDOW_MINUTES, DEFAULT_FIRST_RETRY, DEFAULT_ATTEMPTS, DEFAULT_TIMEOUT);
    }

    public AlertConfig withWebhooks(List<String> urls, Optional<String> signingSecret) {
        return new AlertConfig(urls, signingSecret, spikeThreshold, spikeWindowMinutes, firstRetry, attempts, timeout);
    }

    public AlertConfig withSpike(int threshold, int windowMinutes) {
        return new AlertConfig(webhooks, secret, threshold, windowMinutes, firstRetry, attempts, timeout);
    }

    public AlertConfig withRetries(Duration first, int maxAttempts, Duration perAttempt) {
        return new AlertConfig(webhooks, secret, spikeThreshold, spikeWindowMinutes, first, maxAttempts, perAttempt);
    }

    /** What the result transactions need. */
    public AlertRules rules() {
        return new AlertRules(webhooks, spikeThreshold, spikeWindowMinutes);
    }

    /** When attempt {@code attempt} (1 for the first) failed at {@code now}: the next one's time, or empty (give up). */
    public java.util.OptionalLong retryAt(int attempt, long now) {
        if (attempt >= attempts) {
            return java.util.OptionalLong.empty();
        }
        long wait = firstRetry.toMillis();
        for (int i = 1; i < attempt && wait < MAX_RETRY_WAIT.toMillis(); i++) {
            wait *= 2;
        }
        return java.util.OptionalLong.of(now + Math.min(wait, MAX_RETRY_WAIT.toMillis()));
    }
}
