package dev.crashkit.server.store;

import dev.crashkit.server.blob.BlobKeys;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Removes uploaded debug files neither uploaded nor used by a symbolication for the retention period
 * ({@code --debug-file-retention-days}), as Sentry does: their rows and identities in one transaction per
 * batch, and their bytes (the shared blob store's, and the local folder's) queued for {@link BlobDeletions},
 * which deletes them after its grace period unless the same file is uploaded again meanwhile. Uses are
 * recorded at most hourly ({@link DebugFileUses}); a file is removed only when its last recorded use is
 * older than the period by that hour too.
 */
public final class DebugFileRetention {
    static final int BATCH = 100;

    /** What a run removed: files and their sizes. */
    public record Removed(long files, long bytes) {
        public static final Removed NONE = new Removed(0, 0);

        Removed plus(Removed o) {
            return new Removed(files + o.files, bytes + o.bytes);
        }
    }

    private final Database db;

    public DebugFileRetention(Database db) {
        this.db = db;
    }

    /** Removes the files neither uploaded nor used within {@code maxAgeMillis} before {@code now}. */
    public Removed run(long maxAgeMillis, long now) throws StoreException {
        if (maxAgeMillis <= 0) {
            return Removed.NONE;
        }
        long uploadedBefore = now - maxAgeMillis;
        long usedBefore = uploadedBefore - DebugFileUses.WRITE_EVERY_MILLIS;
        String unused = "uploaded_at < ? AND (last_used_at IS NULL OR last_used_at < ?)";
        Removed total = Removed.NONE;
        while (true) {
            Removed r = db.write(c -> {
                // PostgreSQL: the rows locked, so that a use or an upload of the same file now waits and then
                // finds no row (an upload records it again); SQLite: its single writer does the same.
                List<String> doomed = new ArrayList<>();
                long bytes = 0;
                try (PreparedStatement p = c.prepareStatement("SELECT sha256, size FROM debug_files WHERE " + unused
                        + " ORDER BY sha256 LIMIT " + BATCH + (db.dialect() == Dialect.POSTGRESQL ? " FOR UPDATE" : ""))) {
                    p.setLong(1, uploadedBefore);
                    p.setLong(2, usedBefore);
                    try (ResultSet rs = p.executeQuery()) {
                        while (rs.next()) {
                            doomed.add(rs.getString(1));
                            bytes += rs.getLong(2);
                        }
                    }
                }
                if (doomed.isEmpty()) {
                    return Removed.NONE;
                }
                String marks = String.join(", ", Collections.nCopies(doomed.size(), "?"));
                for (String table : List.of("debug_ids", "debug_files")) {
                    try (PreparedStatement p = c.prepareStatement("DELETE FROM " + table + " WHERE sha256 IN (" + marks + ")")) {
                        for (int i = 0; i < doomed.size(); i++) {
                            p.setString(i + 1, doomed.get(i));
                        }
                        p.executeUpdate();
                    }
                }
                BlobDeletions.queue(c, doomed.stream().map(BlobKeys::debugFile).toList(), now);
                return new Removed(doomed.size(), bytes);
            });
            total = total.plus(r);
            if (r.files() < BATCH) {
                return total;
            }
        }
    }
}
