package dev.crashkit.server;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

/**
 * A schema of its own on the test PostgreSQL database ({@link PostgresTest#URL}), dropped with everything in
 * it on {@link #close}: suites share the database, and some of them empty its public schema.
 */
public final class PostgresSchema implements AutoCloseable {
    private final String name;

    private PostgresSchema(String name) {
        this.name = name;
    }

    /** Creates {@code PREFIX_<12 random hex digits>}. */
    public static PostgresSchema create(String prefix) throws SQLException {
        String name = prefix + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(PostgresTest.URL); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + name);
        } catch (SQLException e) {
            throw new SQLException("PostgreSQL is not reachable at " + PostgresTest.URL.replaceAll("password=[^&]*",
                    "password=…") + " (run .ci/setup.d/server.sh as root): " + e.getMessage(), e);
        }
        return new PostgresSchema(name);
    }

    /** The JDBC URL whose connections work in this schema. */
    public String url() {
        return PostgresTest.URL + (PostgresTest.URL.contains("?") ? "&" : "?") + "currentSchema=" + name;
    }

    @Override
    public void close() throws SQLException {
        try (Connection c = DriverManager.getConnection(PostgresTest.URL); Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA " + name + " CASCADE");
        }
    }
}
