package dev.crashkit.server.store;

import dev.crashkit.server.blob.BlobException;
import dev.crashkit.server.blob.BlobKeys;
import dev.crashkit.server.blob.BlobStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Deletes blobs of a shared blob store that no stored report or debug file refers to any more. Keys are
 * content addresses, so one blob may serve several rows, and several servers may share the store and the
 * database; a blob is deleted only when no committed row names it, and never under an ingest that put it
 * and has not committed yet.
 *
 * <p>The protocol ({@code blob_deletions}, one row per key):
 * <ol>
 *   <li>The transaction that removes a row whose bytes are in the store queues its key ({@link #queue}). A
 *       crash before its commit leaves the row and the blob; after it, the key is queued.</li>
 *   <li>The cleanup ({@link #sweep}) takes keys queued more than {@link #GRACE_MILLIS} ago, in one write
 *       transaction per batch: keys a row names again are dropped from the queue (the blob stays); the
 *       others are deleted from the store inside that transaction and marked {@code deleted_at}. The rows
 *       are locked for the whole batch (PostgreSQL: {@code FOR UPDATE}; SQLite: its single writer).</li>
 *   <li>A transaction that records a new row for a blob put before it ({@link #claim}, at ingest and debug
 *       file upload) locks and removes the key's queue row in that same transaction. Either it locks first
 *       (the sweep then waits and sees its row: the blob stays), or the sweep's batch is over and the row
 *       says the blob was deleted: the ingest puts its bytes again before it commits. A key queued after
 *       the ingest looked is not swept before the grace period, far longer than an ingest's put-to-commit
 *       time (its caller gives up after 120 s and is then never written).</li>
 *   <li>A {@code deleted_at} row stays for the grace period (an ingest that put the blob just before the
 *       deletion must still find it), then goes.</li>
 * </ol>
 * So a crash at any point leaves at most a blob no row names, never a row without its blob.
 */
public final class BlobDeletions {
    /** How long a key waits before its blob is deleted, and a deleted key's row is kept after. */
    public static final long GRACE_MILLIS = 15 * 60_000;
    /** Keys per sweep transaction. */
    static final int BATCH = 100;

    /**
     * What a sweep did: blobs deleted, queued keys dropped because a row names them again, and of the
     * deleted blobs those {@link OrphanBlobs} had found (no row ever named them).
     */
    public record Swept(long deleted, long stillReferenced, long orphansDeleted) {
        static final Swept NONE = new Swept(0, 0, 0);

        /** A sweep that deleted no orphan. */
        public Swept(long deleted, long stillReferenced) {
            this(deleted, stillReferenced, 0);
        }

        Swept plus(Swept o) {
            return new Swept(deleted + o.deleted, stillReferenced + o.stillReferenced, orphansDeleted + o.orphansDeleted);
        }
    }

    private final Database db;
    private final long graceMillis;

    /** With the grace period of {@link #GRACE_MILLIS}. */
    public BlobDeletions(Database db) {
        this(db, GRACE_MILLIS);
    }

    /** With another grace period (tests; one shorter than an ingest's put-to-commit time is unsafe). */
    public BlobDeletions(Database db, long graceMillis) {
        this.db = db;
        this.graceMillis = graceMillis;
    }

    /** In the transaction that removes rows stored in the blob store: their keys may now be unreferenced. */
    static void queue(Connection c, Collection<String> keys, long now) throws SQLException {
        if (keys.isEmpty()) {
            return;
        }
        // A key deleted before and stored again since is queued again (queued_at after deleted_at); a row names
        // it, so it is no orphan.
        try (PreparedStatement p = c.prepareStatement("INSERT INTO blob_deletions (blob_key, queued_at) VALUES (?, ?) "
                + "ON CONFLICT (blob_key) DO UPDATE SET queued_at = excluded.queued_at, orphan = 0")) {
            for (String key : new TreeSet<>(keys)) { // one lock order
                p.setString(1, key);
                p.setLong(2, now);
                p.executeUpdate();
            }
        }
    }

    /**
     * In the transaction that commits rows naming blobs put before it: cancels their queued deletions, and
     * answers the keys whose blob was deleted meanwhile (the caller puts those again before committing).
     */
    static Set<String> claim(Connection c, Dialect dialect, Collection<String> keys) throws SQLException {
        if (keys.isEmpty()) {
            return Set.of();
        }
        List<String> sorted = List.copyOf(new TreeSet<>(keys));
        String marks = String.join(", ", Collections.nCopies(sorted.size(), "?"));
        Set<String> deleted = new HashSet<>();
        boolean any = false;
        try (PreparedStatement p = c.prepareStatement("SELECT blob_key, deleted_at FROM blob_deletions WHERE blob_key IN ("
                + marks + ") ORDER BY blob_key" + (dialect == Dialect.POSTGRESQL ? " FOR UPDATE" : ""))) {
            bind(p, sorted, 1);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    any = true;
                    r.getLong(2);
                    if (!r.wasNull()) {
                        deleted.add(r.getString(1));
                    }
                }
            }
        }
        if (any) {
            try (PreparedStatement p = c.prepareStatement("DELETE FROM blob_deletions WHERE blob_key IN (" + marks + ")")) {
                bind(p, sorted, 1);
                p.executeUpdate();
            }
        }
        return deleted;
    }

    /** Keys waiting for their grace period or a sweep, for tests and metrics. */
    public long pending() throws StoreException {
        return db.read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT COUNT(*) FROM blob_deletions WHERE deleted_at IS NULL "
                    + "OR queued_at > deleted_at"); ResultSet r = p.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        });
    }

    /** Where the bytes of queued keys are deleted: a blob store, this server's local copies, or both. */
    public interface Target {
        /** The kinds of keys it deletes ({@link BlobKeys#REPORTS}, {@link BlobKeys#DEBUG_FILES}); others wait. */
        List<String> prefixes();

        /** Deletes the bytes under {@code key}; nothing there is no error. */
        void delete(String key) throws BlobException;

        String describe();
    }

    /** A blob store, for every kind of key. */
    public static Target of(BlobStore store) {
        return new Target() {
            @Override
            public List<String> prefixes() {
                return List.of(BlobKeys.REPORTS, BlobKeys.DEBUG_FILES);
            }

            @Override
            public void delete(String key) throws BlobException {
                store.delete(key);
            }

            @Override
            public String describe() {
                return store.describe();
            }
        };
    }

    /** As {@link #sweep(Target, long)} on a blob store. */
    public Swept sweep(BlobStore store, long now) throws StoreException {
        return sweep(of(store), now);
    }

    /**
     * Deletes the bytes of keys queued before the grace period (before {@code now}) that no row names, and
     * forgets deleted keys older than that.
     *
     * @throws StoreUnavailableException when the target refused a deletion (what was deleted before is recorded)
     */
    public Swept sweep(Target target, long now) throws StoreException {
        long due = now - graceMillis;
        Swept total = Swept.NONE;
        while (true) {
            Batch b = db.write(c -> sweepBatch(c, target, due, now));
            total = total.plus(b.swept());
            if (b.failure().isPresent()) {
                throw new StoreUnavailableException("deleting unreferenced blobs from " + target.describe() + ": "
                        + b.failure().get().getMessage(), b.failure().get());
            }
            if (b.taken() < BATCH) {
                break;
            }
        }
        db.write(c -> {
            try (PreparedStatement p = c.prepareStatement("DELETE FROM blob_deletions WHERE deleted_at IS NOT NULL "
                    + "AND queued_at <= deleted_at AND deleted_at < ?")) {
                p.setLong(1, due);
                p.executeUpdate();
            }
            return null;
        });
        return total;
    }

    private record Batch(int taken, Swept swept, Optional<BlobException> failure) {
    }

    private Batch sweepBatch(Connection c, Target target, long due, long now) throws SQLException {
        List<String> keys = new ArrayList<>();
        Set<String> orphans = new HashSet<>();
        List<String> prefixes = target.prefixes();
        if (prefixes.isEmpty()) {
            return new Batch(0, Swept.NONE, Optional.empty());
        }
        // PostgreSQL: rows an ingest has locked are skipped (it is about to cancel them); another server's sweep
        // takes other rows.
        try (PreparedStatement p = c.prepareStatement("SELECT blob_key, orphan FROM blob_deletions WHERE queued_at < ? AND "
                + "(deleted_at IS NULL OR queued_at > deleted_at) AND ("
                + String.join(" OR ", Collections.nCopies(prefixes.size(), "blob_key LIKE ?"))
                + ") ORDER BY queued_at, blob_key LIMIT " + BATCH
                + (db.dialect() == Dialect.POSTGRESQL ? " FOR UPDATE SKIP LOCKED" : ""))) {
            p.setLong(1, due);
            for (int i = 0; i < prefixes.size(); i++) {
                p.setString(i + 2, prefixes.get(i) + "%");
            }
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    keys.add(r.getString(1));
                    if (r.getInt(2) != 0) {
                        orphans.add(r.getString(1));
                    }
                }
            }
        }
        if (keys.isEmpty()) {
            return new Batch(0, Swept.NONE, Optional.empty());
        }
        Set<String> referenced = referenced(c, keys);
        if (!referenced.isEmpty()) {
            try (PreparedStatement p = c.prepareStatement("DELETE FROM blob_deletions WHERE blob_key = ?")) {
                for (String key : referenced) {
                    p.setString(1, key);
                    p.executeUpdate();
                }
            }
        }
        long deleted = 0;
        long orphansDeleted = 0;
        Optional<BlobException> failure = Optional.empty();
        try (PreparedStatement done = c.prepareStatement("UPDATE blob_deletions SET deleted_at = ? WHERE blob_key = ?");
             PreparedStatement unsure = c.prepareStatement("UPDATE blob_deletions SET deleted_at = ?, queued_at = ? "
                     + "WHERE blob_key = ?")) {
            for (String key : keys) {
                if (referenced.contains(key)) {
                    continue;
                }
                try {
                    target.delete(key);
                } catch (BlobException e) {
                    // The store may or may not have deleted it: ingests of the key put it again, and it is queued
                    // again (after the grace period) for another try.
                    unsure.setLong(1, now);
                    unsure.setLong(2, now + 1);
                    unsure.setString(3, key);
                    unsure.executeUpdate();
                    failure = Optional.of(e);
                    break;
                }
                done.setLong(1, now);
                done.setString(2, key);
                done.executeUpdate();
                deleted++;
                orphansDeleted += orphans.contains(key) ? 1 : 0;
            }
        }
        return new Batch(keys.size(), new Swept(deleted, referenced.size(), orphansDeleted), failure);
    }

    /** Of these keys, those a stored row names: a report whose bytes are in the store, or a debug file. */
    static Set<String> referenced(Connection c, List<String> keys) throws SQLException {
        List<String> reports = new ArrayList<>();
        List<String> debugFiles = new ArrayList<>();
        for (String key : keys) {
            if (key.startsWith(BlobKeys.REPORTS)) {
                reports.add(BlobKeys.sha256Of(key));
            } else if (key.startsWith(BlobKeys.DEBUG_FILES)) {
                debugFiles.add(BlobKeys.sha256Of(key));
            } else {
                throw new IllegalStateException("a queued blob deletion of an unknown kind: " + key);
            }
        }
        Set<String> out = new HashSet<>();
        if (!reports.isEmpty()) {
            try (PreparedStatement p = c.prepareStatement("SELECT DISTINCT r.sha256 FROM reports r WHERE r.sha256 IN ("
                    + String.join(", ", Collections.nCopies(reports.size(), "?")) + ") AND NOT EXISTS "
                    + "(SELECT 1 FROM report_bodies b WHERE b.report_id = r.id)")) {
                bind(p, reports, 1);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(BlobKeys.report(r.getString(1)));
                    }
                }
            }
        }
        if (!debugFiles.isEmpty()) {
            try (PreparedStatement p = c.prepareStatement("SELECT sha256 FROM debug_files WHERE sha256 IN ("
                    + String.join(", ", Collections.nCopies(debugFiles.size(), "?")) + ")")) {
                bind(p, debugFiles, 1);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(BlobKeys.debugFile(r.getString(1)));
                    }
                }
            }
        }
        return out;
    }

    private static void bind(PreparedStatement p, List<String> values, int from) throws SQLException {
        for (int i = 0; i < values.size(); i++) {
            p.setString(from + i, values.get(i));
        }
    }
}
