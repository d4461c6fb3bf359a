package dev.crashkit.server.store;

import dev.crashkit.server.blob.BlobKeys;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Removes raw reports (row, body, result, missing images; bytes in a shared blob store are queued for
 * {@link BlobDeletions}) by the {@link Policy}: older than the retention,
 * beyond the newest N of their group, or the oldest while the stored reports exceed the byte budget.
 *
 * <p>Never removed: a report with a queue entry (pending, queued again, claimed by a worker): so never one an
 * ingest acknowledged and no worker has finished, nor one received after the run began. Removal is in
 * batches of {@link #BATCH} reports, one short write transaction each, so ingest and workers go on between
 * them. A group's counters (report count, facets per version/OS/device/project, first and last seen) are
 * stored counters and are not decremented: they keep counting removed reports, and {@code removed_reports}
 * says how many of them are gone.
 */
public final class Retention {
    /** Reports removed per write transaction. */
    static final int BATCH = 200;

    /**
     * What to keep; 0 turns a rule off.
     *
     * @param maxAgeMillis          remove reports received longer ago than this
     * @param maxReportsPerGroup    keep the newest this many reports of each group
     * @param maxStoredReportBytes  remove the oldest reports (any group) while their raw sizes add up to more
     */
    public record Policy(long maxAgeMillis, long maxReportsPerGroup, long maxStoredReportBytes) {
        public Policy {
            if (maxAgeMillis < 0 || maxReportsPerGroup < 0 || maxStoredReportBytes < 0) {
                throw new IllegalArgumentException("retention limits are 0 (off) or positive");
            }
        }

        /** Keeps everything. */
        public static Policy keepAll() {
            return new Policy(0, 0, 0);
        }

        public boolean keepsAll() {
            return maxAgeMillis == 0 && maxReportsPerGroup == 0 && maxStoredReportBytes == 0;
        }
    }

    /**
     * What one run removed: reports, their stored results, bytes (raw sizes plus result lengths), and of those
     * the raw sizes.
     */
    public record Removed(long reports, long results, long bytes, long reportBytes) {
        static final Removed NONE = new Removed(0, 0, 0, 0);

        Removed plus(Removed o) {
            return new Removed(reports + o.reports, results + o.results, bytes + o.bytes, reportBytes + o.reportBytes);
        }
    }

    private final Database db;

    public Retention(Database db) {
        this.db = db;
    }

    /** One cleanup run at {@code now}: each rule in turn, in batches, until it has nothing more to remove. */
    public Removed run(Policy policy, long now) throws StoreException {
        Removed total = Removed.NONE;
        if (policy.maxAgeMillis() > 0) {
            total = total.plus(byAge(now - policy.maxAgeMillis(), now));
        }
        if (policy.maxReportsPerGroup() > 0) {
            total = total.plus(perGroup(policy.maxReportsPerGroup(), now));
        }
        if (policy.maxStoredReportBytes() > 0) {
            total = total.plus(byBudget(policy.maxStoredReportBytes(), now));
        }
        return total;
    }

    private Removed byAge(long cutoff, long runStart) throws StoreException {
        Removed total = Removed.NONE;
        while (true) {
            List<String> ids = db.read(c -> ids(c, "SELECT id FROM reports r WHERE received_at < ? AND " + NO_JOB
                    + " ORDER BY received_at, id LIMIT " + BATCH, cutoff));
            Removed r = remove(ids, runStart);
            total = total.plus(r);
            if (ids.size() < BATCH || r.reports() == 0) {
                return total;
            }
        }
    }

    private Removed perGroup(long keep, long runStart) throws StoreException {
        // Groups holding more stored reports than kept, by their counters (no scan of the reports).
        List<String> groups = db.read(c -> ids(c, "SELECT id FROM crash_groups WHERE report_count - removed_reports > ? "
                + "ORDER BY id", keep));
        Removed total = Removed.NONE;
        for (String group : groups) {
            while (true) {
                // The newest `keep` stay (reports_by_group, newest first); of the older ones, those without a job go.
                List<String> ids = db.read(c -> ids(c, "SELECT id FROM (SELECT id FROM reports WHERE group_id = ? "
                        + "ORDER BY received_at DESC, id DESC LIMIT " + BATCH + " OFFSET " + keep + ") older WHERE "
                        + "NOT EXISTS (SELECT 1 FROM jobs j WHERE j.report_id = older.id)", group));
                Removed r = remove(ids, runStart);
                total = total.plus(r);
                if (ids.isEmpty() || r.reports() == 0) {
                    break;
                }
            }
        }
        return total;
    }

    private Removed byBudget(long budget, long runStart) throws StoreException {
        Removed total = Removed.NONE;
        // Summed once per run (a scan of the table), then less what each batch removed; what arrives meanwhile
        // is the next run's.
        long stored = db.read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT COALESCE(SUM(size), 0) FROM reports");
                 ResultSet r = p.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        });
        while (true) {
            if (stored <= budget) {
                return total;
            }
            long over = stored - budget;
            List<String> ids = db.read(c -> {
                List<String> out = new ArrayList<>();
                long freed = 0;
                try (PreparedStatement p = c.prepareStatement("SELECT id, size FROM reports r WHERE " + NO_JOB
                        + " ORDER BY received_at, id LIMIT " + BATCH)) {
                    try (ResultSet r = p.executeQuery()) {
                        while (r.next() && freed < over) {
                            out.add(r.getString(1));
                            freed += r.getLong(2);
                        }
                    }
                }
                return out;
            });
            Removed r = remove(ids, runStart);
            total = total.plus(r);
            stored -= r.reportBytes();
            if (r.reports() == 0) {
                return total; // what is over the budget is pending or newer than this run
            }
        }
    }

    /** Not queued (pending, queued again or claimed): a worker may be writing its result. */
    private static final String NO_JOB = "NOT EXISTS (SELECT 1 FROM jobs j WHERE j.report_id = r.id)";

    /**
     * Removes these reports in one transaction, each only if it still has no queue entry and was received
     * before the run began (checked again under the write lock: a debug file upload may have queued it since).
     */
    private Removed remove(List<String> ids, long runStart) throws StoreException {
        if (ids.isEmpty()) {
            return Removed.NONE;
        }
        return db.write(c -> {
            String marks = String.join(", ", Collections.nCopies(ids.size(), "?"));
            // PostgreSQL: lock the rows, so that a job inserted for one of them now waits for this transaction
            // (SQLite: its single writer lock, held by this transaction, does the same).
            String lock = db.dialect() == Dialect.POSTGRESQL ? " FOR UPDATE" : "";
            List<String> doomed = new ArrayList<>();
            long bytes = 0;
            Map<String, long[]> byGroup = new TreeMap<>(); // group → {count, min received, max received}
            List<String> blobKeys = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT id, size, group_id, received_at, sha256, "
                    + "CASE WHEN EXISTS (SELECT 1 FROM report_bodies b WHERE b.report_id = r.id) THEN 1 ELSE 0 END "
                    + "FROM reports r WHERE id IN (" + marks + ") AND received_at < ? AND " + NO_JOB + lock)) {
                int i = 1;
                for (String id : ids) {
                    p.setString(i++, id);
                }
                p.setLong(i, runStart);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        doomed.add(r.getString(1));
                        bytes += r.getLong(2);
                        String group = r.getString(3);
                        long received = r.getLong(4);
                        if (r.getInt(6) == 0 && r.getString(5) != null) {
                            blobKeys.add(BlobKeys.report(r.getString(5))); // its bytes are in the blob store
                        }
                        if (group != null) {
                            long[] g = byGroup.computeIfAbsent(group, k -> new long[] {0, Long.MAX_VALUE, Long.MIN_VALUE});
                            g[0]++;
                            g[1] = Math.min(g[1], received);
                            g[2] = Math.max(g[2], received);
                        }
                    }
                }
            }
            if (doomed.isEmpty()) {
                return Removed.NONE;
            }
            long reportBytes = bytes;
            String doomedMarks = String.join(", ", Collections.nCopies(doomed.size(), "?"));
            long results = 0;
            try (PreparedStatement p = c.prepareStatement("SELECT COUNT(*), COALESCE(SUM(LENGTH(symbolicated)), 0) "
                    + "FROM report_results WHERE report_id IN (" + doomedMarks + ")")) {
                bind(p, doomed);
                try (ResultSet r = p.executeQuery()) {
                    r.next();
                    results = r.getLong(1);
                    bytes += r.getLong(2);
                }
            }
            for (String table : List.of("missing_images", "report_results", "report_bodies")) {
                try (PreparedStatement p = c.prepareStatement("DELETE FROM " + table + " WHERE report_id IN ("
                        + doomedMarks + ")")) {
                    bind(p, doomed);
                    p.executeUpdate();
                }
            }
            try (PreparedStatement p = c.prepareStatement("DELETE FROM reports WHERE id IN (" + doomedMarks + ")")) {
                bind(p, doomed);
                p.executeUpdate();
            }
            // The blobs go later, once no row names them (BlobDeletions); a crash before this commits keeps both.
            BlobDeletions.queue(c, blobKeys, runStart);
            // Groups in id order (TreeMap): two transactions touching the same groups lock them in one order.
            try (PreparedStatement p = c.prepareStatement("UPDATE crash_groups SET removed_reports = removed_reports + ?, "
                    + "removed_first_seen = CASE WHEN removed_first_seen IS NULL OR removed_first_seen > ? THEN ? "
                    + "ELSE removed_first_seen END, removed_last_seen = CASE WHEN removed_last_seen IS NULL "
                    + "OR removed_last_seen < ? THEN ? ELSE removed_last_seen END WHERE id = ?")) {
                for (Map.Entry<String, long[]> e : byGroup.entrySet()) {
                    long[] g = e.getValue();
                    p.setLong(1, g[0]);
                    p.setLong(2, g[1]);
                    p.setLong(3, g[1]);
                    p.setLong(4, g[2]);
                    p.setLong(5, g[2]);
                    p.setString(6, e.getKey());
                    p.executeUpdate();
                }
            }
            return new Removed(doomed.size(), results, bytes, reportBytes);
        });
    }

    private static void bind(PreparedStatement p, List<String> values) throws SQLException {
        for (int i = 0; i < values.size(); i++) {
            p.setString(i + 1, values.get(i));
        }
    }

    private static List<String> ids(Connection c, String sql, Object param) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement(sql)) {
            p.setObject(1, param);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(r.getString(1));
                }
            }
        }
        return out;
    }
}
