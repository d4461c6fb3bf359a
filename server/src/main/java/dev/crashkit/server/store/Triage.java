package dev.crashkit.server.store;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Group triage: status ({@code open}, {@code resolved} now or in a version, {@code ignored}, {@code regressed}),
 * the group's counters and per-dimension report counts, and its activity log. A report joins or leaves a
 * group in the worker's result transaction ({@link Results}), where this class keeps the counters exact
 * and detects a regression, so that a status change and a report joining are ordered by the database
 * (SQLite's one writer; on PostgreSQL the group row's lock, taken by the first UPDATE of the join).
 */
public final class Triage {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Statuses a user sets; {@code regressed} is only ever set by a report. */
    public static final List<String> SETTABLE = List.of("open", "resolved", "ignored");
    /** Every status a group may have. */
    public static final List<String> STATUSES = List.of("open", "resolved", "ignored", "regressed");
    /** The dimensions counted per group (filters of the group list, the per-version chart). */
    static final List<String> DIMS = List.of("version", "os", "device", "project");

    /** An entry of a group's activity log; {@code detail} is a JSON object. */
    public record Activity(long seq, long at, String kind, Optional<String> reportId, String detail) {
    }

    /**
     * A report as counted in a group: when it was received, its dimension values (dim → value) and its
     * user's hash (counted per group in {@code group_users}, not a facet: hashes are not shown).
     */
    record Member(String reportId, long receivedAt, Map<String, String> values, Optional<String> user) {
        static Member of(String reportId, long receivedAt, Optional<String> version, Optional<String> os,
                         Optional<String> device, Optional<String> project, Optional<String> user) {
            Map<String, String> v = new LinkedHashMap<>();
            version.ifPresent(x -> v.put("version", x));
            os.ifPresent(x -> v.put("os", x));
            device.ifPresent(x -> v.put("device", x));
            project.ifPresent(x -> v.put("project", x));
            return new Member(reportId, receivedAt, v, user);
        }
    }

    /** A new status refused (400). */
    public static final class BadStatus extends Exception {
        public BadStatus(String message) {
            super(message);
        }
    }

    private final Database db;

    public Triage(Database db) {
        this.db = db;
    }

    /**
     * Sets a group's status; {@code inVersion} only with {@code resolved}. Empty when there is no such group.
     */
    public Optional<Boolean> setStatus(String groupId, String status, Optional<String> inVersion, long now)
            throws StoreException, BadStatus {
        if (!SETTABLE.contains(status)) {
            throw new BadStatus("status must be one of " + String.join(", ", SETTABLE) + " (regressed is set by reports)");
        }
        if (inVersion.isPresent() && !status.equals("resolved")) {
            throw new BadStatus("in_version goes only with status resolved");
        }
        if (inVersion.isPresent() && (inVersion.get().length() > 200 || AppVersionOrder.parse(inVersion.get()).isEmpty())) {
            throw new BadStatus("in_version is not a version (dotted numbers such as 1.2 or 1.2.3 (45))");
        }
        return db.write(c -> {
            String before;
            try (PreparedStatement p = c.prepareStatement("SELECT status FROM crash_groups WHERE id = ?")) {
                p.setString(1, groupId);
                try (ResultSet r = p.executeQuery()) {
                    if (!r.next()) {
                        return Optional.empty();
                    }
                    before = r.getString(1);
                }
            }
            boolean resolved = status.equals("resolved");
            try (PreparedStatement p = c.prepareStatement("UPDATE crash_groups SET status = ?, resolved_in_version = ?, "
                    + "resolved_at = ? WHERE id = ?")) {
                p.setString(1, status);
                p.setString(2, inVersion.orElse(null));
                if (resolved) {
                    p.setLong(3, now);
                } else {
                    p.setNull(3, java.sql.Types.BIGINT);
                }
                p.setString(4, groupId);
                p.executeUpdate();
            }
            ObjectNode detail = JSON.createObjectNode().put("from", before).put("to", status);
            inVersion.ifPresent(v -> detail.put("in_version", v));
            log(c, groupId, now, "status", Optional.empty(), detail);
            return Optional.of(true);
        });
    }

