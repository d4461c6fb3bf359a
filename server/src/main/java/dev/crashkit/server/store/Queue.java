package dev.crashkit.server.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The symbolication queue, in the database: a burst of uploads waits here, not in memory, and survives a
 * restart. A worker claims a job (sets {@code claimed_at} and {@code claimed_by}), symbolicates, and
 * completes it in the same transaction that writes the result, only if the claim is still its own.
 *
 * <p>Several servers may share one PostgreSQL database: there a claim locks the rows it takes and skips
 * rows another server is taking ({@code FOR UPDATE SKIP LOCKED}), so two servers never take the same job.
 * A claim is a lease: the server holding it renews it ({@link #renew}) while it works; one not renewed
 * for the lease (its server died or hangs) is taken over by whoever claims next. On SQLite the single
 * writer already serialises claims.
 */
public final class Queue {

    /**
     * A claimed job: {@code queuedAt} tells whether it was queued again meanwhile, {@code claim} whether
     * it is still this worker's (another server may have taken it over after the lease).
     */
    public record Job(String reportId, long queuedAt, String claim) {
    }

    private final Database db;
    private final long leaseMillis;
    private final String instance;
    /** Unique per claim within this process (with the start time: unique against an earlier process). */
    private final String claimPrefix;
    private final AtomicLong claims = new AtomicLong();
    /** The claims this server's workers hold now (report id to claim), renewed until completed. */
    private final Map<String, String> held = new ConcurrentHashMap<>();

    /** A queue for a server whose identity is not kept across restarts (its old claims wait for the lease). */
    public Queue(Database db, long leaseMillis) {
        this(db, leaseMillis, "anonymous-" + UUID.randomUUID());
    }

    /**
     * @param instance this server's identity on the database, the same after a restart (see {@link #releaseOwn})
     *                 and never that of another live server
     */
    public Queue(Database db, long leaseMillis, String instance) {
        this.db = db;
        this.leaseMillis = leaseMillis;
        this.instance = instance;
        this.claimPrefix = instance + "/" + Long.toString(System.currentTimeMillis(), 36) + "-";
    }

    public long leaseMillis() {
        return leaseMillis;
    }

    /**
     * Claims up to {@code max} of the oldest waiting jobs, or jobs whose claim went stale, in one
     * transaction (one commit for several jobs: on SQLite each commit is an fsync).
     */
    public List<Job> claim(long now, int max) throws StoreException {
        String claim = claimPrefix + claims.incrementAndGet();
        List<Job> mine = db.dialect() == Dialect.POSTGRESQL ? claimLocking(claim, now, max) : claimSerialised(claim, now, max);
        for (Job j : mine) {
            held.put(j.reportId(), j.claim());
        }
        return mine;
    }

    /** PostgreSQL: rows another server's claim is locking are skipped, not waited for nor taken twice. */
    private List<Job> claimLocking(String claim, long now, int max) throws StoreException {
        return db.write(c -> {
            List<Job> mine = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("UPDATE jobs SET claimed_at = ?, claimed_by = ? WHERE report_id IN ("
                    + "SELECT report_id FROM jobs WHERE claimed_at IS NULL OR claimed_at < ? ORDER BY queued_at LIMIT ? "
                    + "FOR UPDATE SKIP LOCKED) RETURNING report_id, queued_at")) {
                p.setLong(1, now);
                p.setString(2, claim);
                p.setLong(3, now - leaseMillis);
                p.setInt(4, max);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        mine.add(new Job(r.getString(1), r.getLong(2), claim));
                    }
                }
            }
            return mine;
        });
    }

    /** SQLite: one writer at a time, so what the select found is still there for the update. */
    private List<Job> claimSerialised(String claim, long now, int max) throws StoreException {
        return db.write(c -> {
            List<Job> candidates = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT report_id, queued_at FROM jobs WHERE claimed_at IS NULL "
                    + "OR claimed_at < ? ORDER BY queued_at LIMIT ?")) {
                p.setLong(1, now - leaseMillis);
                p.setInt(2, max);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        candidates.add(new Job(r.getString(1), r.getLong(2), claim));
                    }
                }
            }
            List<Job> mine = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("UPDATE jobs SET claimed_at = ?, claimed_by = ? WHERE report_id = ? "
                    + "AND queued_at = ? AND (claimed_at IS NULL OR claimed_at < ?)")) {
                for (Job j : candidates) {
                    p.setLong(1, now);
                    p.setString(2, claim);
                    p.setString(3, j.reportId());
                    p.setLong(4, j.queuedAt());
                    p.setLong(5, now - leaseMillis);
                    if (p.executeUpdate() == 1) {
                        mine.add(j);
                    }
                }
            }
            return mine;
        });
    }

    /** The worker is done with these jobs (completed, failed or given up): their claims are no longer renewed. */
    public void done(List<Job> jobs) {
        for (Job j : jobs) {
            held.remove(j.reportId(), j.claim());
        }
    }

    /**
     * Renews the claims this server's workers hold (call well within the lease): a long symbolication
     * keeps its job. A claim another server took over meanwhile is not renewed (it is no longer ours).
     *
     * @return how many claims were renewed
     */
    public int renew(long now) throws StoreException {
        List<Map.Entry<String, String>> claimsHeld = List.copyOf(held.entrySet());
        if (claimsHeld.isEmpty()) {
            return 0;
        }
        return db.write(c -> {
            int n = 0;
            try (PreparedStatement p = c.prepareStatement("UPDATE jobs SET claimed_at = ? WHERE report_id = ? AND claimed_by = ?")) {
                for (Map.Entry<String, String> e : claimsHeld) {
                    p.setLong(1, now);
                    p.setString(2, e.getKey());
                    p.setString(3, e.getValue());
                    n += p.executeUpdate();
                }
            }
            return n;
        });
    }

    /**
     * Frees the claims an earlier process of this same server (same {@code instance}) held when it stopped:
     * its workers are gone, so these jobs need not wait for the lease. Claims of other servers stay.
     *
     * @return how many claims were freed
     */
    public int releaseOwn() throws StoreException {
        String prefix = instance + "/";
        return db.write(c -> {
            try (PreparedStatement p = c.prepareStatement("UPDATE jobs SET claimed_at = NULL, claimed_by = NULL "
                    + "WHERE claimed_by IS NOT NULL AND substr(claimed_by, 1, ?) = ?")) {
                p.setInt(1, prefix.length());
                p.setString(2, prefix);
                return p.executeUpdate();
            }
        });
    }

    public long depth() throws StoreException {
        return db.read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT COUNT(*) FROM jobs"); ResultSet r = p.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        });
    }
}
