package dev.crashkit.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The alert outbox as the deliverer sees it: rows {@link AlertEvents} wrote are claimed (several servers on one
 * PostgreSQL database each take a row at most once at a time: a conditional UPDATE, as the job queue does),
 * sent, then marked delivered, retried later, or given up; the rows are also the delivery log.
 */
public final class Outbox {

    /**
     * A row to send. {@code secret}: its webhook's ({@code --webhook} rows use the command line's);
     * {@code webhookGone}: its project webhook was deleted since.
     */
    public record Delivery(String id, String eventId, String event, String groupId, long projectId,
                           Optional<String> webhookId, String url, String format, String payload, int attempts,
                           Optional<String> secret, boolean webhookGone) {
    }

    /** A row of the delivery log. */
    public record Logged(String id, String eventId, String event, String groupId, Optional<String> reportId,
                         long projectId, Optional<String> webhookId, String url, String state, int attempts,
                         long createdAt, long nextAttemptAt, OptionalInt lastStatus, Optional<String> lastError,
                         OptionalLong deliveredAt) {
    }

    /** How an attempt ended: an HTTP status (2xx delivered), or no answer ({@code status} empty). */
    public record Attempt(OptionalInt status, Optional<String> error) {
        public boolean delivered() {
            return status.isPresent() && status.getAsInt() / 100 == 2;
        }
    }

    private final Database db;

    public Outbox(Database db) {
        this.db = db;
    }