    /** The activity log, oldest first, at most {@code limit} newest entries. */
    public List<Activity> activity(String groupId, int limit) throws StoreException {
        return db.read(c -> {
            List<Activity> out = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT seq, at, kind, report_id, detail FROM group_activity "
                    + "WHERE group_id = ? ORDER BY seq DESC LIMIT ?")) {
                p.setString(1, groupId);
                p.setInt(2, limit);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(0, new Activity(r.getLong(1), r.getLong(2), r.getString(3),
                                Optional.ofNullable(r.getString(4)), r.getString(5)));
                    }
                }
            }
            return out;
        });
    }

    /**
     * Moves a report's counts from {@code before} to {@code after} (either group may be absent: a report
     * grouped for the first time has no group before). The reports row must already carry {@code after}'s
     * group (first/last seen of a group left are read back from the reports).
     */
    static void move(Connection c, Optional<String> beforeGroup, Member before, String afterGroup, boolean created,
                     Member after, long now, AlertRules alerts) throws SQLException {
        if (beforeGroup.isPresent() && beforeGroup.get().equals(afterGroup)) {
            // Same group, perhaps with a dimension learnt on this pass (rows stored before schema 2).
            for (String dim : DIMS) {
                String was = before.values().get(dim);
                String is = after.values().get(dim);
                if (!Objects.equals(was, is)) {
                    if (was != null) {
                        facet(c, afterGroup, dim, was, -1);
                    }
                    if (is != null && facet(c, afterGroup, dim, is, 1) && dim.equals("version")) {
                        newVersion(c, afterGroup, after, now);
                    }
                }
            }
            return;
        }
        if (beforeGroup.isPresent()) {
            leave(c, beforeGroup.get(), before);
        }
        join(c, afterGroup, created, after, now, alerts);
    }

    /**
     * Counts the report in its new group, logs what is new, turns a resolved group regressed if it is, and
     * writes the alerts this makes (in this same transaction).
     */
    private static void join(Connection c, String groupId, boolean created, Member m, long now, AlertRules alerts)
            throws SQLException {
        // The first statement that writes the group row: on PostgreSQL it holds the row's lock from here on.
        try (PreparedStatement p = c.prepareStatement("UPDATE crash_groups SET report_count = report_count + 1, "
                + "first_seen = CASE WHEN report_count = 0 OR first_seen > ? THEN ? ELSE first_seen END, "
                + "last_seen = CASE WHEN report_count = 0 OR last_seen < ? THEN ? ELSE last_seen END WHERE id = ?")) {
            p.setLong(1, m.receivedAt());
            p.setLong(2, m.receivedAt());
            p.setLong(3, m.receivedAt());
            p.setLong(4, m.receivedAt());
            p.setString(5, groupId);
            p.executeUpdate();
        }
        if (created) {
            ObjectNode d = JSON.createObjectNode();
            Optional.ofNullable(m.values().get("version")).ifPresent(v -> d.put("version", v));
            log(c, groupId, now, "created", Optional.of(m.reportId()), d);
        }
        for (Map.Entry<String, String> e : m.values().entrySet()) {
            if (facet(c, groupId, e.getKey(), e.getValue(), 1) && e.getKey().equals("version") && !created) {
                newVersion(c, groupId, m, now);
            }
        }
        if (m.user().isPresent()) {
            userJoins(c, groupId, m.user().get());
        }
        Optional<ObjectNode> regression = regressIfResolved(c, groupId, m, now);
        AlertEvents.joined(c, alerts, groupId, m, created, regression, now);
    }

    /**
     * Counts a report of {@code user} in a group: a new (group, user) row adds one to the group's
     * {@code user_count}. Exact, and one row per user of a group (the group row, updated first by
     * {@link #join}, orders concurrent joins on PostgreSQL).
     */
    private static void userJoins(Connection c, String groupId, String user) throws SQLException {
        for (int attempt = 0; attempt < 2; attempt++) {
            try (PreparedStatement p = c.prepareStatement(
                    "UPDATE group_users SET reports = reports + 1 WHERE group_id = ? AND user_hash = ?")) {
                p.setString(1, groupId);
                p.setString(2, user);
                if (p.executeUpdate() == 1) {
                    return;
                }
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO group_users (group_id, user_hash, reports) "
                    + "VALUES (?, ?, 1) ON CONFLICT (group_id, user_hash) DO NOTHING")) {
                p.setString(1, groupId);
                p.setString(2, user);
                if (p.executeUpdate() == 1) {
                    try (PreparedStatement u = c.prepareStatement(
                            "UPDATE crash_groups SET user_count = user_count + 1 WHERE id = ?")) {
                        u.setString(1, groupId);
                        u.executeUpdate();
                    }
                    return;
                }
            }
        }
    }

    /** Takes a report of {@code user} out of a group: the user's last report there takes one from {@code user_count}. */
    private static void userLeaves(Connection c, String groupId, String user) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(
                "UPDATE group_users SET reports = reports - 1 WHERE group_id = ? AND user_hash = ?")) {
            p.setString(1, groupId);
            p.setString(2, user);
            p.executeUpdate();
        }
        try (PreparedStatement p = c.prepareStatement(
                "DELETE FROM group_users WHERE group_id = ? AND user_hash = ? AND reports <= 0")) {
            p.setString(1, groupId);
            p.setString(2, user);
            if (p.executeUpdate() == 1) {
                try (PreparedStatement u = c.prepareStatement(
                        "UPDATE crash_groups SET user_count = user_count - 1 WHERE id = ? AND user_count > 0")) {
                    u.setString(1, groupId);
                    u.executeUpdate();
                }
            }
        }
    }

    private static void newVersion(Connection c, String groupId, Member m, long now) throws SQLException {
        log(c, groupId, now, "new_version", Optional.of(m.reportId()),
                JSON.createObjectNode().put("version", m.values().get("version")));
    }

    /**
     * A group resolved in version V regresses on a report of version V or later (a report without a
     * version, or with one that is no dotted version, does not regress it); resolved without a version,
     * on a report received after the resolve. Answers the regression's detail when it regressed.
     */
    private static Optional<ObjectNode> regressIfResolved(Connection c, String groupId, Member m, long now)
            throws SQLException {
        String status;
        Optional<String> inVersion;
        long resolvedAt;
        try (PreparedStatement p = c.prepareStatement(
                "SELECT status, resolved_in_version, resolved_at FROM crash_groups WHERE id = ?")) {
            p.setString(1, groupId);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) {
                    return Optional.empty();
                }
                status = r.getString(1);
                inVersion = Optional.ofNullable(r.getString(2));
                resolvedAt = r.getLong(3);
            }
        }
        if (!status.equals("resolved")) {
            return Optional.empty();
        }
        Optional<String> version = Optional.ofNullable(m.values().get("version"));
        boolean regressed = inVersion.isPresent()
                ? version.isPresent() && AppVersionOrder.atLeast(version.get(), inVersion.get())
                : m.receivedAt() > resolvedAt;
        if (!regressed) {
            return Optional.empty();
        }
        try (PreparedStatement p = c.prepareStatement(
                "UPDATE crash_groups SET status = 'regressed' WHERE id = ? AND status = 'resolved'")) {
            p.setString(1, groupId);
            if (p.executeUpdate() != 1) {
                return Optional.empty();
            }
        }
        ObjectNode d = JSON.createObjectNode();
        version.ifPresent(v -> d.put("version", v));
        inVersion.ifPresent(v -> d.put("resolved_in_version", v));
        d.put("resolved_at", java.time.Instant.ofEpochMilli(resolvedAt).toString());
        log(c, groupId, now, "regressed", Optional.of(m.reportId()), d);
        return Optional.of(d);
    }

    /** Takes a report out of a group's counts (it moved to another group when symbolicated again). */
    private static void leave(Connection c, String groupId, Member m) throws SQLException {
        for (Map.Entry<String, String> e : m.values().entrySet()) {
            facet(c, groupId, e.getKey(), e.getValue(), -1);
        }
        if (m.user().isPresent()) {
            userLeaves(c, groupId, m.user().get());
        }
        // MIN/MAX over reports_by_group (group_id, received_at, id): two index probes, whatever the group's size;
        // reports removed by retention still count (schema 7 keeps their first and last received times).
        try (PreparedStatement p = c.prepareStatement("UPDATE crash_groups SET report_count = report_count - 1, "
                + "first_seen = COALESCE((SELECT MIN(t) FROM (SELECT MIN(r.received_at) AS t FROM reports r "
                + "WHERE r.group_id = ? UNION ALL SELECT removed_first_seen FROM crash_groups WHERE id = ?) f), first_seen), "
                + "last_seen = COALESCE((SELECT MAX(t) FROM (SELECT MAX(r.received_at) AS t FROM reports r "
                + "WHERE r.group_id = ? UNION ALL SELECT removed_last_seen FROM crash_groups WHERE id = ?) l), last_seen) "
                + "WHERE id = ? AND report_count > 0")) {
            p.setString(1, groupId);
            p.setString(2, groupId);
            p.setString(3, groupId);
            p.setString(4, groupId);
            p.setString(5, groupId);
            p.executeUpdate();
        }
    }

    /** Adds {@code delta} to a facet's count; true when the facet row is new (the group's first such value). */
    private static boolean facet(Connection c, String groupId, String dim, String value, int delta) throws SQLException {
        for (int attempt = 0; attempt < 2; attempt++) {
            try (PreparedStatement p = c.prepareStatement("UPDATE group_facets SET reports = reports + ? "
                    + "WHERE group_id = ? AND dim = ? AND value = ?")) {
                p.setInt(1, delta);
                p.setString(2, groupId);
                p.setString(3, dim);
                p.setString(4, value);
                if (p.executeUpdate() == 1 || delta < 0) {
                    return false;
                }
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO group_facets (group_id, dim, value, reports) "
                    + "VALUES (?, ?, ?, ?) ON CONFLICT (group_id, dim, value) DO NOTHING")) {
                p.setString(1, groupId);
                p.setString(2, dim);
                p.setString(3, value);
                p.setInt(4, delta);
                if (p.executeUpdate() == 1) {
                    return true;
                }
            }
            // Another transaction inserted it meanwhile (PostgreSQL): add to its row.
        }
        return false;
    }

    private static void log(Connection c, String groupId, long at, String kind, Optional<String> reportId,
                            ObjectNode detail) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(
                "UPDATE crash_groups SET activity_seq = activity_seq + 1 WHERE id = ?")) {
            p.setString(1, groupId);
            p.executeUpdate();
        }
        long seq;
        try (PreparedStatement p = c.prepareStatement("SELECT activity_seq FROM crash_groups WHERE id = ?")) {
            p.setString(1, groupId);
            try (ResultSet r = p.executeQuery()) {
                r.next();
                seq = r.getLong(1);
            }
        }
        try (PreparedStatement p = c.prepareStatement("INSERT INTO group_activity (group_id, seq, at, kind, report_id, "
                + "detail) VALUES (?, ?, ?, ?, ?, ?)")) {
            p.setString(1, groupId);
            p.setLong(2, seq);
            p.setLong(3, at);
            p.setString(4, kind);
            p.setString(5, reportId.orElse(null));
            p.setString(6, detail.toString());
            p.executeUpdate();
        }
    }
}
