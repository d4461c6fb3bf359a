package dev.crashkit.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The symbolication queue, in the database: a burst of uploads waits here, not in memory, and survives a
 * restart. A worker claims a job (sets {@code claimed_at}), symbolicates, and completes it in the same
 * transaction that writes the result; a claim older than the lease is taken again (the worker died).
 */
public final class Queue {

    /**
     * A claimed job; {@code queuedAt} tells whether it was queued again meanwhile; {@code attempt} counts this
     * claim (1 for the first).
     */
    public record Job(String reportId, long queuedAt, int attempt) {
    }

    /**
     * Claims of one pass before its report is marked failed: a pass that threw an {@link Error} or whose worker
     * died (the lease ran out) is tried again, at most this many times in all (issue 32).
     */
    public static final int MAX_ATTEMPTS = 3;

    private final Database db;
    private final long leaseMillis;

    public Queue(Database db, long leaseMillis) {
        this.db = db;
        this.leaseMillis = leaseMillis;
    }

    /**
     * Claims up to {@code max} of the oldest waiting jobs in one transaction (one commit for several jobs:
     * on SQLite each commit is an fsync). A job already claimed {@link #MAX_ATTEMPTS} times is not claimed
     * again: its report is marked failed with the last error (or the lease running out) and the job ends.
     */
    public List<Job> claim(long now, int max) throws StoreException {
        return db.write(c -> {
            record Candidate(Job job, Optional<String> lastError) {
            }
            List<Candidate> candidates = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT report_id, queued_at, attempts, last_error FROM jobs "
                    + "WHERE claimed_at IS NULL OR claimed_at < ? ORDER BY queued_at LIMIT ?")) {
                p.setLong(1, now - leaseMillis);
                p.setInt(2, max);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        candidates.add(new Candidate(new Job(r.getString(1), r.getLong(2), r.getInt(3) + 1),
                                Optional.ofNullable(r.getString(4))));
                    }
                }
            }
            List<Job> mine = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("UPDATE jobs SET claimed_at = ?, attempts = attempts + 1 "
                    + "WHERE report_id = ? AND queued_at = ? AND (claimed_at IS NULL OR claimed_at < ?)")) {
                for (Candidate candidate : candidates) {
                    Job j = candidate.job();
                    if (j.attempt() > MAX_ATTEMPTS) {
                        giveUp(c, j, candidate.lastError());
                        continue;
                    }
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

    /** Marks the report of a job tried {@link #MAX_ATTEMPTS} times failed, and ends the job. */
    private static void giveUp(Connection c, Job j, Optional<String> lastError) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("DELETE FROM jobs WHERE report_id = ? AND queued_at = ?")) {
            p.setString(1, j.reportId());
            p.setLong(2, j.queuedAt());
            if (p.executeUpdate() != 1) {
                return; // another server gave up on it first
            }
        }
        try (PreparedStatement p = c.prepareStatement("UPDATE reports SET status = 'failed', error = ? WHERE id = ?")) {
            p.setString(1, "symbolication did not finish in " + MAX_ATTEMPTS + " attempts: "
                    + lastError.orElse("the worker stopped without a result (process ended or lease of "
                    + "the claim ran out)"));
            p.setString(2, j.reportId());
            p.executeUpdate();
        }
    }

    /**
     * Frees a claimed job after its pass threw {@code error} (an {@link Error}: perhaps this report's, perhaps
     * the machine's): it is claimed again until {@link #MAX_ATTEMPTS}, then failed with this error.
     */
    public void release(Job job, String error) throws StoreException {
        db.write(c -> {
            try (PreparedStatement p = c.prepareStatement("UPDATE jobs SET claimed_at = NULL, last_error = ? "
                    + "WHERE report_id = ? AND queued_at = ?")) {
                p.setString(1, error);
                p.setString(2, job.reportId());
                p.setLong(3, job.queuedAt());
                return p.executeUpdate();
            }
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
