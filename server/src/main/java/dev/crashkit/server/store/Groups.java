package dev.crashkit.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Crash groups and missing debug files. A group's counters (reports, first and last seen) and its
 * per-dimension counts are kept by {@link Triage} in the transaction where a report joins or leaves it.
 */
public final class Groups {

    /**
     * A group with its counts.
     *
     * @param versions the app versions of its reports, oldest first ({@link AppVersionOrder}; texts that are
     *                 no version after the others)
     * @param removed  how many of its {@code count} reports retention removed (they keep counting)
     * @param users    distinct installs/users among its reports that name one (exact)
     */
    public record Group(String id, String title, String exception, String framesJson, long count, long firstSeen,
                        long lastSeen, String status, Optional<String> resolvedInVersion, List<String> versions,
                        long removed, long users) {
        /** The lowest app version among its reports. */
        public Optional<String> firstVersion() {
            return versions.isEmpty() ? Optional.empty() : Optional.of(versions.get(0));
        }

        /** The highest app version among its reports (a dotted version when there is one). */
        public Optional<String> lastVersion() {
            for (int i = versions.size() - 1; i >= 0; i--) {
                if (AppVersionOrder.parse(versions.get(i)).isPresent()) {
                    return Optional.of(versions.get(i));
                }
            }
            return versions.isEmpty() ? Optional.empty() : Optional.of(versions.get(versions.size() - 1));
        }
    }

    /** Reports of a group with one value of a dimension (one app version, one OS, ...). */
    public record Facet(String value, long reports) {
    }

    /** Reports of a group per day (UTC day number since the epoch). */
    public record Day(long day, long count) {
    }

    /**
     * A debug file that would name frames of waiting reports.
     *
     * @param system whether it is a system image's (the OS's, the JDK's, JNA's: not from the app's build)
     */
    public record MissingFile(String debugId, String imageName, String arch, long reports, long frames,
                              boolean system) {
    }

    static final String COLUMNS = "g.id, g.title, g.exception, g.frames, g.report_count, g.first_seen, g.last_seen, "
            + "g.status, g.resolved_in_version, g.removed_reports, g.user_count";

    /** Versions in {@link AppVersionOrder}; a text that is no version after every version, by text. */
    static final Comparator<String> VERSION_ORDER = (a, b) -> {
        Optional<AppVersionOrder.Parsed> x = AppVersionOrder.parse(a);
        Optional<AppVersionOrder.Parsed> y = AppVersionOrder.parse(b);
        if (x.isPresent() && y.isPresent()) {
            int c = AppVersionOrder.compare(x.get(), y.get());
            return c != 0 ? c : a.compareTo(b);
        }
        if (x.isPresent() != y.isPresent()) {
            return x.isPresent() ? -1 : 1;
        }
        return a.compareTo(b);
    };

    private final Database db;

    public Groups(Database db) {
        this.db = db;
    }

    public Optional<Group> get(String id) throws StoreException {
        return db.read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT " + COLUMNS + " FROM crash_groups g "
                    + "WHERE g.id = ? AND g.report_count > 0")) {
                p.setString(1, id);
                try (ResultSet r = p.executeQuery()) {
                    if (!r.next()) {
                        return Optional.empty();
                    }
                    Group g = row(r, List.of());
                    return Optional.of(withVersions(c, List.of(g)).get(0));
                }
            }
        });
    }

    /** A group's report counts per value of {@code dim} (version, os, device, project); versions in version order. */
    public List<Facet> facets(String id, String dim) throws StoreException {
        return db.read(c -> {
            List<Facet> out = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT value, reports FROM group_facets "
                    + "WHERE group_id = ? AND dim = ? AND reports > 0")) {
                p.setString(1, id);
                p.setString(2, dim);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(new Facet(r.getString(1), r.getLong(2)));
                    }
                }
            }
            Comparator<Facet> order = dim.equals("version") ? Comparator.comparing(Facet::value, VERSION_ORDER)
                    : Comparator.comparingLong(Facet::reports).reversed().thenComparing(Facet::value);
            out.sort(order);
            return out;
        });
    }

    /** Values of {@code dim} over every group, most reports first (the choices of a filter), at most {@code limit}. */
    public List<Facet> values(String dim, int limit) throws StoreException {
        return db.read(c -> {
            List<Facet> out = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT value, SUM(reports) FROM group_facets WHERE dim = ? "
                    + "AND reports > 0 GROUP BY value ORDER BY SUM(reports) DESC, value LIMIT ?")) {
                p.setString(1, dim);
                p.setInt(2, limit);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(new Facet(r.getString(1), r.getLong(2)));
                    }
                }
            }
            return out;
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

    /**
     * Debug files frames fell into without one: the app's first, then the system's, each most waiting
     * reports first. An image some report counts as the app's is the app's ({@code MIN}: 'app' before 'system').
     */
    public List<MissingFile> missingFiles() throws StoreException {
        return db.read(c -> {
            List<MissingFile> out = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT debug_id, MIN(image_name), MIN(arch), "
                    + "COUNT(DISTINCT report_id), SUM(frames), MIN(origin) FROM missing_images GROUP BY debug_id "
                    + "ORDER BY MIN(origin), COUNT(DISTINCT report_id) DESC, debug_id");
                 ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(new MissingFile(r.getString(1), r.getString(2), r.getString(3), r.getLong(4), r.getLong(5),
                            r.getString(6).equals("system")));
                }
            }
            return out;
        });
    }

    /** The groups with their versions, read for all of them in one query. */
    static List<Group> withVersions(Connection c, List<Group> groups) throws SQLException {
        if (groups.isEmpty()) {
            return groups;
        }
        Map<String, List<String>> versions = new HashMap<>();
        String marks = String.join(", ", java.util.Collections.nCopies(groups.size(), "?"));
        try (PreparedStatement p = c.prepareStatement("SELECT group_id, value FROM group_facets WHERE dim = 'version' "
                + "AND reports > 0 AND group_id IN (" + marks + ")")) {
            for (int i = 0; i < groups.size(); i++) {
                p.setString(i + 1, groups.get(i).id());
            }
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    versions.computeIfAbsent(r.getString(1), k -> new ArrayList<>()).add(r.getString(2));
                }
            }
        }
        List<Group> out = new ArrayList<>(groups.size());
        for (Group g : groups) {
            List<String> v = new ArrayList<>(versions.getOrDefault(g.id(), List.of()));
            v.sort(VERSION_ORDER);
            out.add(new Group(g.id(), g.title(), g.exception(), g.framesJson(), g.count(), g.firstSeen(), g.lastSeen(),
                    g.status(), g.resolvedInVersion(), List.copyOf(v), g.removed(), g.users()));
        }
        return out;
    }

    static Group row(ResultSet r, Collection<String> versions) throws SQLException {
        return new Group(r.getString(1), r.getString(2), r.getString(3), r.getString(4), r.getLong(5), r.getLong(6),
                r.getLong(7), r.getString(8), Optional.ofNullable(r.getString(9)), List.copyOf(versions), r.getLong(10),
                r.getLong(11));
    }
}
