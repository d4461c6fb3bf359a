package dev.crashkit.server.store;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Makes alert events where a report joins its group, inside the worker's result transaction ({@link Triage}):
 * an outbox row per event and destination commits together with the group change that caused it, so an alert
 * exists exactly when the change does (a kill -9 loses neither). Events: {@code group.created},
 * {@code group.regressed}, and {@code group.spike} (more than the threshold of a group's reports from one
 * project received in one fixed window, counted while the project has a destination; one event per window).
 */
final class AlertEvents {
    private static final ObjectMapper JSON = new ObjectMapper();

    private AlertEvents() {
    }

    /** Where an event goes: a project's webhook, or a {@code --webhook} URL (no id). */
    private record Destination(Optional<String> webhookId, String url, String format) {
    }

    /** A project's destinations and its spike rule. */
    private record Targets(List<Destination> destinations, int spikeThreshold, int spikeWindowMinutes) {
    }

    /**
     * A report joined {@code groupId}: counts it towards a spike and writes the outbox rows of what happened.
     *
     * @param regression the regression's detail when this report regressed the group
     */
    static void joined(Connection c, AlertRules rules, String groupId, Triage.Member m, boolean created,
                       Optional<ObjectNode> regression, long now) throws SQLException {
        long project = Optional.ofNullable(m.values().get("project")).map(Long::parseLong).orElse(Projects.DEFAULT_ID);
        Targets t = targets(c, rules, project);
        if (t.destinations().isEmpty()) {
            return; // no one to tell: nothing counted, nothing written
        }
        if (created) {
            enqueue(c, t, "group.created", groupId, m, project, JSON.createObjectNode(), now);
        }
        if (regression.isPresent()) {
            enqueue(c, t, "group.regressed", groupId, m, project, JSON.createObjectNode()
                    .set("regression", regression.get()), now);
        }
        spike(c, t, groupId, m, project, now);
    }

