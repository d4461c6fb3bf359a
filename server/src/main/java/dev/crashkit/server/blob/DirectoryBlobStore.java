package dev.crashkit.server.blob;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Blobs as files under one folder, e.g. a shared NFS mount every instance has: {@code <folder>/<key>}.
 * A put writes a temporary file beside its target ({@code .<uuid>.part}, never a key), forces it to disk,
 * renames it into place atomically and forces the folder: a reader sees a whole blob or none.
 */
public final class DirectoryBlobStore implements BlobStore {
    /**
     * A temporary file untouched this long is a crashed put's: a put writes its file from start to end within
     * seconds (an ingest gives up after 120 s), and every write moves its modification time.
     */
    public static final long STALE_PART_MILLIS = 24 * 60 * 60_000L;
    private static final java.util.regex.Pattern PART = java.util.regex.Pattern.compile("\\.[0-9a-f-]{36}\\.part");
    private final Path folder;
    /** This server's puts' temporary files, never swept whatever their age. */
    private final java.util.Set<Path> writing = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** @throws BlobException when the folder cannot be made or is not writable */
    public DirectoryBlobStore(Path folder) throws BlobException {
        try {
            this.folder = Files.createDirectories(folder).toRealPath();
        } catch (IOException e) {
            throw new BlobException("blob store folder " + folder + ": " + e.getMessage(), e);
        }
        if (!Files.isWritable(this.folder)) {
            throw new BlobException("blob store folder " + folder + " is not writable");
        }
    }

    private Path path(String key) {
        return folder.resolve(BlobKeys.check(key));
    }

