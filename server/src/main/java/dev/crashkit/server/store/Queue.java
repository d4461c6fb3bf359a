package dev.crashkit.server.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

/**
 * The symbolication queue, in the database: a burst of uploads waits here, not in memory, and survives a
 * restart. A worker claims a job (sets {@code claimed_at}), symbolicates, and completes it in the same
 * transaction that writes the result; a claim older than the lease is taken again (the worker died).
 */
public final class Queue {

    /** A claimed job; {@code queuedAt} tells whether it was queued again meanwhile. */
    public record Job(String reportId, long queuedAt) {
    }

    private final Database db;
    private final long leaseMillis;

    public Queue(Database db, long leaseMillis) {
        this.db = db;
        this.leaseMillis = leaseMillis;
    }

    /**
     * Claims up to {@code max} of the oldest waiting jobs in one transaction (one commit for several jobs:
     * on SQLite each commit is an fsync).
     */
    public List<Job> claim(long now, int max) throws StoreException {
        return db.write(c -> {
            List<Job> candidates = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT report_id, queued_at FROM jobs WHERE claimed_at IS NULL "
                    + "OR claimed_at < ? ORDER BY queued_at LIMIT ?")) {
                p.setLong(1, now - leaseMillis);
                p.setInt(2, max);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        candidates.add(new Job(r.getString(1), r.getLong(2)));
                    }
                }
            }
            List<Job> mine = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("UPDATE jobs SET claimed_at = ? WHERE report_id = ? "
                    + "AND queued_at = ? AND (claimed_at IS NULL OR claimed_at < ?)")) {
                for (Job j : candidates) {
                    p.setLong(1, now);
                    p.setString(2, j.reportId());
                    p.setLong(3, j.queuedAt());
                    p.setLong(4, now - leaseMillis);
                    // Another server on the same PostgreSQL database may have taken it meanwhile.
                    if (p.executeUpdate() == 1) {
                        mine.add(j);
                    }
                }
            }
            return mine;
        });
    }

    /** Frees every claim (at start: the workers that held them are gone with the previous process). */
    public void releaseAll() throws StoreException {
        db.write(c -> {
            try (PreparedStatement p = c.prepareStatement("UPDATE jobs SET claimed_at = NULL WHERE claimed_at IS NOT NULL")) {
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
