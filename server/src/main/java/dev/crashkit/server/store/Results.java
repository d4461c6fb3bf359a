package dev.crashkit.server.store;

import dev.crashkit.server.symbolication.Dimensions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/** Writes what a symbolication found, and queues reports again when their debug files arrive. */
public final class Results {

    /** One symbolication's outcome as stored. */
    public record Written(String status, String symbolicatedJson, String appImagesJson, String groupId,
                          String groupTitle, String groupException, String groupFramesJson, List<Missing> missing,
                          Dimensions dimensions, String frameText) {
    }

    /**
     * An image a report waits for.
     *
     * @param apps whether it is the app's (or of unknown origin), stored as origin {@code app}; else {@code system}
     */
    public record Missing(String debugId, String imageName, String arch, int frames, boolean apps) {
        String origin() {
            return apps ? "app" : "system";
        }
    }

    /** The advisory lock key of {@link #lockAgainstRequeue} ("crk" + 2; the migrations use their own). */
    private static final long REQUEUE_LOCK = 0x63726b02L;

    private final Database db;
    private final AlertRules alerts;

    public Results(Database db) {
        this(db, AlertRules.none());
    }

    /** With the command line's alert rules ({@code --webhook}, the spike defaults). */
    public Results(Database db, AlertRules alerts) {
        this.db = db;
        this.alerts = alerts;
    }

    /**
     * One finished symbolication for {@link #completeAll}.
     *
     * @param started the debug-file generation the symbolication used
     */
    public record Done(Queue.Job job, Written written, long started) {
    }

    /**
     * Stores several results in one transaction (one commit); returns, per result, whether it was the first.
     * {@code requeue} is asked inside the transaction (after SQLite's write lock is taken), so that a debug
     * file upload either sees this pass's missing images or is seen by it.
     */
    public List<Boolean> completeAll(List<Done> done, java.util.function.Predicate<Done> requeue, long now)
            throws StoreException {
        return completeAllReceived(done, requeue, now).stream().map(java.util.OptionalLong::isPresent).toList();
    }

    /**
     * As {@link #completeAll}, answering per result when the report was received if this result was its
     * first, else empty (read in the same transaction: the worker's latency metric needs no read of its own).
     */
    public List<java.util.OptionalLong> completeAllReceived(List<Done> done, java.util.function.Predicate<Done> requeue,
                                                             long now) throws StoreException {
        return db.write(completeAllWork(done, requeue, now));
    }

    /** {@link #completeAllReceived}'s transaction, to run with other work ({@link Queue#claimAfter}). */
    public Database.Work<List<java.util.OptionalLong>> completeAllWork(List<Done> done,
                                                                    java.util.function.Predicate<Done> requeue, long now) {
        // Group rows are updated in group-id order, so that two batches lock them in the same order.
        List<Integer> order = new java.util.ArrayList<>();
        for (int i = 0; i < done.size(); i++) {
            order.add(i);
        }
        order.sort(java.util.Comparator.comparing(i -> done.get(i).written().groupId()));
        return c -> {
            lockAgainstRequeue(c, false);
            java.util.OptionalLong[] firsts = new java.util.OptionalLong[done.size()];
            for (int i : order) {
                Done d = done.get(i);
                firsts[i] = write(c, d.job(), d.written(), !d.written().missing().isEmpty() && requeue.test(d), now, alerts);
            }
            return List.of(firsts);
        };
    }

