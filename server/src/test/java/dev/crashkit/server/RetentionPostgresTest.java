package dev.crashkit.server;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Retention on PostgreSQL (a schema of its own on the database of PostgresTest). */
class RetentionPostgresTest {
    @TempDir
    Path data;

    private PostgresSchema schema;

    @BeforeEach
    void createSchema() throws java.sql.SQLException {
        schema = PostgresSchema.create("retentionpg");
    }

    @AfterEach
    void dropSchema() throws java.sql.SQLException {
        schema.close();
    }

    private ServerConfig config() {
        return ServerConfig.local(data, 0).withDb(schema.url());
    }

    @Test
    void perGroupLimitRemovesOldestAndCountsKeepCounting() throws Exception {
        RetentionFlows.perGroupLimitRemovesOldestAndCountsKeepCounting(data, config());
    }

    @Test
    void byteBudgetRemovesOldestFirstAcrossGroups() throws Exception {
        RetentionFlows.byteBudgetRemovesOldestFirstAcrossGroups(config());
    }

    @Test
    void reportsAcknowledgedDuringCleanupAreNeverRemoved() throws Exception {
        RetentionFlows.reportsAcknowledgedDuringCleanupAreNeverRemoved(config());
    }
}
