package dev.crashkit.server;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Retention on SQLite, through the API (the flows are shared with RetentionPostgresTest). */
class RetentionTest {
    @TempDir
    Path data;

    @Test
    void perGroupLimitRemovesOldestAndCountsKeepCounting() throws Exception {
        RetentionFlows.perGroupLimitRemovesOldestAndCountsKeepCounting(data, ServerConfig.local(data, 0));
    }

    @Test
    void byteBudgetRemovesOldestFirstAcrossGroups() throws Exception {
        RetentionFlows.byteBudgetRemovesOldestFirstAcrossGroups(ServerConfig.local(data, 0));
    }

    @Test
    void reportsAcknowledgedDuringCleanupAreNeverRemoved() throws Exception {
        RetentionFlows.reportsAcknowledgedDuringCleanupAreNeverRemoved(ServerConfig.local(data, 0));
    }
}
