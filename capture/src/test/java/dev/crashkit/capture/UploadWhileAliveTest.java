package dev.crashkit.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.capture.spool.Spool;
import dev.crashkit.capture.upload.RetryPolicy;
import dev.crashkit.capture.upload.Uploader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A report spooled while the process lives on (a worker thread's uncaught exception) is uploaded
 * then, not at the next start; and {@code uploadPending()} called while the background pass runs
 * waits for it and makes its own pass: every report arrives, none twice.
 */
class UploadWhileAliveTest {
    @TempDir
    Path dir;

    @Test
    void aWorkerThreadsUncaughtExceptionIsUploadedWhileTheProcessLivesOn() throws Exception {
        Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> { });
        try (ReportServer server = new ReportServer(0, false);
             Capture.Installation inst = Capture.install(CaptureConfig.of(dir).withEndpoint(server.uri())
                     .withRetry(new RetryPolicy(2, Duration.ZERO, Duration.ZERO)).withUploadOnStart(false))) {
            Thread worker = new Thread(() -> {
                throw new IllegalStateException("worker died");
            }, "doomed-worker");
            worker.start();
            worker.join();
            long end = System.currentTimeMillis() + 30_000;
            while (server.accepted.isEmpty() && System.currentTimeMillis() < end) {
                Thread.sleep(20);
            }
            assertEquals(1, server.accepted.size(), "uploaded while alive");
            String body = new String(server.bodies.values().iterator().next(), StandardCharsets.UTF_8);
            assertTrue(body.contains("worker died"), body);
            end = System.currentTimeMillis() + 10_000;
            while (!inst.spool().pending().isEmpty() && System.currentTimeMillis() < end) {
                Thread.sleep(20);
            }
            assertEquals(List.of(), inst.spool().pending(), "removed once acknowledged");
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(before);
        }
    }

    @Test
    void uploadPendingDuringTheBackgroundPassWaitsAndMissesNothing() throws Exception {
        Spool spool = new Spool(dir);
        List<Path> first = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            int n = i;
            first.add(spool.write(out -> out.write(("{\"n\":" + n + "}").getBytes(StandardCharsets.UTF_8))));
        }
        AtomicInteger slept = new AtomicInteger();
        try (ReportServer server = new ReportServer(0, false)) {
            // The background pass is slowed down before each attempt, so the foreground call arrives mid-pass.
            Uploader u = new Uploader(spool, server.uri(), new RetryPolicy(1, Duration.ZERO, Duration.ZERO),
                    Duration.ofSeconds(10), d -> {
                        slept.incrementAndGet();
                        Thread.sleep(150);
                    });
            Thread background = u.startInBackground();
            while (server.attempts.isEmpty()) {
                Thread.sleep(5);
            }
            Path late = spool.write(out -> out.write("{\"late\":true}".getBytes(StandardCharsets.UTF_8)));
            Uploader.Result r = CompletableFuture.supplyAsync(() -> {
                try {
                    return u.uploadPending();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }).get(60, TimeUnit.SECONDS);
            background.join(60_000);
            assertEquals(0, r.remaining(), "nothing left: " + r);
            assertEquals(4, server.accepted.size(), server.accepted.toString());
            for (Path p : first) {
                assertEquals(1, server.accepted.get(p.getFileName().toString()).get(), p + " once");
            }
            assertEquals(1, server.accepted.get(late.getFileName().toString()).get(), "the late one too, once");
            assertEquals(4, server.attempts.size(), "no report sent twice: " + server.attempts);
        }
    }
}
