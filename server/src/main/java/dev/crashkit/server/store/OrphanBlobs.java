package dev.crashkit.server.store;

import dev.crashkit.server.blob.BlobException;
import dev.crashkit.server.blob.BlobKeys;
import dev.crashkit.server.blob.BlobStore;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the blobs of a shared blob store that no row names and none ever will: an ingest or a debug file
 * upload puts its bytes before it commits the row naming them, so a server that dies in between leaves a
 * blob nothing refers to, and nothing would queue it for deletion. The scan lists the store a page at a
 * time and queues each report or debug file blob that is older than the grace period and that no row
 * names into {@code blob_deletions}, marked {@code orphan}; {@link BlobDeletions#sweep} deletes it like any
 * other queued key, a grace period later and only if no row names it then.
 *
 * <p>Why queue rather than delete at once: a blob's modification time does not say that no ingest is
 * using it. A put of bytes already stored may leave the blob as it is (a folder store skips the write), so
 * an ingest of the same bytes as an old orphan may be between its put and its commit right now. Queued,
 * the key goes through the same protocol as removed rows' keys: that ingest's commit cancels the queued
 * deletion, or learns that the blob was deleted and puts it again ({@link BlobDeletions#claim}), and the
 * sweep checks again under the rows' locks that no row names it.
 *
 * <p>Servers sharing a database take turns: {@link #claim} lets one of them scan at most once per interval.
 */
public final class OrphanBlobs {
    /** How often a store is listed at most (all servers of a database together). */
    public static final long INTERVAL_MILLIS = 60 * 60_000;
    /** Keys per listing request (S3 answers at most 1000). */
    static final int PAGE = 1000;
    private final int pageSize;
    private static final String TASK = "orphan-blobs";

    /**
     * What a scan lists: a shared blob store ({@link #of}), or this server's own folder of uploaded debug files
     * when there is no blob store ({@link DebugFileStore#localListing}), keyed as the blob store would key them.
     */
    public interface Listing {
        /** The kinds of keys listed ({@link BlobKeys#REPORTS}, {@link BlobKeys#DEBUG_FILES}). */
        List<String> prefixes();

        /** As {@link BlobStore#listed}: ascending keys after {@code after}, one page. */
        List<BlobStore.Listed> listed(String prefix, Optional<String> after, int limit) throws BlobException;

        String describe();
    }

    /** A shared blob store, both kinds of keys. */
    public static Listing of(BlobStore store) {
        return new Listing() {
            @Override
            public List<String> prefixes() {
                return List.of(BlobKeys.REPORTS, BlobKeys.DEBUG_FILES);
            }

            @Override
            public List<BlobStore.Listed> listed(String prefix, Optional<String> after, int limit) throws BlobException {
                return store.listed(prefix, after, limit);
            }

            @Override
            public String describe() {
                return store.describe();
            }
        };
    }

    /** What a scan did: blobs listed, and those queued for deletion as orphans. */
    public record Scanned(long listed, long queued) {
        /** No scan (not due, or no store to list). */
        public static final Scanned NONE = new Scanned(0, 0);
    }

    private final Database db;
    private final long graceMillis;
    private final long intervalMillis;

    /** With the grace period of {@link BlobDeletions#GRACE_MILLIS} and an interval of {@link #INTERVAL_MILLIS}. */
    public OrphanBlobs(Database db) {
        this(db, BlobDeletions.GRACE_MILLIS, INTERVAL_MILLIS);
    }

    /**
     * @param graceMillis    a blob modified less than this long ago is left (an ingest may be committing it)
     * @param intervalMillis the least time between two scans of any server on this database
     */
    public OrphanBlobs(Database db, long graceMillis, long intervalMillis) {
        this(db, graceMillis, intervalMillis, PAGE);
    }

    /** With pages of {@code pageSize} keys (tests: a few, to page through a small store). */
    OrphanBlobs(Database db, long graceMillis, long intervalMillis, int pageSize) {
        this.db = db;
        this.graceMillis = graceMillis;
        this.intervalMillis = intervalMillis;
        this.pageSize = pageSize;
    }

    /**
     * Whether this server should scan now: true for exactly one of the servers that ask once the interval
     * since the last scan (of any of them) is over, which is recorded as starting now.
     */
    public boolean claim(long now) throws StoreException {
        return db.write(c -> {
            // A start recorded in the future by more than an interval (a clock set back) does not stop scans.
            try (PreparedStatement p = c.prepareStatement("UPDATE cleanup_schedule SET started_at = ? WHERE task = ? "
                    + "AND (started_at <= ? OR started_at > ?)")) {
                p.setLong(1, now);
                p.setString(2, TASK);
                p.setLong(3, now - intervalMillis);
                p.setLong(4, now + intervalMillis);
                return p.executeUpdate() == 1;
            }
        });
    }

    /**
     * Lists every report and debug file blob of {@code store} and queues the orphans among them (modified
     * before {@code now} less the grace period, named by no row). Memory: one page of the listing.
     *
     * @throws StoreUnavailableException when the store cannot be listed (what was queued before stays queued)
     */
    public Scanned scan(BlobStore store, long now) throws StoreException {
        return scan(of(store), now);
    }

    /** As {@link #scan(BlobStore, long)}, on any listing (this server's own debug files folder). */
    public Scanned scan(Listing store, long now) throws StoreException {
        long listed = 0;
        long queued = 0;
        for (String prefix : store.prefixes()) {
            Optional<String> after = Optional.empty();
            while (true) {
                List<BlobStore.Listed> page;
                try {
                    page = store.listed(prefix, after, pageSize);
                } catch (BlobException e) {
                    throw new StoreUnavailableException("listing " + store.describe() + " for orphan blobs: "
                            + e.getMessage(), e);
                }
                if (page.isEmpty()) {
                    break;
                }
                listed += page.size();
                after = Optional.of(page.get(page.size() - 1).key());
                List<String> old = new ArrayList<>();
                for (BlobStore.Listed b : page) {
                    if (b.modifiedMillis() < now - graceMillis && isBlobKey(b.key())) {
                        old.add(b.key());
                    }
                }
                for (int from = 0; from < old.size(); from += BlobDeletions.BATCH) {
                    queued += queueUnreferenced(old.subList(from, Math.min(old.size(), from + BlobDeletions.BATCH)), now);
                }
            }
        }
        return new Scanned(listed, queued);
    }

    /** Only keys this server makes: anything else under the store's prefix is not its to delete. */
    private static boolean isBlobKey(String key) {
        try {
            BlobKeys.sha256Of(key);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private long queueUnreferenced(List<String> keys, long now) throws StoreException {
        return db.write(c -> {
            Set<String> referenced = BlobDeletions.referenced(c, keys);
            long n = 0;
            // A key queued already keeps its time; one deleted before (and put again by an ingest that never
            // committed) is queued again.
            try (PreparedStatement p = c.prepareStatement("INSERT INTO blob_deletions (blob_key, queued_at, orphan) "
                    + "VALUES (?, ?, 1) ON CONFLICT (blob_key) DO UPDATE SET queued_at = excluded.queued_at, orphan = 1 "
                    + "WHERE blob_deletions.deleted_at IS NOT NULL AND blob_deletions.queued_at <= blob_deletions.deleted_at")) {
                for (String key : keys) {
                    if (!referenced.contains(key)) {
                        p.setString(1, key);
                        p.setLong(2, now);
                        n += p.executeUpdate();
                    }
                }
            }
            return n;
        });
    }
}
