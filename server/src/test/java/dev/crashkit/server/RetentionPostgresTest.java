package dev.crashkit.server;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Retention on PostgreSQL (the database of PostgresTest, emptied before each test). */
class RetentionPostgresTest {
    @TempDir
    Path data;

    @BeforeEach
    void emptyDatabase() {
        new PostgresTest().emptyDatabase();
    }

    private ServerConfig config() {
        return ServerConfig.local(data, 0).withDb(PostgresTest.URL);
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
