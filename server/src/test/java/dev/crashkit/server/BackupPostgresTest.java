package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PostgreSQL backup and restore with PostgreSQL's own tools (installed by .ci/setup.d/server.sh): the real
 * {@code pg_dump} of the test database while reports are uploaded, {@code pg_restore} into a second database
 * (crashkit_restore_test; override with CRASHKIT_TEST_POSTGRES_RESTORE), and a server started on it.
 */
class BackupPostgresTest {
    static final String RESTORE_URL = System.getenv().getOrDefault("CRASHKIT_TEST_POSTGRES_RESTORE",
            "jdbc:postgresql://127.0.0.1:5432/crashkit_restore_test?user=crashkit&password=crashkit");

    @TempDir
    Path data;
    @TempDir
    Path work;

    @BeforeEach
    void emptyDatabases() {
        empty(PostgresTest.URL);
        empty(RESTORE_URL);
    }

    @Test
    void pgDumpUnderIngestAndPgRestoreIntoASecondDatabase() throws Exception {
        Path dump = work.resolve("crashkit.dump");
        List<String> before;
        try (CrashkitServer server = CrashkitServer.start(ServerConfig.local(data, 0).withDb(PostgresTest.URL), m -> { })) {
            Http http = new Http(server.port());
            Http.Response online = http.get("/api/admin/backup");
            assertEquals(400, online.status());
            assertEquals("online backup is for SQLite; back up PostgreSQL with pg_dump (see README)",
                    online.json().get("error").asText());
            try (BackupFlows.Uploads uploads = new BackupFlows.Uploads(http)) {
                uploads.awaitAcknowledged(20);
                before = uploads.acknowledgedNow();
                run(PostgresTest.URL, "pg_dump", "--format=custom", "--no-owner", "--file=" + dump);
                assertTrue(uploads.running(), "uploads went on during pg_dump");
            }
        }
        run(RESTORE_URL, "pg_restore", "--no-owner", "--exit-on-error", dump.toString());
        try (CrashkitServer server = CrashkitServer.start(ServerConfig.local(work.resolve("restored"), 0)
                .withDb(RESTORE_URL), m -> { })) {
            BackupFlows.allThere(new Http(server.port()), before);
        }
    }

    /**
     * Runs a PostgreSQL tool on the database of a JDBC URL (the password in PGPASSWORD, not on the command line);
     * {@code pg_dump} takes the database name last, {@code pg_restore} with --dbname.
     */
    private static void run(String jdbcUrl, String tool, String... args) throws Exception {
        Map<String, String> query = new LinkedHashMap<>();
        String rest = jdbcUrl.substring("jdbc:postgresql://".length());
        int q = rest.indexOf('?');
        if (q >= 0) {
            for (String kv : rest.substring(q + 1).split("&")) {
                int eq = kv.indexOf('=');
                query.put(kv.substring(0, eq), kv.substring(eq + 1));
            }
            rest = rest.substring(0, q);
        }
        int slash = rest.indexOf('/');
        String hostPort = rest.substring(0, slash);
        String database = rest.substring(slash + 1);
        List<String> command = new ArrayList<>(List.of(tool, "--host=" + hostPort.split(":")[0],
                "--port=" + (hostPort.contains(":") ? hostPort.split(":")[1] : "5432"),
                "--username=" + query.getOrDefault("user", "crashkit")));
        command.addAll(List.of(args));
        if (tool.equals("pg_restore")) {
            command.add(command.size() - 1, "--dbname=" + database);
        } else {
            command.add(database);
        }
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("PGPASSWORD", query.getOrDefault("password", ""));
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), tool + " did not finish");
        assertEquals(0, p.exitValue(), tool + ": " + output);
    }

    private static void empty(String url) {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA public CASCADE");
            s.execute("CREATE SCHEMA public");
        } catch (SQLException e) {
            fail("PostgreSQL database for the restore is not reachable (run .ci/setup.d/server.sh as root): "
                    + e.getMessage());
        }
    }
}
