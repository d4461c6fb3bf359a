package dev.crashkit.server.store;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Filtered lists of groups and reports, paged by keyset: newest first by (time, id) — a group's last
 * report, a report's arrival — and a page's cursor is the last row's (time, id). The next page starts
 * strictly after it, so reports arriving meanwhile never shift a page (they land before the first) and no
 * row is shown twice or skipped. Each equality filter has an index ending in (time, id) (schema 2), so a
 * page reads its rows in index order and stops after {@code limit + 1}; but a report's {@code status} has
 * no index (it changes on every pass, and ingest would pay for it) and, like {@code q}, is checked on the
 * rows the time index walks; {@code q} is a case-insensitive
 * {@code LIKE '%text%'} over stored frame names, checked on the rows the index walks (a rare text may walk
 * far: its cost is that of the rows before the page fills).
 */
public final class Search {
    /** Longest {@code q}. */
    public static final int MAX_QUERY = 200;

    /** Where a page ends: the last row's time and id. {@link #encode()} is the opaque {@code cursor}. */
    public record Cursor(long time, String id) {
        public String encode() {
            return Base64.getUrlEncoder().withoutPadding()
                    .encodeToString((time + ":" + id).getBytes(StandardCharsets.UTF_8));
        }

        /** Empty when the text is no cursor this server gave. */
        public static Optional<Cursor> decode(String text) {
            try {
                String s = new String(Base64.getUrlDecoder().decode(text.strip()), StandardCharsets.UTF_8);
                int colon = s.indexOf(':');
                if (colon <= 0 || s.length() > 300) {
                    return Optional.empty();
                }
                return Optional.of(new Cursor(Long.parseLong(s.substring(0, colon)), s.substring(colon + 1)));
            } catch (IllegalArgumentException e) {
                return Optional.empty();
            }
        }
    }

    /**
     * What to list. For groups: a group has a report of that version / OS / device / project, was seen in the
     * time range [since, until), its exception is {@code exception}, its title or signature frames hold {@code q}.
     * For reports the same on the report itself ({@code status} is then the report's: pending, symbolicated,
     * partial, failed); {@code group} only for reports.
     */
    public record Filter(Optional<String> status, Optional<String> version, Optional<String> os,
                         Optional<String> device, Optional<String> exception, OptionalLong since, OptionalLong until,
                         Optional<String> q, Optional<String> project, Optional<String> group) {
        public static Filter none() {
            return new Filter(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                    OptionalLong.empty(), OptionalLong.empty(), Optional.empty(), Optional.empty(), Optional.empty());
        }

        public Filter withGroup(String id) {
            return new Filter(status, version, os, device, exception, since, until, q, project, Optional.of(id));
        }
    }

    /** A page and where the next one starts (empty on the last page). */
    public record Page<T>(List<T> items, Optional<Cursor> next) {
    }

    /** SQL and its parameters (package-private for the query-plan test). */
    record Query(String sql, List<Object> params) {
    }

    private final Database db;

    public Search(Database db) {
        this.db = db;
    }

