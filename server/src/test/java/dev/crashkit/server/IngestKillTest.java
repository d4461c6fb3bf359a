package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.server.bench.IngestBench;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Durability: a server process killed with SIGKILL in the middle of a burst of uploads loses no report
 * it acknowledged with 201; after a restart each one is there and gets symbolicated (the queue is in the
 * database). The benchmark's {@code --kill-after} runs the same check at a larger scale.
 */
class IngestKillTest {
    @TempDir
    Path data;

    @Test
    void everyAcknowledgedReportSurvivesKill9AndIsSymbolicatedAfterRestart() throws Exception {
        byte[] body = TestData.bytes("server/bench-crash.json");
        IngestBench.KillResult r = IngestBench.killTest(data, List.of("--dsym", TestData.path("macho").toString()),
                body, 600, 4, 150);
        System.out.println(r.summary());
        assertTrue(r.acknowledged() >= 150 && r.acknowledged() < 600, "killed mid-burst: " + r.summary());
        assertEquals(List.of(), r.lost(), r.summary());
        assertEquals(List.of(), r.notSymbolicated(), r.summary());
        assertEquals(Math.min(20, r.acknowledged()), r.survivingDuplicates(), r.summary());
    }
}
