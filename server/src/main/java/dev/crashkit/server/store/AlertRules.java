package dev.crashkit.server.store;

import java.util.List;

/**
 * What makes an alert, as the command line configures it: the {@code --webhook} URLs every event goes to
 * (besides each project's own webhooks) and the spike rule a project without its own settings uses.
 *
 * @param globalUrls         {@code --webhook} URLs
 * @param spikeThreshold     a spike is more than this many reports of a group in one window; 0: no spike alerts
 * @param spikeWindowMinutes the window's length
 */
public record AlertRules(List<String> globalUrls, int spikeThreshold, int spikeWindowMinutes) {
    /** Defaults of {@code --spike-threshold} and {@code --spike-window-minutes}. */
    public static final int DEFAULT_SPIKE_THRESHOLD = 100;
    public static final int DEFAULT_SPIKE_WINDOW_MINUTES = 60;

    public AlertRules {
        globalUrls = List.copyOf(globalUrls);
        if (spikeThreshold < 0 || spikeWindowMinutes < 1) {
            throw new IllegalArgumentException("spike threshold must be 0 or more and the window at least a minute");
        }
    }

    /** No --webhook, default spike rule (per-project webhooks still fire). */
    public static AlertRules none() {
        return new AlertRules(List.of(), DEFAULT_SPIKE_THRESHOLD, DEFAULT_SPIKE_WINDOW_MINUTES);
    }
}
