package dev.crashkit.server.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Chunks of files uploaded in pieces (sentry-cli's chunked upload), on disk as {@code <folder>/<sha1>}, each
 * verified against the SHA-1 it is named by before it is kept. Bounded: at most {@code maxBytes} and
 * {@code maxCount} chunks at once; chunks older than {@code maxAgeMillis} are swept (a client that never
 * asked to assemble them), and chunks are deleted once the file they make up is assembled.
 */
public final class ChunkStore {
    private static final Pattern SHA1 = Pattern.compile("[0-9a-f]{40}");

    /** A chunk the store refuses: not its SHA-1, larger than a chunk, bad gzip. */
    public static final class BadChunk extends IOException {
        public BadChunk(String message) {
            super(message);
        }
    }

    /** The store holds as much as it may; the client should retry later. */
    public static final class Full extends IOException {
        public Full(String message) {
            super(message);
        }
    }

    /** A chunk written and verified, not yet visible under its name ({@link #commit}). */
    public record Verified(String sha1, Path file, long size) {
    }

    private final Path folder;
    private final Path staging;
    private final long maxBytes;
    private final int maxCount;
    private final long maxAgeMillis;
    private long bytes;
    private int count;

    public ChunkStore(Path folder, long maxBytes, int maxCount, long maxAgeMillis) throws IOException {
        this.folder = Files.createDirectories(folder);
        this.staging = Files.createDirectories(folder.resolve(".staging"));
        this.maxBytes = maxBytes;
        this.maxCount = maxCount;
        this.maxAgeMillis = maxAgeMillis;
        // Only stale ones: another server sharing the data folder may be writing a chunk now.
        DebugFileStore.sweepStale(staging, System.currentTimeMillis());
        for (Path p : chunkFiles()) {
            bytes += Files.size(p);
            count++;
        }
    }

    /** True for a well-formed chunk name: 40 lower-case hex digits. */
    public static boolean isSha1(String s) {
        return s != null && SHA1.matcher(s).matches();
    }

    /**
     * Writes one chunk to the staging folder, gunzipping it when {@code gzip}, and checks that its content
     * has the SHA-1 {@code sha1} and at most {@code maxSize} bytes (also what bounds a gzip bomb).
     */
    public Verified verify(String sha1, InputStream data, boolean gzip, long maxSize) throws IOException {
        if (!isSha1(sha1)) {
            throw new BadChunk("chunk name is not a SHA-1 (40 lower-case hex digits): " + quote(sha1));
        }
        synchronized (this) {
            if ((count >= maxCount || bytes >= maxBytes) && !has(sha1)) {
                throw new Full("too many chunks waiting to be assembled; retry later");
            }
        }
        Path tmp = staging.resolve(UUID.randomUUID() + ".part");
        MessageDigest sha = sha1();
        long total = 0;
        try (InputStream in = gzip ? new GZIPInputStream(data, 1 << 16) : data;
             OutputStream out = new DigestOutputStream(Files.newOutputStream(tmp), sha)) {
            byte[] buf = new byte[1 << 16];
            int n;
            while ((n = in.read(buf)) > 0) {
                total += n;
                if (total > maxSize) {
                    throw new BadChunk("chunk " + sha1 + " larger than the chunk size of " + maxSize + " bytes");
                }
                out.write(buf, 0, n);
            }
        } catch (ZipException | java.io.EOFException e) {
            Files.deleteIfExists(tmp);
            throw new BadChunk("chunk " + sha1 + " is not valid gzip: " + e.getMessage());
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        String actual = HexFormat.of().formatHex(sha.digest());
        if (!actual.equals(sha1)) {
            Files.deleteIfExists(tmp);
            throw new BadChunk("chunk named " + sha1 + " has SHA-1 " + actual);
        }
        return new Verified(sha1, tmp, total);
    }

    /** Makes verified chunks visible under their names (a chunk already there is kept as it is). */
    public synchronized void commit(List<Verified> chunks) throws IOException {
        long adding = 0;
        int added = 0;
        for (Verified v : chunks) {
            if (!has(v.sha1())) {
                adding += v.size();
                added++;
            }
        }
        if (count + added > maxCount || bytes + adding > maxBytes) {
            discard(chunks);
            throw new Full("too many chunks waiting to be assembled; retry later");
        }
        for (Verified v : chunks) {
            Path target = folder.resolve(v.sha1());
            if (Files.exists(target)) {
                Files.deleteIfExists(v.file());
                continue;
            }
            try {
                Files.move(v.file(), target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(v.file(), target, StandardCopyOption.REPLACE_EXISTING);
            }
            bytes += v.size();
            count++;
        }
    }

    /** Deletes staged chunks that will not be committed. */
    public void discard(Collection<Verified> chunks) throws IOException {
        for (Verified v : chunks) {
            Files.deleteIfExists(v.file());
        }
    }

    public boolean has(String sha1) {
        return isSha1(sha1) && Files.isRegularFile(folder.resolve(sha1));
    }

    /** The size of a stored chunk. */
    public long size(String sha1) throws IOException {
        return Files.size(path(sha1));
    }

    /** Reads a stored chunk. */
    public InputStream open(String sha1) throws IOException {
        return Files.newInputStream(path(sha1));
    }

    /** Deletes stored chunks (those that made up an assembled file). */
    public synchronized void delete(Collection<String> sha1s) throws IOException {
        for (String s : sha1s) {
            if (!isSha1(s)) {
                continue;
            }
            Path p = folder.resolve(s);
            try {
                long size = Files.size(p);
                Files.delete(p);
                bytes -= size;
                count--;
            } catch (NoSuchFileException e) {
                // Deleted already, by an assembly of another file sharing the chunk.
            }
        }
    }

    /** Deletes chunks older than the maximum age; returns how many. */
    public synchronized int sweep(long nowMillis) throws IOException {
        List<String> old = new ArrayList<>();
        for (Path p : chunkFiles()) {
            if (nowMillis - Files.getLastModifiedTime(p).toMillis() > maxAgeMillis) {
                old.add(p.getFileName().toString());
            }
        }
        delete(old);
        return old.size();
    }

    synchronized int count() {
        return count;
    }

    synchronized long bytes() {
        return bytes;
    }

    private List<Path> chunkFiles() throws IOException {
        List<Path> out = new ArrayList<>();
        try (var files = Files.list(folder)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                if (isSha1(p.getFileName().toString()) && Files.isRegularFile(p)) {
                    out.add(p);
                }
            }
        }
        return out;
    }

    private Path path(String sha1) throws IOException {
        if (!isSha1(sha1)) {
            throw new NoSuchFileException("not a chunk name: " + quote(sha1));
        }
        return folder.resolve(sha1);
    }

    private static String quote(String s) {
        if (s == null) {
            return "(none)";
        }
        String shown = s.length() > 60 ? s.substring(0, 60) + "..." : s;
        return "'" + shown.replaceAll("[^\\x20-\\x7e]", "?") + "'";
    }

    private static MessageDigest sha1() {
        try {
            return MessageDigest.getInstance("SHA-1");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is required of every JVM", e);
        }
    }
}