    /** Writes one result; its report's received time when this was its first result, else empty. */
    private static java.util.OptionalLong write(Connection c, Queue.Job job, Written w, boolean requeue, long now,
                                                AlertRules alerts) throws SQLException {
        if (!stillHeld(c, job)) {
            // A newer pass over this report finished first (its job row is gone), the report was queued again,
            // or another server took the job over after this claim's lease: this result is not to be written.
            return java.util.OptionalLong.empty();
        }
        {
            boolean first;
            long received;
            Optional<String> beforeGroup;
            Triage.Member before;
            Triage.Member after;
            try (PreparedStatement p = c.prepareStatement("SELECT symbolicated_at, group_id, received_at, app_version, "
                    + "os, device, project_id, user_hash FROM reports WHERE id = ?")) {
                p.setString(1, job.reportId());
                try (var r = p.executeQuery()) {
                    if (!r.next()) {
                        return java.util.OptionalLong.empty();
                    }
                    first = r.getObject(1) == null;
                    beforeGroup = Optional.ofNullable(r.getString(2));
                    received = r.getLong(3);
                    Optional<String> version = Optional.ofNullable(r.getString(4));
                    Optional<String> os = Optional.ofNullable(r.getString(5));
                    Optional<String> device = Optional.ofNullable(r.getString(6));
                    Optional<String> project = Optional.ofNullable(r.getString(7));
                    Optional<String> user = Optional.ofNullable(r.getString(8));
                    before = Triage.Member.of(job.reportId(), received, version, os, device, project, user);
                    // Dimensions a report stored before schema 2 lacks are learnt now (the stored ones stay).
                    Dimensions d = w.dimensions();
                    after = Triage.Member.of(job.reportId(), received, version.or(d::appVersion), os.or(d::os),
                            device.or(d::device), project, user);
                }
            }
            boolean created;
            try (PreparedStatement p = c.prepareStatement("INSERT INTO crash_groups (id, title, exception, frames, "
                    + "created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING")) {
                p.setString(1, w.groupId());
                p.setString(2, w.groupTitle());
                p.setString(3, w.groupException());
                p.setString(4, w.groupFramesJson());
                p.setLong(5, now);
                created = p.executeUpdate() == 1;
            }
            try (PreparedStatement p = c.prepareStatement("DELETE FROM report_results WHERE report_id = ?")) {
                p.setString(1, job.reportId());
                p.executeUpdate();
            }
            try (PreparedStatement p = c.prepareStatement(
                    "INSERT INTO report_results (report_id, symbolicated, app_images) VALUES (?, ?, ?)")) {
                p.setString(1, job.reportId());
                p.setString(2, w.symbolicatedJson());
                p.setString(3, w.appImagesJson());
                p.executeUpdate();
            }
            try (PreparedStatement p = c.prepareStatement("UPDATE reports SET status = ?, error = NULL, group_id = ?, "
                    + "symbolicated_at = COALESCE(symbolicated_at, ?), exception = ?, frame_text = ?, "
                    + "app_version = COALESCE(app_version, ?), os = COALESCE(os, ?), device = COALESCE(device, ?), "
                    + "crash_time = COALESCE(crash_time, ?) WHERE id = ?")) {
                Dimensions d = w.dimensions();
                p.setString(1, w.status());
                p.setString(2, w.groupId());
                p.setLong(3, now);
                p.setString(4, w.groupException());
                p.setString(5, w.frameText());
                p.setString(6, d.appVersion().orElse(null));
                p.setString(7, d.os().orElse(null));
                p.setString(8, d.device().orElse(null));
                if (d.crashTime().isPresent()) {
                    p.setLong(9, d.crashTime().getAsLong());
                } else {
                    p.setNull(9, java.sql.Types.BIGINT);
                }
                p.setString(10, job.reportId());
                p.executeUpdate();
            }
            Triage.move(c, beforeGroup, before, w.groupId(), created, after, now, alerts);
            try (PreparedStatement p = c.prepareStatement("DELETE FROM missing_images WHERE report_id = ?")) {
                p.setString(1, job.reportId());
                p.executeUpdate();
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO missing_images (report_id, debug_id, image_name, "
                    + "arch, frames, origin) VALUES (?, ?, ?, ?, ?, ?)")) {
                for (Missing m : w.missing()) {
                    p.setString(1, job.reportId());
                    p.setString(2, m.debugId());
                    p.setString(3, m.imageName());
                    p.setString(4, m.arch());
                    p.setInt(5, m.frames());
                    p.setString(6, m.origin());
                    p.addBatch();
                }
                if (!w.missing().isEmpty()) {
                    p.executeBatch();
                }
            }
            finish(c, job, requeue, now);
            return first ? java.util.OptionalLong.of(received) : java.util.OptionalLong.empty();
        }
    }

    /** Marks a report failed (its error kept) and finishes the job. */
    public void fail(Queue.Job job, String error, long now) throws StoreException {
        db.write(c -> {
            if (!stillHeld(c, job)) {
                return null; // a newer pass finished first, or the job is another's now
            }
            try (PreparedStatement p = c.prepareStatement("UPDATE reports SET status = 'failed', error = ? WHERE id = ?")) {
                p.setString(1, error);
                p.setString(2, job.reportId());
                p.executeUpdate();
            }
            finish(c, job, false, now);
            return null;
        });
    }

