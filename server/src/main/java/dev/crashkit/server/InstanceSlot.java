package dev.crashkit.server;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * This server's identity on a shared database: the first of {@code <data>/instances/slot-N.lock} it can
 * lock, named with the host and the data folder. The operating system drops the lock when the process
 * dies (even by SIGKILL), so a server restarted on the same host and data folder gets the same identity
 * again and may free the claims its previous process left ({@code Queue.releaseOwn}), while two live
 * servers sharing a data folder lock different slots and never free each other's claims.
 */
final class InstanceSlot implements AutoCloseable {
    /** More servers than this on one data folder is surely a mistake. */
    private static final int MAX_SLOTS = 64;

    private final String id;
    private final FileChannel channel;
    private final FileLock lock;

    private InstanceSlot(String id, FileChannel channel, FileLock lock) {
        this.id = id;
        this.channel = channel;
        this.lock = lock;
    }

    static InstanceSlot take(Path data) throws IOException {
        Path folder = Files.createDirectories(data.resolve("instances"));
        String host = hostName();
        for (int n = 0; n < MAX_SLOTS; n++) {
            FileChannel ch = FileChannel.open(folder.resolve("slot-" + n + ".lock"),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = ch.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null; // held by another server in this same JVM (tests)
            }
            if (lock != null) {
                return new InstanceSlot(host + ":" + data.toAbsolutePath().normalize() + "#" + n, ch, lock);
            }
            ch.close();
        }
        throw new IOException("more than " + MAX_SLOTS + " servers running on the data folder " + data);
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }

    /** {@code host:data-folder#slot}. */
    String id() {
        return id;
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException ignored) {
            // the process is stopping; the operating system releases the lock anyway
        }
    }
}
