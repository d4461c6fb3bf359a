package dev.crashkit.server.web;

import com.fasterxml.jackson.databind.JsonNode;

/** A group's activity entry as one sentence on its page. */
final class ActivityText {
    private ActivityText() {
    }

    static String of(String kind, JsonNode d) {
        String version = d.path("version").asText("");
        return switch (kind) {
            case "created" -> "First report" + (version.isEmpty() ? "" : " (version " + version + ")");
            case "new_version" -> "First report of version " + version;
            case "regressed" -> "Regressed: seen again" + (version.isEmpty() ? "" : " in version " + version)
                    + (d.has("resolved_in_version") ? " after it was resolved in " + d.get("resolved_in_version").asText()
                    : " after it was resolved");
            case "status" -> "Status " + d.path("from").asText() + " → " + d.path("to").asText()
                    + (d.has("in_version") ? " in version " + d.get("in_version").asText() : "");
            default -> kind;
        };
    }
}
