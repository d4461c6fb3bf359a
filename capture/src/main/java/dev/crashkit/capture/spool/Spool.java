package dev.crashkit.capture.spool;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * A folder of finished reports waiting for upload. A report is written to a {@code .part} file,
 * forced to disk, then renamed to {@code <millis>-<uuid>.json} and the folder forced: a crash
 * mid-write leaves only a {@code .part} (removed by a later {@link #pending()} once a minute old),
 * never a truncated report.
 */
public final class Spool {
    /** Last time stamp handed out in this JVM: names stay in write order even within one millisecond. */
    private static final java.util.concurrent.atomic.AtomicLong LAST_STAMP = new java.util.concurrent.atomic.AtomicLong();

    private static long nextStamp() {
        long now = System.currentTimeMillis();
        return LAST_STAMP.updateAndGet(last -> Math.max(now, last + 1));
    }

    private static final String SUFFIX = ".json";
    private static final String PARTIAL = ".part";
    private final Path dir;
    /**
     * Reports this process will still rewrite (an ongoing hang's): not pending until released. Only
     * this JVM knows: after it dies such a report is pending like any other, as last written.
     */
    private final java.util.Set<Path> held = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** Opens (and creates) the spool folder. */
    public Spool(Path dir) throws IOException {
        this.dir = dir;
        Files.createDirectories(dir);
    }

    public Path dir() {
        return dir;
    }

    /** Something that writes one report's bytes. */
    @FunctionalInterface
    public interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes a report atomically; returns its final path. */
    public Path write(Body body) throws IOException {
        return write(body, false);
    }

    /**
     * Writes a report atomically and, with {@code hold}, keeps it out of {@link #pending()} until
     * {@link #release} (it will be rewritten first); returns its final path.
     */
    public Path write(Body body, boolean hold) throws IOException {
        String id = nextStamp() + "-" + UUID.randomUUID();
        Path done = dir.resolve(id + SUFFIX);
        if (hold) {
            held.add(done);
        }
        try {
            writeAtomically(dir.resolve("." + id + PARTIAL), done, body);
        } catch (IOException | RuntimeException e) {
            held.remove(done);
            throw e;
        }
        return done;
    }

    /** Replaces a report written by {@link #write} atomically: a reader sees the old or the new bytes. */
    public void rewrite(Path report, Body body) throws IOException {
        String name = report.getFileName().toString();
        writeAtomically(dir.resolve("." + name + "." + UUID.randomUUID() + PARTIAL), report, body);
    }

    /** Makes a held report pending (for the uploader). */
    public void release(Path report) {
        held.remove(report);
    }

    private void writeAtomically(Path part, Path done, Body body) throws IOException {
        try (FileChannel ch = FileChannel.open(part, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            OutputStream out = Channels.newOutputStream(ch);
            body.writeTo(out);
            out.flush();
            ch.force(true);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(part);
            throw e;
        }
        try {
            Files.move(part, done, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.deleteIfExists(part);
            throw new IOException(dir + ": the file system cannot rename atomically; choose another spool folder", e);
        }
        forceDirectory();
    }

    /** Finished reports, oldest first. Leftover {@code .part} files of an interrupted write are deleted. */
    public List<Path> pending() throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                String n = p.getFileName().toString();
                if (n.endsWith(PARTIAL)) {
                    // Left by an interrupted write; a young one may be a write or rewrite in progress
                    // on another thread of this JVM (a hang report is rewritten while uploads run).
                    if (olderThan(p, STALE_PART_MILLIS)) {
                        Files.deleteIfExists(p);
                    }
                } else if (n.endsWith(SUFFIX) && !n.startsWith(".") && !held.contains(p)) {
                    out.add(p);
                }
            }
        }
        out.sort((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()));
        return out;
    }

    private static final long STALE_PART_MILLIS = 60_000;

    private static boolean olderThan(Path p, long millis) {
        try {
            return System.currentTimeMillis() - Files.getLastModifiedTime(p).toMillis() > millis;
        } catch (IOException e) {
            return false; // gone meanwhile
        }
    }

    /** Removes a report once the server has acknowledged it. */
    public void remove(Path report) throws IOException {
        try {
            Files.delete(report);
        } catch (NoSuchFileException e) {
            // Another uploader (a second JVM on the same spool) got there first.
            return;
        }
        forceDirectory();
    }

    /** The rename is durable only once the directory entry is on disk. */
    private void forceDirectory() {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // Some file systems refuse to open directories; the rename itself still happened.
        }
    }
}
