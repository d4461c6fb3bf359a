package dev.crashkit.server.store;

import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Records when symbolications used uploaded debug files ({@code debug_files.last_used_at}), for
 * {@link DebugFileRetention}. Coalesced in memory: a file's use is written at most once per
 * {@link #WRITE_EVERY_MILLIS} by this server (one short write for the files of one pass that are due), so a
 * busy server does not write a row per report; the retention allows for that lag.
 */
public final class DebugFileUses {
    /** At most one write per file and server this often. */
    public static final long WRITE_EVERY_MILLIS = 60 * 60_000;

    private final Database db;
    /** When this server last wrote each file's use. */
    private final Map<String, Long> written = new ConcurrentHashMap<>();

    public DebugFileUses(Database db) {
        this.db = db;
    }

    /** The files with these SHA-256s were used at {@code now}; writes those not written within the hour. */
    public void used(Collection<String> sha256s, long now) throws StoreException {
        List<String> due = new ArrayList<>();
        for (String sha : sha256s) {
            Long last = written.get(sha);
            if (last == null || now - last >= WRITE_EVERY_MILLIS) {
                due.add(sha);
            }
        }
        if (due.isEmpty()) {
            return;
        }
        Collections.sort(due); // one lock order
        db.write(c -> {
            try (PreparedStatement p = c.prepareStatement("UPDATE debug_files SET last_used_at = ? WHERE sha256 IN ("
                    + String.join(", ", Collections.nCopies(due.size(), "?")) + ") AND (last_used_at IS NULL "
                    + "OR last_used_at < ?)")) {
                p.setLong(1, now);
                for (int i = 0; i < due.size(); i++) {
                    p.setString(i + 2, due.get(i));
                }
                p.setLong(due.size() + 2, now);
                p.executeUpdate();
            }
            return null;
        });
        for (String sha : due) {
            written.put(sha, now);
        }
    }
}