    @Override
    public void put(String key, InputStream in, long size, String sha256) throws BlobException {
        Path target = path(key);
        try {
            if (Files.isRegularFile(target) && Files.size(target) == size) {
                return; // content-addressed: the same bytes are there already
            }
            Path dir = Files.createDirectories(target.getParent());
            Path tmp = dir.resolve("." + UUID.randomUUID() + ".part");
            writing.add(tmp);
            try {
                MessageDigest sha = Sha256.digest();
                long written = 0;
                try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                     OutputStream out = Channels.newOutputStream(ch)) {
                    byte[] buf = new byte[1 << 16];
                    for (int n; written < size && (n = in.read(buf, 0, (int) Math.min(buf.length, size - written))) > 0; ) {
                        sha.update(buf, 0, n);
                        out.write(buf, 0, n);
                        written += n;
                    }
                    ch.force(true);
                }
                if (written != size) {
                    throw new BlobException(describe() + ": " + key + ": got " + written + " bytes, expected " + size);
                }
                String got = Sha256.hex(sha);
                if (!got.equals(sha256)) {
                    throw new BlobException(describe() + ": " + key + ": the bytes hash to " + got + ", not " + sha256);
                }
                try {
                    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
                }
                fsyncFolder(dir);
            } finally {
                Files.deleteIfExists(tmp);
                writing.remove(tmp);
            }
        } catch (BlobException e) {
            throw e;
        } catch (IOException e) {
            throw new BlobException(describe() + ": cannot store " + key + ": " + e, e);
        }
    }

    @Override
    public Optional<InputStream> get(String key) throws BlobException {
        try {
            return Optional.of(Files.newInputStream(path(key)));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new BlobException(describe() + ": cannot read " + key + ": " + e, e);
        }
    }

    @Override
    public boolean exists(String key) {
        return Files.isRegularFile(path(key));
    }

    @Override
    public void delete(String key) throws BlobException {
        try {
            Files.deleteIfExists(path(key));
        } catch (IOException e) {
            throw new BlobException(describe() + ": cannot delete " + key + ": " + e, e);
        }
    }

    @Override
    public List<Listed> listed(String prefix, Optional<String> after, int limit) throws BlobException {
        BlobKeys.checkPrefix(prefix);
        if (limit <= 0) {
            return List.of();
        }
        // Walk only the deepest folder the prefix names in full.
        int slash = prefix.lastIndexOf('/');
        String base = slash < 0 ? "" : prefix.substring(0, slash + 1);
        Path start = base.isEmpty() ? folder : folder.resolve(base.substring(0, base.length() - 1));
        List<Listed> out = new ArrayList<>();
        try {
            if (Files.isDirectory(start)) {
                walk(start, base, prefix, after, limit, out);
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new BlobException(describe() + ": cannot list " + prefix + ": " + e, e);
        }
        return out;
    }

    /**
     * Adds to {@code out} the keys under {@code dir} (whose keys begin with {@code base}) in ascending
     * order until it holds {@code limit}. A folder's entries are sorted as the keys under them sort (a
     * folder's name with its slash, a file's alone), so one folder at a time gives the keys in order; of
     * its files only the {@code limit} smallest past {@code after} are held, so a page costs one folder's
     * listing in time but no more than a page in memory.
     */
    private void walk(Path dir, String base, String prefix, Optional<String> after, int limit, List<Listed> out)
            throws IOException {
        java.util.TreeMap<String, Path> children = new java.util.TreeMap<>();
        int files = 0;
        try (java.nio.file.DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path p : entries) {
                String name = p.getFileName().toString();
                if (name.startsWith(".")) {
                    continue; // a put's temporary file
                }
                boolean folder = Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS);
                String sortKey = base + name + (folder ? "/" : "");
                if (!folder && (!sortKey.startsWith(prefix) || after.isPresent() && sortKey.compareTo(after.get()) <= 0)) {
                    continue;
                }
                if (folder && !mayHold(sortKey, prefix, after)) {
                    continue;
                }
                if (!folder && ++files > limit) {
                    // Keep the smallest: drop the largest file held (folders are few and kept).
                    String largest = children.lastKey();
                    while (largest.endsWith("/")) {
                        largest = children.lowerKey(largest);
                    }
                    if (sortKey.compareTo(largest) >= 0) {
                        files--;
                        continue;
                    }
                    children.remove(largest);
                    files--;
                }
                children.put(sortKey, p);
            }
        }
        for (var e : children.entrySet()) {
            if (out.size() >= limit) {
                return;
            }
            if (e.getKey().endsWith("/")) {
                walk(e.getValue(), e.getKey(), prefix, after, limit, out);
            } else if (Files.isRegularFile(e.getValue(), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                try {
                    out.add(new Listed(e.getKey(), Files.getLastModifiedTime(e.getValue()).toMillis()));
                } catch (NoSuchFileException gone) {
                    // deleted since the folder was read
                }
            }
        }
    }

    /**
     * Deletes the temporary files ({@code .<uuid>.part}) that puts which never finished left, a server's crash
     * mid-put: those not modified since {@code before}, and never one this store's own puts are writing. A put of
     * another server sharing the folder is protected by its age alone: pass a time at least
     * {@link #STALE_PART_MILLIS} ago.
     *
     * @return how many were deleted
     */
    @Override
    public long sweepTemporaries(long before) throws BlobException {
        long deleted = 0;
        // Temporary files lie beside their targets: <kind>/<two hex digits>/.<uuid>.part.
        try (var paths = Files.walk(folder, 3)) {
            for (Path p : (Iterable<Path>) paths::iterator) {
                if (!PART.matcher(p.getFileName().toString()).matches() || writing.contains(p)) {
                    continue;
                }
                try {
                    if (Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                            && Files.getLastModifiedTime(p).toMillis() < before && Files.deleteIfExists(p)) {
                        deleted++;
                    }
                } catch (NoSuchFileException gone) {
                    // its put finished meanwhile
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new BlobException(describe() + ": cannot sweep temporary files: " + e, e);
        }
        return deleted;
    }

    /** Whether keys beginning with {@code folder} (ending in a slash) can start with prefix and come after after. */
    private static boolean mayHold(String folder, String prefix, Optional<String> after) {
        if (!folder.startsWith(prefix) && !prefix.startsWith(folder)) {
            return false;
        }
        // Every key under the folder is after it; if after lies outside, the whole folder is on one side.
        return after.isEmpty() || after.get().startsWith(folder) || folder.compareTo(after.get()) > 0;
    }

    @Override
    public String describe() {
        return "blob store " + folder;
    }

    @Override
    public void close() {
        // nothing held open
    }

    /** Forces a folder's entries (a rename into it) to disk, where the file system allows it. */
    public static void fsyncFolder(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // Some file systems cannot open folders for sync; the file itself was forced.
        }
    }
}
