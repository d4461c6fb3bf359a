package dev.crashkit.server.web.view;

import java.util.List;

/** The projects page's model: each project's DSN, for pasting into a Sentry SDK's configuration. */
public record ProjectsView(List<Row> projects) {
    public ProjectsView {
        projects = List.copyOf(projects);
    }

    /** One project; {@code hasUploadToken} says whether one exists (its value is never shown again). */
    public record Row(long id, String name, String dsn, String minidumpUrl, boolean hasUploadToken) {
    }
}
