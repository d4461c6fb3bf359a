package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.server.worker.Workers;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32: a pass that throws an {@link Error} no longer kills its worker thread (which left its claimed jobs,
 * the good ones included, until the lease ran out, and the report retried forever). No report in the fuzz
 * corpora overflows the stack (FUZZING.md's contract forbids it, and the demanglers and Kaitai guard against
 * it), so the StackOverflowError comes from a pass wrapped through CrashkitServer's symbolication seam.
 */
class WorkerErrorsTest {
    @TempDir
    Path data;

    @Test
    void aPassThrowingStackOverflowErrorFailsAfterThreeAttemptsAndTheWorkerGoesOn() throws Exception {
        byte[] poison = TestData.bytes("third-party/kscrash/example-reports/Abort.json");
        byte[] good = TestData.bytes("reports/sample-crash.json");
        String poisonId;
        String goodId;
        // Queued first without workers, so that the one worker of the next server claims both in one batch.
        try (CrashkitServer server = CrashkitServer.start(ServerConfig.local(data, 0).withWorkers(0), m -> { })) {
            Http http = new Http(server.port());
            poisonId = RetentionFlows.post(http, poison);
            Thread.sleep(3);
            goodId = RetentionFlows.post(http, good);
        }
        AtomicInteger poisonPasses = new AtomicInteger();
        UnaryOperator<Workers.Symbolize> overflowOnPoison = real -> body -> {
            if (Arrays.equals(body, poison)) {
                poisonPasses.incrementAndGet();
                throw new StackOverflowError();
            }
            return real.symbolicate(body);
        };
        StringBuilder log = new StringBuilder();
        try (CrashkitServer server = CrashkitServer.start(ServerConfig.local(data, 0).withWorkers(1),
                IngestConfig.defaults(), m -> {
                    synchronized (log) {
                        log.append(m).append('\n');
                    }
                }, overflowOnPoison)) {
            Http http = new Http(server.port());
            long started = System.nanoTime();
            JsonNode done = RetentionFlows.awaitDone(http, goodId);
            assertEquals("partial", done.get("status").asText(), done.toString());
            assertTrue(System.nanoTime() - started < 30_000_000_000L, "not held until the 5 minute lease");
            JsonNode failed = RetentionFlows.awaitDone(http, poisonId);
            assertEquals("failed", failed.get("status").asText(), failed.toString());
            assertEquals("symbolication did not finish in 3 attempts: internal error: StackOverflowError",
                    failed.get("error").asText());
            assertEquals(3, poisonPasses.get(), "tried three times, then no more");
            // The one worker thread lived on: it symbolicates the next report.
            String next = RetentionFlows.post(http, good);
            assertEquals("partial", RetentionFlows.awaitDone(http, next).get("status").asText());
            assertEquals(3, poisonPasses.get());
            // The error shows on the report's page too.
            String page = http.get("/reports/" + poisonId).body();
            assertTrue(page.contains("StackOverflowError"), page);
            String metrics = http.get("/metrics").body();
            assertTrue(metrics.contains("\ncrashkit_symbolication_queue_depth 0\n"), metrics);
        }
        synchronized (log) {
            assertTrue(log.toString().contains("(attempt 3 of 3): java.lang.StackOverflowError"), log.toString());
        }
    }
}
