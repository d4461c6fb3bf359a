package dev.crashkit.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

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
     * it is still this worker's (another server may have taken it over after the lease); {@code attempt}
     * counts this claim (1 for the first).
     */
    public record Job(String reportId, long queuedAt, String claim, int attempt) {
    }

    /**
     * Claims of one pass before its report is marked failed: a pass that threw an {@link Error} or whose worker
     * died (the lease ran out) is tried again, at most this many times in all (issue 32).
     */
    public static final int MAX_ATTEMPTS = 3;

    private final Database db;
    private final long leaseMillis;
    private final String instance;
    /** Unique per claim within this process (with the start time: unique against an earlier process). */
    private final String claimPrefix;
    private final AtomicLong claims = new AtomicLong();
    /** The claims this server's workers hold now (report id to claim), renewed until completed. */
    private final Map<String, String> held = new ConcurrentHashMap<>();
    private volatile LongConsumer onTakeover = n -> { };

    /** The jobs a claim took, and how many of them it took over from other servers' stale leases. */
    private record Claimed(List<Job> mine, long fromOthers) {
    }

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

    /**
     * Told how many jobs each claim took over from another server whose lease ran out (its server died or
     * hangs; {@code /metrics}).
     */
    public void onTakeover(LongConsumer counter) {
        this.onTakeover = counter;
    }

    /** A claim last held by another server (a claim of this server's earlier process has the same instance). */
    private boolean anotherServers(String previousClaim) {
        return previousClaim != null && !previousClaim.startsWith(instance + "/");
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
        return claimed(db.write(claimWork(claim, now, max)));
    }

    /**
     * Runs {@code first} (a worker's results), then claims as {@link #claim} does, in one transaction on SQLite
     * (one commit for both: {@link Database#writeTogether}); on PostgreSQL one after the other, each in its own,
     * as {@code first} then {@code claim} would. Answers the jobs claimed; {@code first}'s own answer (its result
     * or its failure) is complete by then, in {@code firstAnswer}.
     */
    public <T> List<Job> claimAfter(Database.Work<T> first, java.util.function.Consumer<CompletableFuture<T>> firstAnswer,
                                    long now, int max) throws StoreException {
        String claim = claimPrefix + claims.incrementAndGet();
        List<CompletableFuture<?>> answers = db.writeTogether(List.of(first, claimWork(claim, now, max)));
        @SuppressWarnings("unchecked")
        CompletableFuture<T> firstDone = (CompletableFuture<T>) answers.get(0);
        @SuppressWarnings("unchecked")
        CompletableFuture<Claimed> claimDone = (CompletableFuture<Claimed>) answers.get(1);
        List<Job> mine;
        try {
            mine = claimed(Database.answer(claimDone));
        } finally {
            // Committed with the claim, or before it: answered by now (or failed on its own).
            firstDone.handle((result, failure) -> null).join();
            firstAnswer.accept(firstDone);
        }
        return mine;
    }

    private Database.Work<Claimed> claimWork(String claim, long now, int max) {
        return db.dialect() == Dialect.POSTGRESQL ? claimLocking(claim, now, max) : claimSerialised(claim, now, max);
    }

    /** Bookkeeping of a committed claim: counted, and renewed until done. */
    private List<Job> claimed(Claimed claimed) {
        List<Job> mine = claimed.mine();
        if (claimed.fromOthers() > 0) {
            onTakeover.accept(claimed.fromOthers());
        }
        for (Job j : mine) {
            held.put(j.reportId(), j.claim());
        }
        return mine;
    }

    /**
     * PostgreSQL: rows another server's claim is locking are skipped, not waited for nor taken twice. A job
     * claimed more than {@link #MAX_ATTEMPTS} times is given up in the same transaction.
     */
    private Database.Work<Claimed> claimLocking(String claim, long now, int max) {
        return c -> {
            List<Job> mine = new ArrayList<>();
            long fromOthers = 0;
            List<Job> spent = new ArrayList<>();
            List<Optional<String>> spentErrors = new ArrayList<>();
            // The previous holder (a stale lease's) is read in the same statement: counted as taken over.
            try (PreparedStatement p = c.prepareStatement("WITH taken AS (SELECT report_id, claimed_by AS previous "
                    + "FROM jobs WHERE claimed_at IS NULL OR claimed_at < ? ORDER BY queued_at LIMIT ? "
                    + "FOR UPDATE SKIP LOCKED) UPDATE jobs SET claimed_at = ?, claimed_by = ?, attempts = attempts + 1 "
                    + "FROM taken WHERE jobs.report_id = taken.report_id "
                    + "RETURNING jobs.report_id, jobs.queued_at, jobs.attempts, jobs.last_error, taken.previous")) {
                p.setLong(1, now - leaseMillis);
                p.setInt(2, max);
                p.setLong(3, now);
                p.setString(4, claim);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        Job j = new Job(r.getString(1), r.getLong(2), claim, r.getInt(3));
                        if (j.attempt() > MAX_ATTEMPTS) {
                            spent.add(j);
                            spentErrors.add(Optional.ofNullable(r.getString(4)));
                        } else {
                            mine.add(j);
                            fromOthers += anotherServers(r.getString(5)) ? 1 : 0;
                        }
                    }
                }
            }
            for (int i = 0; i < spent.size(); i++) {
                giveUp(c, spent.get(i), spentErrors.get(i));
            }
            return new Claimed(mine, fromOthers);
        };
    }

    /** SQLite: one writer at a time, so what the select found is still there for the update. */
    private Database.Work<Claimed> claimSerialised(String claim, long now, int max) {
        return c -> {
            record Candidate(Job job, Optional<String> lastError, boolean anotherServers) {
            }
            List<Candidate> candidates = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT report_id, queued_at, attempts, last_error, claimed_by "
                    + "FROM jobs WHERE claimed_at IS NULL OR claimed_at < ? ORDER BY queued_at LIMIT ?")) {
                p.setLong(1, now - leaseMillis);
                p.setInt(2, max);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        candidates.add(new Candidate(new Job(r.getString(1), r.getLong(2), claim, r.getInt(3) + 1),
                                Optional.ofNullable(r.getString(4)), anotherServers(r.getString(5))));
                    }
                }
            }
            long fromOthers = 0;
            List<Job> mine = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("UPDATE jobs SET claimed_at = ?, claimed_by = ?, "
                    + "attempts = attempts + 1 WHERE report_id = ? AND queued_at = ? "
                    + "AND (claimed_at IS NULL OR claimed_at < ?)")) {
                for (Candidate candidate : candidates) {
                    Job j = candidate.job();
                    if (j.attempt() > MAX_ATTEMPTS) {
                        giveUp(c, j, candidate.lastError());
                        continue;
                    }
                    p.setLong(1, now);
                    p.setString(2, claim);
                    p.setString(3, j.reportId());
                    p.setLong(4, j.queuedAt());
                    p.setLong(5, now - leaseMillis);
                    if (p.executeUpdate() == 1) {
                        mine.add(j);
                        fromOthers += candidate.anotherServers() ? 1 : 0;
                    }
                }
            }
            return new Claimed(mine, fromOthers);
        };
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
     * the machine's): it is claimed again until {@link #MAX_ATTEMPTS}, then failed with this error. Only while
     * the claim is still this worker's (another server may have taken the job over).
     */
    public void release(Job job, String error) throws StoreException {
        held.remove(job.reportId(), job.claim());
        db.write(c -> {
            try (PreparedStatement p = c.prepareStatement("UPDATE jobs SET claimed_at = NULL, claimed_by = NULL, "
                    + "last_error = ? WHERE report_id = ? AND queued_at = ? AND claimed_by = ?")) {
                p.setString(1, error);
                p.setString(2, job.reportId());
                p.setLong(3, job.queuedAt());
                p.setString(4, job.claim());
                return p.executeUpdate();
            }
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
