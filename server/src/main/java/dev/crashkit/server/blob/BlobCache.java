package dev.crashkit.server.blob;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * One instance's local copies of blobs that are read with random access (debug files, which the
 * symbolicator maps into memory): {@code <folder>/<sha256>/<name>}, at most {@code maxBytes} in all. A blob
 * is downloaded to a temporary file in {@code <folder>.tmp}, its SHA-256 and size checked, then renamed
 * into place; the blob used
 * least recently is removed when the total is over the bound (the one just fetched always stays, whatever
 * its size). Recency is kept in memory and starts from the files' modification times.
 */
public final class BlobCache {
    /** A blob to have locally: its key in the store, its content's SHA-256 and size, the name to give the file. */
    public record Entry(String key, String sha256, long size, String name) {
    }

    private record Held(Path path, long size) {
    }

    private final Path folder;
    private final Path staging;
    private final long maxBytes;
    /** Access order: the first is the least recently used. */
    private final LinkedHashMap<String, Held> held = new LinkedHashMap<>(16, 0.75f, true);
    private long total;

    /** Takes stock of the files a previous run left (a half-written one has no final name and is removed). */
    public BlobCache(Path folder, long maxBytes) throws IOException {
        this.folder = Files.createDirectories(folder);
        // Downloads in progress sit beside the folder, not in it: the symbolicator indexes the folder.
        this.staging = Files.createDirectories(folder.resolveSibling(folder.getFileName() + ".tmp"));
        this.maxBytes = maxBytes;
        try (Stream<Path> old = Files.list(staging)) {
            for (Path p : (Iterable<Path>) old::iterator) {
                Files.deleteIfExists(p);
            }
        }
        List<Path> dirs = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(folder, p -> p.getFileName().toString().matches("[0-9a-f]{64}"))) {
            ds.forEach(dirs::add);
        }
        dirs.sort(Comparator.comparing(BlobCache::modified));
        for (Path dir : dirs) {
            try (Stream<Path> files = Files.list(dir)) {
                Path file = files.filter(Files::isRegularFile).findFirst().orElse(null);
                if (file == null) {
                    Files.deleteIfExists(dir);
                } else {
                    long size = Files.size(file);
                    held.put(dir.getFileName().toString(), new Held(file, size));
                    total += size;
                }
            }
        }
    }

    public Path folder() {
        return folder;
    }

    /** Whether this blob is here now (marks it used). */
    public synchronized boolean has(String sha256) {
        return held.get(sha256) != null;
    }

    /**
     * The local file of {@code e}, downloaded from {@code store} when not here. Downloads are one at a
     * time: two workers needing the same file fetch it once.
     *
     * @return whether it was downloaded now
     * @throws BlobException when the store fails, has no such blob, or sends other bytes than the entry says
     */
    public synchronized boolean fetch(BlobStore store, Entry e) throws BlobException {
        if (held.get(e.sha256()) != null) {
            return false;
        }
        Path tmp = staging.resolve(UUID.randomUUID() + ".part");
        try {
            MessageDigest sha = Sha256.digest();
            long n = 0;
            try (InputStream in = store.get(e.key()).orElseThrow(() -> new BlobException(store.describe()
                    + " has no " + e.key() + " (debug file " + e.name() + ")"));
                 FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                 OutputStream out = Channels.newOutputStream(ch)) {
                byte[] buf = new byte[1 << 16];
                for (int r; (r = in.read(buf)) > 0; ) {
                    n += r;
                    if (n > e.size()) {
                        throw new BlobException(store.describe() + ": " + e.key() + " is larger than the "
                                + e.size() + " bytes recorded");
                    }
                    sha.update(buf, 0, r);
                    out.write(buf, 0, r);
                }
            }
            String got = Sha256.hex(sha);
            if (n != e.size() || !got.equals(e.sha256())) {
                throw new BlobException(store.describe() + ": " + e.key() + " is not the file recorded (" + n
                        + " bytes hashing to " + got + ", expected " + e.size() + " bytes hashing to " + e.sha256() + ")");
            }
            place(tmp, e);
            return true;
        } catch (BlobException ex) {
            throw ex;
        } catch (IOException ex) {
            throw new BlobException("cannot download " + e.key() + " from " + store.describe() + " into "
                    + folder + ": " + ex, ex);
        } finally {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // a left-over temporary file is removed at the next start
            }
        }
    }

    /** Moves a local file that has {@code e}'s content (an upload, already checked) into the cache. */
    public synchronized Path adopt(Path file, Entry e) throws IOException {
        Held h = held.get(e.sha256());
        if (h != null) {
            Files.deleteIfExists(file);
            return h.path();
        }
        return place(file, e);
    }

    private Path place(Path file, Entry e) throws IOException {
        if (!e.name().matches("[A-Za-z0-9._-]{1,100}") || e.name().matches("\\.+") || !e.sha256().matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("not a cache entry: " + e.sha256() + "/" + e.name());
        }
        Path dir = Files.createDirectories(folder.resolve(e.sha256()));
        Path target = dir.resolve(e.name());
        try {
            Files.move(file, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException ex) {
            Files.move(file, target, StandardCopyOption.REPLACE_EXISTING);
        }
        held.put(e.sha256(), new Held(target, e.size()));
        total += e.size();
        evict(e.sha256());
        return target;
    }

    /** Removes the least recently used files until the total fits, never {@code keep}. */
    private void evict(String keep) throws IOException {
        var it = held.entrySet().iterator();
        while (total > maxBytes && it.hasNext()) {
            Map.Entry<String, Held> oldest = it.next();
            if (oldest.getKey().equals(keep)) {
                continue;
            }
            // A file still mapped by a symbolication in progress stays readable until unmapped (POSIX unlink).
            Files.deleteIfExists(oldest.getValue().path());
            Files.deleteIfExists(oldest.getValue().path().getParent());
            total -= oldest.getValue().size();
            it.remove();
        }
    }

    /** Removes the local copy of a blob whose file is no longer stored; whether there was one. */
    public synchronized boolean remove(String sha256) throws IOException {
        Held h = held.remove(sha256);
        if (h == null) {
            return false;
        }
        Files.deleteIfExists(h.path());
        Files.deleteIfExists(h.path().getParent());
        total -= h.size();
        return true;
    }

    /** The SHA-256s of the blobs held now, with when each was placed here (its file's modification time). */
    public synchronized Map<String, Long> held() {
        Map<String, Long> out = new java.util.TreeMap<>();
        held.forEach((sha, h) -> out.put(sha, modified(h.path()).toMillis()));
        return out;
    }

    /** Bytes held now. */
    public synchronized long bytes() {
        return total;
    }

    private static FileTime modified(Path p) {
        try {
            return Files.getLastModifiedTime(p);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }
}
