package dev.crashkit.server.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * An online backup of a SQLite database: {@code VACUUM INTO} on a connection of its own reads one consistent
 * snapshot (a read transaction: in WAL mode ingest and workers go on writing meanwhile) into a new, compact
 * database file, which is then checked ({@code PRAGMA integrity_check}), fsynced, and moved into place. A
 * PostgreSQL database is backed up with its own tools ({@code pg_dump}), see the README.
 */
public final class Backup {
    private Backup() {
    }

    /**
     * Writes a copy of the SQLite database at {@code jdbcUrl} to {@code target} (which must not exist).
     *
     * @throws StoreException for a PostgreSQL URL, or when SQLite cannot write or check the copy
     */
    public static void sqlite(String jdbcUrl, Path target) throws StoreException, IOException {
        if (Dialect.of(jdbcUrl) != Dialect.SQLITE) {
            throw new StoreException("online backup is for SQLite; back up PostgreSQL with pg_dump (see README)");
        }
        if (Files.exists(target)) {
            throw new StoreException("backup target exists already: " + target);
        }
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path partial = dir.resolve(target.getFileName() + ".partial");
        Files.deleteIfExists(partial);
        try {
            java.util.Properties props = new java.util.Properties();
            props.setProperty("busy_timeout", "30000");
            try (Connection c = DriverManager.getConnection(jdbcUrl, props);
                 PreparedStatement p = c.prepareStatement("VACUUM INTO ?")) {
                p.setString(1, partial.toString());
                p.execute();
            }
            check(partial);
            // VACUUM INTO does not fsync what it wrote.
            try (FileChannel ch = FileChannel.open(partial, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (SQLException e) {
            throw new StoreException("backup: " + e.getMessage(), e);
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    /** {@code PRAGMA integrity_check} of a SQLite file: "ok", or the first problem it names. */
    public static String integrity(Path file) throws StoreException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
             Statement s = c.createStatement(); ResultSet r = s.executeQuery("PRAGMA integrity_check")) {
            return r.next() ? r.getString(1) : "no answer";
        } catch (SQLException e) {
            throw new StoreException("cannot check " + file + ": " + e.getMessage(), e);
        }
    }

    private static void check(Path file) throws StoreException {
        String answer = integrity(file);
        if (!answer.equals("ok")) {
            throw new StoreException("backup copy failed its integrity check: " + answer);
        }
    }
}