    /**
     * Claims up to {@code max} rows due at {@code now} for {@code owner}: pending, and not claimed by anyone
     * within {@code leaseMillis} (a claim that old belongs to a deliverer that died).
     */
    public List<Delivery> claim(String owner, long now, long leaseMillis, int max) throws StoreException {
        // Looked for in a read first: an idle poll takes no write lock (SQLite has one writer, ingest's).
        List<Delivery> candidates = db.read(c -> {
            List<Delivery> found = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT o.id, o.event_id, o.event, o.group_id, o.project_id, "
                    + "o.webhook_id, o.url, o.format, o.payload, o.attempts, w.secret, w.id FROM alert_outbox o "
                    + "LEFT JOIN webhooks w ON w.id = o.webhook_id WHERE o.state = 'pending' AND o.next_attempt_at <= ? "
                    + "AND (o.claimed_at IS NULL OR o.claimed_at < ?) ORDER BY o.next_attempt_at, o.id LIMIT ?")) {
                p.setLong(1, now);
                p.setLong(2, now - leaseMillis);
                p.setInt(3, max);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        Optional<String> webhook = Optional.ofNullable(r.getString(6));
                        found.add(new Delivery(r.getString(1), r.getString(2), r.getString(3), r.getString(4),
                                r.getLong(5), webhook, r.getString(7), r.getString(8), r.getString(9), r.getInt(10),
                                Optional.ofNullable(r.getString(11)), webhook.isPresent() && r.getString(12) == null));
                    }
                }
            }
            return found;
        });
        if (candidates.isEmpty()) {
            return List.of();
        }
        return db.write(c -> {
            List<Delivery> mine = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("UPDATE alert_outbox SET claimed_by = ?, claimed_at = ? "
                    + "WHERE id = ? AND state = 'pending' AND (claimed_at IS NULL OR claimed_at < ?)")) {
                for (Delivery d : candidates) {
                    p.setString(1, owner);
                    p.setLong(2, now);
                    p.setString(3, d.id());
                    p.setLong(4, now - leaseMillis);
                    if (p.executeUpdate() == 1) {
                        mine.add(d);
                    }
                }
            }
            return mine;
        });
    }

    /**
     * Records an attempt of a row {@code owner} holds: delivered, or pending again at {@code retryAt}, or failed
     * for good when {@code retryAt} is empty.
     */
    public void finish(String owner, String id, Attempt a, long now, OptionalLong retryAt) throws StoreException {
        db.write(c -> {
            String state = a.delivered() ? "delivered" : retryAt.isPresent() ? "pending" : "failed";
            try (PreparedStatement p = c.prepareStatement("UPDATE alert_outbox SET state = ?, attempts = attempts + 1, "
                    + "last_status = ?, last_error = ?, next_attempt_at = ?, delivered_at = ?, claimed_by = NULL, "
                    + "claimed_at = NULL WHERE id = ? AND claimed_by = ?")) {
                p.setString(1, state);
                if (a.status().isPresent()) {
                    p.setInt(2, a.status().getAsInt());
                } else {
                    p.setNull(2, java.sql.Types.INTEGER);
                }
                p.setString(3, a.error().orElse(null));
                p.setLong(4, retryAt.orElse(now));
                if (a.delivered()) {
                    p.setLong(5, now);
                } else {
                    p.setNull(5, java.sql.Types.BIGINT);
                }
                p.setString(6, id);
                p.setString(7, owner);
                return p.executeUpdate();
            }
        });
    }

    /** Frees {@code owner}'s claims (a deliverer stopping: its rows are sent again at once by whoever runs next). */
    public void release(String owner) throws StoreException {
        db.write(c -> {
            try (PreparedStatement p = c.prepareStatement(
                    "UPDATE alert_outbox SET claimed_by = NULL, claimed_at = NULL WHERE claimed_by = ?")) {
                p.setString(1, owner);
                return p.executeUpdate();
            }
        });
    }

    /** The delivery log, newest first: at most {@code limit} rows, of one project and state when given. */
    public List<Logged> log(int limit, Optional<Long> project, Optional<String> state) throws StoreException {
        return db.read(c -> {
            StringBuilder sql = new StringBuilder("SELECT id, event_id, event, group_id, report_id, project_id, webhook_id, "
                    + "url, state, attempts, created_at, next_attempt_at, last_status, last_error, delivered_at "
                    + "FROM alert_outbox WHERE 1 = 1");
            project.ifPresent(x -> sql.append(" AND project_id = ?"));
            state.ifPresent(x -> sql.append(" AND state = ?"));
            sql.append(" ORDER BY created_at DESC, id DESC LIMIT ?");
            try (PreparedStatement p = c.prepareStatement(sql.toString())) {
                int i = 1;
                if (project.isPresent()) {
                    p.setLong(i++, project.get());
                }
                if (state.isPresent()) {
                    p.setString(i++, state.get());
                }
                p.setInt(i, limit);
                List<Logged> out = new ArrayList<>();
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(new Logged(r.getString(1), r.getString(2), r.getString(3), r.getString(4),
                                Optional.ofNullable(r.getString(5)), r.getLong(6), Optional.ofNullable(r.getString(7)),
                                r.getString(8), r.getString(9), r.getInt(10), r.getLong(11), r.getLong(12),
                                r.getObject(13) == null ? OptionalInt.empty() : OptionalInt.of(r.getInt(13)),
                                Optional.ofNullable(r.getString(14)),
                                r.getObject(15) == null ? OptionalLong.empty() : OptionalLong.of(r.getLong(15))));
                    }
                }
                return out;
            }
        });
    }

    /**
     * Deletes delivered and failed rows created before {@code before}, and spike windows that ended before it
     * (their events, if any, are in the outbox already).
     */
    public int prune(long before) throws StoreException {
        return db.write(c -> prune(c, before));
    }

    private static int prune(Connection c, long before) throws SQLException {
        int n;
        try (PreparedStatement p = c.prepareStatement(
                "DELETE FROM alert_outbox WHERE state <> 'pending' AND created_at < ?")) {
            p.setLong(1, before);
            n = p.executeUpdate();
        }
        try (PreparedStatement p = c.prepareStatement(
                "DELETE FROM spike_windows WHERE window_start + window_minutes * 60000 < ?")) {
            p.setLong(1, before);
            p.executeUpdate();
        }
        return n;
    }
}