    private static Targets targets(Connection c, AlertRules rules, long project) throws SQLException {
        List<Destination> out = new ArrayList<>();
        for (String url : rules.globalUrls()) {
            out.add(new Destination(Optional.empty(), url, "auto"));
        }
        int threshold = rules.spikeThreshold();
        int minutes = rules.spikeWindowMinutes();
        try (PreparedStatement p = c.prepareStatement("SELECT p.spike_threshold, p.spike_window_minutes, w.id, w.url, "
                + "w.format FROM projects p LEFT JOIN webhooks w ON w.project_id = p.id WHERE p.id = ? ORDER BY w.id")) {
            p.setLong(1, project);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    if (r.getObject(1) != null) {
                        threshold = (int) r.getLong(1);
                    }
                    if (r.getObject(2) != null) {
                        minutes = (int) r.getLong(2);
                    }
                    if (r.getString(3) != null) {
                        out.add(new Destination(Optional.of(r.getString(3)), r.getString(4), r.getString(5)));
                    }
                }
            }
        }
        return new Targets(out, threshold, minutes);
    }

    /**
     * Counts the report in its window; the report that takes the count past the threshold makes the window's
     * one {@code group.spike}. A report received before the current window's length ago (grouped late, or
     * moved to another group when symbolicated again) is not counted: a spike is about now.
     */
    private static void spike(Connection c, Targets t, String groupId, Triage.Member m, long project, long now)
            throws SQLException {
        if (t.spikeThreshold() <= 0) {
            return;
        }
        long windowMillis = t.spikeWindowMinutes() * 60_000L;
        if (m.receivedAt() < now - windowMillis) {
            return;
        }
        long start = Math.floorDiv(m.receivedAt(), windowMillis) * windowMillis;
        boolean counted = false;
        for (int attempt = 0; attempt < 2 && !counted; attempt++) {
            try (PreparedStatement p = c.prepareStatement("UPDATE spike_windows SET reports = reports + 1 WHERE group_id = ? "
                    + "AND project_id = ? AND window_start = ? AND window_minutes = ?")) {
                p.setString(1, groupId);
                p.setLong(2, project);
                p.setLong(3, start);
                p.setLong(4, t.spikeWindowMinutes());
                counted = p.executeUpdate() == 1;
            }
            if (!counted) {
                try (PreparedStatement p = c.prepareStatement("INSERT INTO spike_windows (group_id, project_id, window_start, "
                        + "window_minutes, reports) VALUES (?, ?, ?, ?, 1) ON CONFLICT DO NOTHING")) {
                    p.setString(1, groupId);
                    p.setLong(2, project);
                    p.setLong(3, start);
                    p.setLong(4, t.spikeWindowMinutes());
                    // 0: another transaction inserted it meanwhile (PostgreSQL): add to its row.
                    counted = p.executeUpdate() == 1;
                }
            }
        }
        int crossed;
        try (PreparedStatement p = c.prepareStatement("UPDATE spike_windows SET alerted = 1 WHERE group_id = ? "
                + "AND project_id = ? AND window_start = ? AND window_minutes = ? AND alerted = 0 AND reports > ?")) {
            p.setString(1, groupId);
            p.setLong(2, project);
            p.setLong(3, start);
            p.setLong(4, t.spikeWindowMinutes());
            p.setLong(5, t.spikeThreshold());
            crossed = p.executeUpdate();
        }
        if (crossed == 1) {
            ObjectNode spike = JSON.createObjectNode().put("threshold", t.spikeThreshold())
                    .put("window_minutes", t.spikeWindowMinutes()).put("window_start", Instant.ofEpochMilli(start).toString())
                    .put("reports", t.spikeThreshold() + 1);
            enqueue(c, t, "group.spike", groupId, m, project, JSON.createObjectNode().set("spike", spike), now);
        }
    }

    /** One outbox row per destination, all with the same payload and event id. */
    private static void enqueue(Connection c, Targets t, String event, String groupId, Triage.Member m, long project,
                                ObjectNode extra, long now) throws SQLException {
        String eventId = UUID.randomUUID().toString();
        ObjectNode payload = JSON.createObjectNode().put("event", event).put("event_id", eventId)
                .put("occurred_at", Instant.ofEpochMilli(now).toString());
        payload.set("project", project(c, project));
        payload.set("group", group(c, groupId));
        ObjectNode report = payload.putObject("report").put("id", m.reportId())
                .put("received_at", Instant.ofEpochMilli(m.receivedAt()).toString());
        Optional.ofNullable(m.values().get("version")).ifPresent(v -> report.put("version", v));
        payload.setAll(extra);
        try (PreparedStatement p = c.prepareStatement("INSERT INTO alert_outbox (id, event_id, event, group_id, report_id, "
                + "project_id, webhook_id, url, format, payload, created_at, state, attempts, next_attempt_at) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?)")) {
            for (Destination d : t.destinations()) {
                p.setString(1, UUID.randomUUID().toString());
                p.setString(2, eventId);
                p.setString(3, event);
                p.setString(4, groupId);
                p.setString(5, m.reportId());
                p.setLong(6, project);
                p.setString(7, d.webhookId().orElse(null));
                p.setString(8, d.url());
                p.setString(9, d.format());
                p.setString(10, payload.toString());
                p.setLong(11, now);
                p.setLong(12, now);
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    private static ObjectNode project(Connection c, long id) throws SQLException {
        ObjectNode out = JSON.createObjectNode().put("id", id);
        try (PreparedStatement p = c.prepareStatement("SELECT name FROM projects WHERE id = ?")) {
            p.setLong(1, id);
            try (ResultSet r = p.executeQuery()) {
                if (r.next()) {
                    out.put("name", r.getString(1));
                }
            }
        }
        return out;
    }

    private static ObjectNode group(Connection c, String id) throws SQLException {
        ObjectNode out = JSON.createObjectNode().put("id", id);
        try (PreparedStatement p = c.prepareStatement("SELECT title, exception, status, report_count, first_seen, "
                + "last_seen FROM crash_groups WHERE id = ?")) {
            p.setString(1, id);
            try (ResultSet r = p.executeQuery()) {
                if (r.next()) {
                    out.put("title", r.getString(1)).put("exception", r.getString(2)).put("status", r.getString(3))
                            .put("count", r.getLong(4))
                            .put("first_seen", Instant.ofEpochMilli(r.getLong(5)).toString())
                            .put("last_seen", Instant.ofEpochMilli(r.getLong(6)).toString());
                }
            }
        }
        return out;
    }
}
