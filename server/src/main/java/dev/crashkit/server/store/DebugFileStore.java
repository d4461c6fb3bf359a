package dev.crashkit.server.store;

import dev.crashkit.server.blob.BlobCache;
import dev.crashkit.server.blob.BlobException;
import dev.crashkit.server.blob.BlobKeys;
import dev.crashkit.server.blob.DirectoryBlobStore;
import dev.crashkit.server.blob.BlobStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Optional;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

/**
 * Uploaded debug files, content-addressed: {@code <folder>/<sha256>/<safe name>}. The name is reduced to
 * {@code [A-Za-z0-9._-]} (never a path), so an upload cannot write outside the folder; archives are kept
 * whole and read by the symbolicator's index (members are extracted under hash names only when needed).
 *
 * <p>With a shared blob store ({@link Shared}) an upload is put there first (durable, key
 * {@code debug-files/<sha256>}), its row recorded after, and the folder is this instance's {@link BlobCache}:
 * files another instance uploaded are fetched into it when a report needs their identities
 * ({@link #fetchMissing}).
 */
public final class DebugFileStore {

    /** An upload written to a temporary file, not yet in the store ({@code sha1}: what sentry-cli names it by). */
    public record Staged(Path file, String sha256, String sha1, long size) {
    }

    /** A stored file found by its SHA-1, with the identities recorded for it. */
    public record Known(String sha256, String name, long size, List<Id> ids) {
    }

    /** The upload was larger than allowed. */
    public static final class TooLarge extends IOException {
        public TooLarge(long limit) {
            super("debug file larger than the limit of " + limit + " bytes");
        }
    }

    /** An identity to record for a stored file. */
    public record Id(String debugId, String arch, String member, boolean debugInfo) {
    }

    /** The blob store every instance reads, and this instance's local copies of its debug files. */
    public record Shared(BlobStore store, BlobCache cache) {
    }

    private final Path folder;
    private final Path staging;
    private final Database db;
    private final java.util.Set<String> recordedHere = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final Optional<Shared> shared;

    /** Files kept in {@code folder}, for one instance. */
    public DebugFileStore(Path folder, Path staging, Database db) throws IOException {
        this(folder, staging, db, Optional.empty());
    }

    /** With {@code shared}: files kept in its store, {@code folder} unused (the cache's folder is read instead). */
    public DebugFileStore(Path folder, Path staging, Database db, Optional<Shared> shared) throws IOException {
        this.folder = shared.isPresent() ? shared.get().cache().folder() : Files.createDirectories(folder);
        this.staging = Files.createDirectories(staging);
        this.db = db;
        this.shared = shared;
    }

    public Path folder() {
        return folder;
    }

