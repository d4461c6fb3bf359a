package dev.crashkit.server;

import java.util.List;
import java.util.Optional;

/**
 * Projects and Sentry ingest.
 *
 * @param projects             projects created at start when missing (besides {@code default})
 * @param publicUrl            the server's address as SDKs reach it ({@code https://crash.example.com}), used in
 *                             the DSNs shown; empty: the address each request came in on
 * @param sentryRatePerMinute  Sentry events a project may send per minute before a 429; 0 is no limit
 * @param keepUserData         whether a Sentry event is stored with its {@code user} object as sent
 *                             ({@code --keep-user-data}); by default its identifying fields are removed
 */
public record IngestConfig(List<String> projects, Optional<String> publicUrl, int sentryRatePerMinute,
                           boolean keepUserData) {
    public IngestConfig {
        projects = List.copyOf(projects);
        if (sentryRatePerMinute < 0) {
            throw new IllegalArgumentException("--sentry-rate-limit must be 0 (none) or positive");
        }
    }

    /** Only the default project, DSNs from the request, no rate limit. */
    public static IngestConfig defaults() {
        return new IngestConfig(List.of(), Optional.empty(), 0, false);
    }

    public IngestConfig withRateLimit(int perMinute) {
        return new IngestConfig(projects, publicUrl, perMinute, keepUserData);
    }

    public IngestConfig withProjects(List<String> names) {
        return new IngestConfig(names, publicUrl, sentryRatePerMinute, keepUserData);
    }

    public IngestConfig withPublicUrl(String url) {
        return new IngestConfig(projects, Optional.of(url), sentryRatePerMinute, keepUserData);
    }

    public IngestConfig withKeepUserData(boolean keep) {
        return new IngestConfig(projects, publicUrl, sentryRatePerMinute, keep);
    }
}