    /**
     * Whether this worker's claim on the job still stands (compare-and-set: the job row keeps its claim);
     * on PostgreSQL the row stays locked until the result is committed, so that no other server can take
     * the job over in between. A job taken over after a stale lease is thus never written twice.
     */
    private static boolean stillHeld(Connection c, Queue.Job job) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("UPDATE jobs SET claimed_by = claimed_by WHERE report_id = ? "
                + "AND claimed_by = ?")) {
            p.setString(1, job.reportId());
            p.setString(2, job.claim());
            return p.executeUpdate() == 1;
        }
    }

    /** When the report's queue entry was made; empty when it has none. */
    private static Optional<Long> queuedAt(Connection c, Queue.Job job) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT queued_at FROM jobs WHERE report_id = ?")) {
            p.setString(1, job.reportId());
            try (var r = p.executeQuery()) {
                return r.next() ? Optional.of(r.getLong(1)) : Optional.empty();
            }
        }
    }

    /**
     * Ends this pass's queue entry. When the entry was made again meanwhile (a debug file arrived), it is
     * a newer pass's to run and is left alone; otherwise it is deleted, or queued again when asked.
     */
    private static void finish(Connection c, Queue.Job job, boolean requeue, long now) throws SQLException {
        if (queuedAt(c, job).filter(q -> q == job.queuedAt()).isEmpty()) {
            return;
        }
        // A new pass (new debug files) starts with no attempts spent.
        String sql = requeue ? "UPDATE jobs SET claimed_at = NULL, claimed_by = NULL, queued_at = ?, attempts = 0, "
                + "last_error = NULL WHERE report_id = ? AND queued_at = ?"
                : "DELETE FROM jobs WHERE report_id = ? AND queued_at = ?";
        try (PreparedStatement p = c.prepareStatement(sql)) {
            int i = 1;
            if (requeue) {
                p.setLong(i++, Math.max(now, job.queuedAt() + 1));
            }
            p.setString(i++, job.reportId());
            p.setLong(i, job.queuedAt());
            p.executeUpdate();
        }
    }

    /** Queues every report that waits for one of {@code debugIds}; returns how many. */
    public int requeueWaitingFor(List<String> debugIds, long now) throws StoreException {
        if (debugIds.isEmpty()) {
            return 0;
        }
        return db.write(c -> {
            lockAgainstRequeue(c, true);
            int n = 0;
            for (String id : debugIds) {
                try (PreparedStatement p = c.prepareStatement("SELECT DISTINCT report_id FROM missing_images WHERE debug_id = ?")) {
                    p.setString(1, id);
                    try (var r = p.executeQuery()) {
                        while (r.next()) {
                            n += queue(c, r.getString(1), now);
                        }
                    }
                }
            }
            return n;
        });
    }

    /**
     * On PostgreSQL, result writes (shared) and {@link #requeueWaitingFor} (exclusive) exclude each other for
     * the length of their transactions. Without it, under READ COMMITTED, a pass could decide "no new debug
     * files, do not queue again" before an upload's index reload yet commit its missing images after the
     * upload's re-queue had read {@code missing_images}: the report stayed partial although its file was
     * there (a lost wake-up, seen with two servers). With it, the re-queue reads only committed passes, and a
     * pass that waited for it sees the reloaded index. SQLite's single writer already orders the two.
     */
    private void lockAgainstRequeue(Connection c, boolean exclusive) throws SQLException {
        if (db.dialect() != Dialect.POSTGRESQL) {
            return;
        }
        try (var s = c.createStatement()) {
            s.execute("SELECT " + (exclusive ? "pg_advisory_xact_lock(" : "pg_advisory_xact_lock_shared(")
                    + REQUEUE_LOCK + ")");
        }
    }

    private static int queue(Connection c, String reportId, long now) throws SQLException {
        // Always a new queued_at (even within the same millisecond): a pass still running on the old entry
        // must see that the report was queued again.
        try (PreparedStatement p = c.prepareStatement("UPDATE jobs SET queued_at = CASE WHEN queued_at < ? THEN ? "
                + "ELSE queued_at + 1 END, claimed_at = NULL, claimed_by = NULL, attempts = 0, last_error = NULL "
                + "WHERE report_id = ?")) {
            p.setLong(1, now);
            p.setLong(2, now);
            p.setString(3, reportId);
            if (p.executeUpdate() == 1) {
                return 1;
            }
        }
        try (PreparedStatement p = c.prepareStatement("INSERT INTO jobs (report_id, queued_at) VALUES (?, ?)")) {
            p.setString(1, reportId);
            p.setLong(2, now);
            return p.executeUpdate();
        }
    }

}