    public Page<Groups.Group> groups(Filter f, int limit, Optional<Cursor> after) throws StoreException {
        Query q = groupQuery(f, limit, after);
        return db.read(c -> {
            List<Groups.Group> rows = new ArrayList<>();
            try (PreparedStatement p = prepare(c, q); ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    rows.add(Groups.row(r, List.of()));
                }
            }
            Optional<Cursor> next = Optional.empty();
            if (rows.size() > limit) {
                rows = rows.subList(0, limit);
                Groups.Group last = rows.get(limit - 1);
                next = Optional.of(new Cursor(last.lastSeen(), last.id()));
            }
            return new Page<>(Groups.withVersions(c, new ArrayList<>(rows)), next);
        });
    }

    public Page<ReportStore.Report> reports(Filter f, int limit, Optional<Cursor> after) throws StoreException {
        Query q = reportQuery(f, limit, after);
        return db.read(c -> {
            List<ReportStore.Report> rows = new ArrayList<>();
            try (PreparedStatement p = prepare(c, q); ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    rows.add(ReportStore.row(r));
                }
            }
            Optional<Cursor> next = Optional.empty();
            if (rows.size() > limit) {
                rows = new ArrayList<>(rows.subList(0, limit));
                ReportStore.Report last = rows.get(limit - 1);
                next = Optional.of(new Cursor(last.receivedAt(), last.id()));
            }
            return new Page<>(rows, next);
        });
    }

    static Query groupQuery(Filter f, int limit, Optional<Cursor> after) {
        StringBuilder sql = new StringBuilder("SELECT " + Groups.COLUMNS + " FROM crash_groups g WHERE g.report_count > 0");
        List<Object> params = new ArrayList<>();
        equal(sql, params, "g.status", f.status());
        equal(sql, params, "g.exception", f.exception());
        facet(sql, params, "version", f.version());
        facet(sql, params, "os", f.os());
        facet(sql, params, "device", f.device());
        // Groups are filtered by the project of their reports (facet 'project': the numeric id of reports.project_id).
        facet(sql, params, "project", f.project());
        if (f.since().isPresent() || f.until().isPresent()) {
            // last_seen/first_seen bound the index range; the EXISTS (reports_by_group) makes it exact.
            StringBuilder exists = new StringBuilder(" AND EXISTS (SELECT 1 FROM reports r WHERE r.group_id = g.id");
            if (f.since().isPresent()) {
                sql.append(" AND g.last_seen >= ?");
                params.add(f.since().getAsLong());
                exists.append(" AND r.received_at >= ?");
            }
            if (f.until().isPresent()) {
                sql.append(" AND g.first_seen < ?");
                params.add(f.until().getAsLong());
                exists.append(" AND r.received_at < ?");
            }
            sql.append(exists).append(')');
            f.since().ifPresent(params::add);
            f.until().ifPresent(params::add);
        }
        if (f.q().isPresent()) {
            sql.append(" AND (LOWER(g.title) LIKE ? ESCAPE '!' OR LOWER(g.frames) LIKE ? ESCAPE '!')");
            params.add(like(f.q().get()));
            params.add(like(f.q().get()));
        }
        if (after.isPresent()) {
            sql.append(" AND (g.last_seen, g.id) < (?, ?)");
            params.add(after.get().time());
            params.add(after.get().id());
        }
        sql.append(" ORDER BY g.last_seen DESC, g.id DESC LIMIT ?");
        params.add(limit + 1);
        return new Query(sql.toString(), params);
    }

    static Query reportQuery(Filter f, int limit, Optional<Cursor> after) {
        StringBuilder sql = new StringBuilder("SELECT " + ReportStore.COLUMNS + " FROM reports WHERE 1 = 1");
        List<Object> params = new ArrayList<>();
        equal(sql, params, "group_id", f.group());
        equal(sql, params, "status", f.status());
        equal(sql, params, "app_version", f.version());
        equal(sql, params, "os", f.os());
        equal(sql, params, "device", f.device());
        equal(sql, params, "exception", f.exception());
        // A project is named by its numeric id here (the API turns a name into it); a value that is no
        // number matches no report.
        if (f.project().isPresent()) {
            sql.append(" AND project_id = ?");
            params.add(projectId(f.project().get()));
        }
        if (f.since().isPresent()) {
            sql.append(" AND received_at >= ?");
            params.add(f.since().getAsLong());
        }
        if (f.until().isPresent()) {
            sql.append(" AND received_at < ?");
            params.add(f.until().getAsLong());
        }
        if (f.q().isPresent()) {
            sql.append(" AND LOWER(frame_text) LIKE ? ESCAPE '!'");
            params.add(like(f.q().get()));
        }
        if (after.isPresent()) {
            sql.append(" AND (received_at, id) < (?, ?)");
            params.add(after.get().time());
            params.add(after.get().id());
        }
        sql.append(" ORDER BY received_at DESC, id DESC LIMIT ?");
        params.add(limit + 1);
        return new Query(sql.toString(), params);
    }

    private static long projectId(String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static void equal(StringBuilder sql, List<Object> params, String column, Optional<String> value) {
        if (value.isPresent()) {
            sql.append(" AND ").append(column).append(" = ?");
            params.add(value.get());
        }
    }

    private static void facet(StringBuilder sql, List<Object> params, String dim, Optional<String> value) {
        if (value.isPresent()) {
            sql.append(" AND EXISTS (SELECT 1 FROM group_facets f WHERE f.group_id = g.id AND f.dim = '").append(dim)
                    .append("' AND f.value = ? AND f.reports > 0)");
            params.add(value.get());
        }
    }

    /** {@code %text%}, lower case, with LIKE's wildcards in the text taken literally. */
    static String like(String text) {
        String t = text.toLowerCase(java.util.Locale.ROOT).replace("!", "!!").replace("%", "!%").replace("_", "!_");
        return "%" + t + "%";
    }

    static PreparedStatement prepare(Connection c, Query q) throws SQLException {
        PreparedStatement p = c.prepareStatement(q.sql());
        try {
            for (int i = 0; i < q.params().size(); i++) {
                Object v = q.params().get(i);
                if (v instanceof Long l) {
                    p.setLong(i + 1, l);
                } else if (v instanceof Integer n) {
                    p.setInt(i + 1, n);
                } else {
                    p.setString(i + 1, (String) v);
                }
            }
            return p;
        } catch (SQLException e) {
            p.close();
            throw e;
        }
    }
}
