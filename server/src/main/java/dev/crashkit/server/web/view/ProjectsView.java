package dev.crashkit.server.web.view;

import java.util.List;
import java.util.Optional;

/**
 * The projects page's model: each project's DSN, for pasting into a Sentry SDK's configuration, and its alert
 * settings (webhooks, spike rule) with the newest deliveries.
 */
public record ProjectsView(List<Row> projects, List<Alerts> alerts, List<Delivery> deliveries, Optional<String> message,
                           Optional<String> error) {
    public ProjectsView {
        projects = List.copyOf(projects);
        alerts = List.copyOf(alerts);
        deliveries = List.copyOf(deliveries);
    }

    public ProjectsView(List<Row> projects) {
        this(projects, List.of(), List.of(), Optional.empty(), Optional.empty());
    }

    /** One project; {@code hasUploadToken} says whether one exists (its value is never shown again). */
    public record Row(long id, String name, String dsn, String minidumpUrl, boolean hasUploadToken) {
    }

    /**
     * A project's alert settings: its webhooks, and its spike rule as set (empty: the server's) and as applied.
     */
    public record Alerts(long projectId, String projectName, List<Webhook> webhooks, String threshold,
                         String windowMinutes, int effectiveThreshold, int effectiveWindowMinutes) {
        public Alerts {
            webhooks = List.copyOf(webhooks);
        }
    }

    /** A webhook as shown: its secret only by its last 4 characters. */
    public record Webhook(String id, String url, String format, String secretHint, String created) {
    }

    /** A row of the delivery log; {@code url} without its path. */
    public record Delivery(String id, String event, String groupId, long projectId, String destination, String url,
                           String state, int attempts, String created, String outcome) {
    }
}
