package dev.crashkit.server.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Crash groups and missing debug files, counted from the reports (so regrouping never leaves stale counts). */
public final class Groups {

    /** A group with its counts. */
    public record Group(String id, String title, String exception, String framesJson, long count, long firstSeen,
                        long lastSeen, List<String> versions) {
    }

    /** Reports of a group per day (UTC day number since the epoch). */
    public record Day(long day, long count) {
    }

    /** A debug file the team should upload. */
    public record MissingFile(String debugId, String imageName, String arch, long reports, long frames) {
    }

    private static final String SELECT = "SELECT g.id, g.title, g.exception, g.frames, COUNT(r.id), "
            + "MIN(r.received_at), MAX(r.received_at) FROM crash_groups g JOIN reports r ON r.group_id = g.id ";
    private static final String GROUP_BY = " GROUP BY g.id, g.title, g.exception, g.frames";

    private final Database db;

    public Groups(Database db) {
        this.db = db;
    }

    /** Most recently seen first. */
    public List<Group> list(int limit, int offset) throws StoreException {
        return db.read(c -> {
            List<Group> out = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement(SELECT + GROUP_BY + " ORDER BY MAX(r.received_at) DESC, g.id "
                    + "LIMIT ? OFFSET ?")) {
                p.setInt(1, limit);
                p.setInt(2, offset);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(row(r, List.of()));
                    }
                }
            }
            List<Group> withVersions = new ArrayList<>();
            for (Group g : out) {
                withVersions.add(new Group(g.id(), g.title(), g.exception(), g.framesJson(), g.count(), g.firstSeen(),
                        g.lastSeen(), versions(c, g.id())));
            }
            return withVersions;
        });
    }

    public Optional<Group> get(String id) throws StoreException {
        return db.read(c -> {
            try (PreparedStatement p = c.prepareStatement(SELECT + "WHERE g.id = ?" + GROUP_BY)) {
                p.setString(1, id);
                try (ResultSet r = p.executeQuery()) {
                    return r.next() ? Optional.of(row(r, versions(c, id))) : Optional.empty();
                }
            }
        });
    }

    /** Report counts per UTC day over the last {@code days} days up to {@code now}, oldest first (zeros kept). */
    public List<Day> perDay(String id, int days, long now) throws StoreException {
        long today = Math.floorDiv(now, 86_400_000L);
        long from = (today - days + 1) * 86_400_000L;
        long[] counts = new long[days];
        db.read(c -> {
            try (PreparedStatement p = c.prepareStatement(
                    "SELECT received_at FROM reports WHERE group_id = ? AND received_at >= ?")) {
                p.setString(1, id);
                p.setLong(2, from);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        int i = (int) (Math.floorDiv(r.getLong(1), 86_400_000L) - (today - days + 1));
                        if (i >= 0 && i < days) {
                            counts[i]++;
                        }
                    }
                }
            }
            return null;
        });
        List<Day> out = new ArrayList<>();
        for (int i = 0; i < days; i++) {
            out.add(new Day(today - days + 1 + i, counts[i]));
        }
        return out;
    }

    /** Debug files frames fell into without one, most waiting reports first. */
    public List<MissingFile> missingFiles() throws StoreException {
        return db.read(c -> {
            List<MissingFile> out = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT debug_id, MIN(image_name), MIN(arch), "
                    + "COUNT(DISTINCT report_id), SUM(frames) FROM missing_images GROUP BY debug_id "
                    + "ORDER BY COUNT(DISTINCT report_id) DESC, debug_id");
                 ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(new MissingFile(r.getString(1), r.getString(2), r.getString(3), r.getLong(4), r.getLong(5)));
                }
            }
            return out;
        });
    }

    private static List<String> versions(java.sql.Connection c, String groupId) throws java.sql.SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT DISTINCT app_version FROM reports WHERE group_id = ? "
                + "AND app_version IS NOT NULL ORDER BY app_version")) {
            p.setString(1, groupId);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(r.getString(1));
                }
            }
        }
        return out;
    }

    private static Group row(ResultSet r, List<String> versions) throws java.sql.SQLException {
        return new Group(r.getString(1), r.getString(2), r.getString(3), r.getString(4), r.getLong(5), r.getLong(6),
                r.getLong(7), versions);
    }
}