    /** Streams an upload to a temporary file (hashing it), refusing more than {@code limit} bytes. */
    public Staged stage(InputStream in, long limit) throws IOException {
        Path tmp = staging.resolve(UUID.randomUUID() + ".part");
        MessageDigest sha = digest("SHA-256");
        MessageDigest sha1 = digest("SHA-1");
        long total = 0;
        try (OutputStream out = new DigestOutputStream(new DigestOutputStream(Files.newOutputStream(tmp), sha), sha1)) {
            byte[] buf = new byte[1 << 16];
            int n;
            while ((n = in.read(buf)) > 0) {
                total += n;
                if (total > limit) {
                    throw new TooLarge(limit);
                }
                out.write(buf, 0, n);
            }
        } catch (IOException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        return new Staged(tmp, HexFormat.of().formatHex(sha.digest()), HexFormat.of().formatHex(sha1.digest()), total);
    }

    /**
     * Moves a staged file into the store (fsynced, atomically named); returns its local path. With a shared
     * store the file is put there first; if that fails the staged file is removed and nothing is kept.
     *
     * @throws StoreUnavailableException when the shared store cannot take it
     */
    public Path keep(Staged s, String originalName) throws IOException {
        if (shared.isPresent()) {
            String key = BlobKeys.debugFile(s.sha256());
            try {
                shared.get().store().put(key, s.file(), s.sha256());
            } catch (BlobException e) {
                Files.deleteIfExists(s.file());
                throw new StoreUnavailableException("the debug file was not stored: " + e.getMessage(), e);
            }
            return shared.get().cache().adopt(s.file(), new BlobCache.Entry(key, s.sha256(), s.size(),
                    safeName(originalName)));
        }
        Path dir = Files.createDirectories(folder.resolve(s.sha256()));
        Path target = dir.resolve(safeName(originalName));
        if (Files.exists(target)) {
            Files.delete(s.file());
            return target;
        }
        try (FileChannel ch = FileChannel.open(s.file(), StandardOpenOption.WRITE)) {
            ch.force(true);
        }
        try {
            Files.move(s.file(), target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(s.file(), target);
        }
        DirectoryBlobStore.fsyncFolder(dir);
        DirectoryBlobStore.fsyncFolder(folder);
        return target;
    }

    /** Records the file and its identities (after {@link #keep}, which answered {@code stored}). */
    public void record(Staged s, Path stored, String name, List<Id> ids, long now) throws StoreException {
        // Known as this server's own before it is visible to the watcher, which leaves it to the upload.
        recordedHere.add(s.sha256());
        try {
            insert(s, stored, name, ids, now);
        } catch (StoreException | RuntimeException e) {
            recordedHere.remove(s.sha256());
            throw e;
        }
    }

    /**
     * Whether this server recorded the file itself (and so indexed it and queued its waiting reports):
     * the {@code UploadWatcher} leaves those alone and handles only files other servers stored.
     */
    public boolean recordedHere(String sha256) {
        return recordedHere.contains(sha256);
    }

    private void insert(Staged s, Path stored, String name, List<Id> ids, long now) throws StoreException {
        db.write(c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO debug_files (sha256, name, size, uploaded_at, sha1) "
                    + "VALUES (?, ?, ?, ?, ?) ON CONFLICT (sha256) DO NOTHING")) {
                p.setString(1, s.sha256());
                p.setString(2, safeName(name));
                p.setLong(3, s.size());
                p.setLong(4, now);
                p.setString(5, s.sha1());
                p.executeUpdate();
            }
            // Uploaded again: counts as a use for --debug-file-retention-days.
            try (PreparedStatement p = c.prepareStatement("UPDATE debug_files SET last_used_at = ? WHERE sha256 = ? "
                    + "AND uploaded_at < ?")) {
                p.setLong(1, now);
                p.setString(2, s.sha256());
                p.setLong(3, now);
                p.executeUpdate();
            }
            // A file stored before SHA-1s were recorded gets its SHA-1 when it is uploaded again.
            try (PreparedStatement p = c.prepareStatement("UPDATE debug_files SET sha1 = ? WHERE sha256 = ? AND sha1 IS NULL")) {
                p.setString(1, s.sha1());
                p.setString(2, s.sha256());
                p.executeUpdate();
            }
            // After the row (locked in the order the retention takes them: the file's row, then its blob's).
            // The same content removed by the retention before: its deletion is cancelled, or if the cleanup
            // deleted the bytes since keep(), they are put back (the shared store) or the upload is refused
            // (its local file went; the client's retry stores it anew).
            String key = BlobKeys.debugFile(s.sha256());
            if (!BlobDeletions.claim(c, db.dialect(), List.of(key)).isEmpty()) {
                if (!Files.isRegularFile(stored)) {
                    throw new StoreUnavailableException("the debug file was removed by the cleanup while it was "
                            + "uploaded; upload it again", new java.nio.file.NoSuchFileException(stored.toString()));
                }
                if (shared.isPresent()) {
                    try {
                        shared.get().store().put(key, stored, s.sha256());
                    } catch (BlobException e) {
                        throw new StoreUnavailableException("the debug file was not stored: " + e.getMessage(), e);
                    }
                }
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO debug_ids (debug_id, sha256, arch, member, "
                    + "debug_info) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")) {
                for (Id id : ids) {
                    p.setString(1, id.debugId());
                    p.setString(2, s.sha256());
                    p.setString(3, id.arch());
                    p.setString(4, id.member());
                    p.setInt(5, id.debugInfo() ? 1 : 0);
                    p.executeUpdate();
                }
            }
            return null;
        });
    }

    /**
     * Deletes this server's local bytes of a removed file (the upload folder's, or the shared store's cached
     * copy); whether there were any. The index must be reloaded after ({@code DebugFiles.reload}).
     */
    public boolean dropLocal(String sha256) throws IOException {
        if (!sha256.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("not a SHA-256: " + sha256);
        }
        if (shared.isPresent()) {
            return shared.get().cache().remove(sha256);
        }
        Path dir = folder.resolve(sha256);
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (var files = Files.list(dir)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Files.deleteIfExists(p);
            }
        }
        Files.deleteIfExists(dir);
        return true;
    }

    /**
     * Without a shared store: this server's upload folder as the orphan scan lists a blob store, one
     * {@code debug-files/<sha256>} key per {@code <sha256>} folder, modified when the folder or any file in it
     * last was. A crash between {@link #keep} and {@link #record} leaves such a folder with no row; the scan
     * queues it ({@link OrphanBlobs}) and the cleanup's sweep deletes it with {@link #dropLocal} after checking
     * again that no row names it. Empty with a shared store (whose folder is a cache of its blobs).
     */
    public Optional<OrphanBlobs.Listing> localListing() {
        if (shared.isPresent()) {
            return Optional.empty();
        }
        return Optional.of(new OrphanBlobs.Listing() {
            @Override
            public List<String> prefixes() {
                return List.of(BlobKeys.DEBUG_FILES);
            }

            @Override
            public List<BlobStore.Listed> listed(String prefix, Optional<String> after, int limit) throws BlobException {
                try {
                    return listLocal(after, limit);
                } catch (IOException e) {
                    throw new BlobException("cannot list " + folder + ": " + e.getMessage(), e);
                }
            }

            @Override
            public String describe() {
                return "the debug files folder " + folder;
            }
        });
    }

    /** One page of {@link #localListing}: the folder is read whole, only {@code limit} names are kept. */
    private List<BlobStore.Listed> listLocal(Optional<String> after, int limit) throws IOException {
        java.util.TreeSet<String> page = new java.util.TreeSet<>();
        try (var entries = Files.list(folder)) {
            for (Path p : (Iterable<Path>) entries::iterator) {
                String name = p.getFileName().toString();
                if (!name.matches("[0-9a-f]{64}") || after.isPresent()
                        && BlobKeys.debugFile(name).compareTo(after.get()) <= 0) {
                    continue;
                }
                page.add(name);
                if (page.size() > limit) {
                    page.pollLast();
                }
            }
        }
        List<BlobStore.Listed> out = new ArrayList<>();
        for (String sha : page) {
            Path dir = folder.resolve(sha);
            try {
                long modified = Files.getLastModifiedTime(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS).toMillis();
                try (var files = Files.list(dir)) {
                    for (Path f : (Iterable<Path>) files::iterator) {
                        modified = Math.max(modified, Files.getLastModifiedTime(f,
                                java.nio.file.LinkOption.NOFOLLOW_LINKS).toMillis());
                    }
                }
                out.add(new BlobStore.Listed(BlobKeys.debugFile(sha), modified));
            } catch (java.nio.file.NoSuchFileException | java.nio.file.NotDirectoryException e) {
                // removed meanwhile, or not a folder this store made
            }
        }
        return out;
    }

    /**
     * With a shared store: drops the cached copies of files no longer recorded (removed by another server's
     * cleanup), placed here before {@code placedBefore} (a newer one may be an upload not recorded yet).
     *
     * @return the SHA-256s of the files dropped
     */
    public List<String> dropUnrecordedCopies(long placedBefore) throws StoreException, IOException {
        if (shared.isEmpty()) {
            return List.of();
        }
        List<String> old = new ArrayList<>();
        shared.get().cache().held().forEach((sha, placed) -> {
            if (placed < placedBefore) {
                old.add(sha);
            }
        });
        List<String> dropped = new ArrayList<>();
        for (int from = 0; from < old.size(); from += 100) {
            List<String> part = old.subList(from, Math.min(old.size(), from + 100));
            java.util.Set<String> recorded = db.read(c -> {
                java.util.Set<String> out = new java.util.HashSet<>();
                try (PreparedStatement p = c.prepareStatement("SELECT sha256 FROM debug_files WHERE sha256 IN ("
                        + String.join(", ", java.util.Collections.nCopies(part.size(), "?")) + ")")) {
                    for (int i = 0; i < part.size(); i++) {
                        p.setString(i + 1, part.get(i));
                    }
                    try (ResultSet r = p.executeQuery()) {
                        while (r.next()) {
                            out.add(r.getString(1));
                        }
                    }
                }
                return out;
            });
            for (String sha : part) {
                if (!recorded.contains(sha) && shared.get().cache().remove(sha)) {
                    dropped.add(sha);
                }
            }
        }
        return dropped;
    }

    /** The stored file whose content has this SHA-1 (lower-case hex), with its identities. */
    public Optional<Known> bySha1(String sha1) throws StoreException {
        return db.read(c -> {
            String sha256;
            String name;
            long size;
            try (PreparedStatement p = c.prepareStatement("SELECT sha256, name, size FROM debug_files WHERE sha1 = ?")) {
                p.setString(1, sha1);
                try (ResultSet r = p.executeQuery()) {
                    if (!r.next()) {
                        return Optional.<Known>empty();
                    }
                    sha256 = r.getString(1);
                    name = r.getString(2);
                    size = r.getLong(3);
                }
            }
            List<Id> ids = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT debug_id, arch, member, debug_info FROM debug_ids "
                    + "WHERE sha256 = ? ORDER BY debug_id, arch, member")) {
                p.setString(1, sha256);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        ids.add(new Id(r.getString(1), r.getString(2), r.getString(3), r.getInt(4) != 0));
                    }
                }
            }
            return Optional.of(new Known(sha256, name, size, ids));
        });
    }

    /**
     * Fetches into the local cache the stored files holding any of {@code debugIds} that are not here yet
     * (uploaded through another instance); nothing without a shared store.
     *
     * @return how many files were fetched
     * @throws StoreUnavailableException when the shared store cannot give a file now
     */
    public int fetchMissing(Collection<String> debugIds) throws StoreException {
        if (shared.isEmpty() || debugIds.isEmpty()) {
            return 0;
        }
        List<String> ids = List.copyOf(new java.util.LinkedHashSet<>(debugIds));
        List<BlobCache.Entry> files = new ArrayList<>();
        for (int from = 0; from < ids.size(); from += 100) {
            List<String> part = ids.subList(from, Math.min(ids.size(), from + 100));
            files.addAll(db.read(c -> {
                List<BlobCache.Entry> out = new ArrayList<>();
                try (PreparedStatement p = c.prepareStatement("SELECT DISTINCT f.sha256, f.name, f.size FROM debug_ids i "
                        + "JOIN debug_files f ON f.sha256 = i.sha256 WHERE i.debug_id IN ("
                        + String.join(", ", java.util.Collections.nCopies(part.size(), "?")) + ") ORDER BY f.sha256")) {
                    for (int i = 0; i < part.size(); i++) {
                        p.setString(i + 1, part.get(i));
                    }
                    try (ResultSet r = p.executeQuery()) {
                        while (r.next()) {
                            out.add(new BlobCache.Entry(BlobKeys.debugFile(r.getString(1)), r.getString(1), r.getLong(3),
                                    safeName(r.getString(2))));
                        }
                    }
                }
                return out;
            }));
        }
        int fetched = 0;
        for (BlobCache.Entry e : files) {
            try {
                fetched += shared.get().cache().fetch(shared.get().store(), e) ? 1 : 0;
            } catch (BlobException ex) {
                throw new StoreUnavailableException("debug file " + e.name() + ": " + ex.getMessage(), ex);
            }
        }
        return fetched;
    }

    /** A stored file as another server sees it: its content hash, when it was recorded, its debug ids. */
    public record Recorded(String sha256, long uploadedAt, List<String> debugIds) {
        public Recorded {
            debugIds = List.copyOf(debugIds);
        }
    }

    /**
     * The files recorded at or after {@code since} (by any server on this database), oldest first: an
     * indexed range on {@code uploaded_at}, cheap enough to ask every second.
     */
    public List<Recorded> recordedSince(long since) throws StoreException {
        return db.read(c -> {
            java.util.Map<String, Long> times = new java.util.LinkedHashMap<>();
            java.util.Map<String, java.util.Set<String>> ids = new java.util.HashMap<>();
            try (PreparedStatement p = c.prepareStatement("SELECT f.sha256, f.uploaded_at, i.debug_id FROM debug_files f "
                    + "LEFT JOIN debug_ids i ON i.sha256 = f.sha256 WHERE f.uploaded_at >= ? ORDER BY f.uploaded_at, f.sha256")) {
                p.setLong(1, since);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        times.put(r.getString(1), r.getLong(2));
                        java.util.Set<String> of = ids.computeIfAbsent(r.getString(1), sha -> new java.util.LinkedHashSet<>());
                        if (r.getString(3) != null) {
                            of.add(r.getString(3));
                        }
                    }
                }
            }
            List<Recorded> out = new ArrayList<>();
            times.forEach((sha, at) -> out.add(new Recorded(sha, at, List.copyOf(ids.get(sha)))));
            return out;
        });
    }

    /**
     * Removes left-over temporary files of uploads cut off by a crash. Only files not written to for
     * {@link #STALE_STAGING_MILLIS}: another server sharing the data folder may be receiving an upload now.
     */
    public void sweepStaging(long now) throws IOException {
        sweepStale(staging, now);
    }

    /** A staged file untouched this long belongs to no upload going on. */
    public static final long STALE_STAGING_MILLIS = 15 * 60_000;

    /** Deletes the files in {@code folder} not modified for {@link #STALE_STAGING_MILLIS}. */
    public static void sweepStale(Path folder, long now) throws IOException {
        try (var files = Files.list(folder)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                try {
                    if (Files.isRegularFile(p) && Files.getLastModifiedTime(p).toMillis() < now - STALE_STAGING_MILLIS) {
                        Files.deleteIfExists(p);
                    }
                } catch (java.nio.file.NoSuchFileException e) {
                    // kept or removed by its upload meanwhile
                }
            }
        }
    }

    static String safeName(String name) {
        String base = name.replace('\\', '/');
        base = base.substring(base.lastIndexOf('/') + 1);
        String safe = base.replaceAll("[^A-Za-z0-9._-]", "_");
        if (safe.isEmpty() || safe.chars().allMatch(ch -> ch == '.')) {
            safe = "upload";
        }
        return safe.length() > 100 ? safe.substring(safe.length() - 100) : safe;
    }

    private static MessageDigest digest(String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm + " is required of every JVM", e);
        }
    }
}
