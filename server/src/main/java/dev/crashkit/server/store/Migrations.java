package dev.crashkit.server.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Versioned schema migrations: {@code db/V<n>.sql} on the class path, applied in order at start, each in
 * its own transaction with its row in {@code schema_migrations}. The same files serve SQLite and
 * PostgreSQL ({@code ${BINARY}} is the one type that differs). Never edit a released file: add the next.
 */
final class Migrations {
    /** The newest version this build knows. */
    static final int LATEST = 14;

    private Migrations() {
    }

    /** PostgreSQL advisory lock key held while migrating ("crashkit" in ASCII). */
    private static final long MIGRATION_LOCK = 0x63726173686b6974L;

    static void apply(Database db) throws StoreException {
        if (db.dialect() != Dialect.POSTGRESQL) {
            applyUnlocked(db); // SQLite: the write lock serialises servers already
            return;
        }
        // Several servers starting at once on one database: one migrates, the others wait for it and then
        // find the schema current (a session lock on one connection, held across the migrations' own).
        db.read(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("SELECT pg_advisory_lock(" + MIGRATION_LOCK + ")");
            }
            try {
                applyUnlocked(db);
            } finally {
                try (Statement s = c.createStatement()) {
                    s.execute("SELECT pg_advisory_unlock(" + MIGRATION_LOCK + ")");
                }
            }
            return null;
        });
    }

    private static void applyUnlocked(Database db) throws StoreException {
        db.write(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
                        + "applied_at BIGINT NOT NULL)");
            }
            return null;
        });
        int current = db.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(
                    "SELECT COALESCE(MAX(version), 0) FROM schema_migrations")) {
                r.next();
                return r.getInt(1);
            }
        });
        if (current > LATEST) {
            throw new StoreException("the database has schema version " + current + ", newer than this server ("
                    + LATEST + "); use a newer server");
        }
        for (int v = current + 1; v <= LATEST; v++) {
            String sql = db.dialect().adapt(load(v));
            int version = v;
            db.write(c -> {
                try (Statement s = c.createStatement()) {
                    for (String stmt : sql.split(";")) {
                        if (!stmt.isBlank()) {
                            s.execute(stmt);
                        }
                    }
                }
                try (PreparedStatement p = c.prepareStatement(
                        "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)")) {
                    p.setInt(1, version);
                    p.setLong(2, System.currentTimeMillis());
                    p.executeUpdate();
                }
                return null;
            });
        }
    }

    private static String load(int version) throws StoreException {
        String name = "/db/V" + version + ".sql";
        try (InputStream in = Migrations.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new StoreException("migration " + name + " is missing from the server jar");
            }
            StringBuilder out = new StringBuilder();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.strip().startsWith("--")) {
                    out.append(line).append('\n');
                }
            }
            return out.toString();
        } catch (IOException e) {
            throw new StoreException("cannot read migration " + name + ": " + e.getMessage(), e);
        }
    }

}
