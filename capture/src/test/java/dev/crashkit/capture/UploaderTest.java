package dev.crashkit.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.capture.spool.Spool;
import dev.crashkit.capture.upload.RetryPolicy;
import dev.crashkit.capture.upload.Uploader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UploaderTest {
    @TempDir
    Path dir;

    private static List<Path> spoolThree(Spool s) throws Exception {
        List<Path> out = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String body = "{\"schema\":\"crashreport/1\",\"n\":" + i + "}";
            out.add(s.write(o -> o.write(body.getBytes(StandardCharsets.UTF_8))));
        }
        return out;
    }

    @Test
    void retriesWithBackoffAndDeletesOnlyAfter2xx() throws Exception {
        Spool spool = new Spool(dir);
        List<Path> reports = spoolThree(spool);
        Map<Path, byte[]> contents = new java.util.HashMap<>();
        for (Path p : reports) {
            contents.put(p, Files.readAllBytes(p));
        }
        List<Duration> waits = new ArrayList<>();
        try (ReportServer server = new ReportServer(2, false)) {
            Uploader u = new Uploader(spool, server.uri(),
                    new RetryPolicy(4, Duration.ofMillis(100), Duration.ofMillis(150)), Duration.ofSeconds(10),
                    waits::add);
            Uploader.Result r = u.uploadPending();
            assertEquals(new Uploader.Result(3, 0, 0), r);
            assertEquals(List.of(), spool.pending());
            for (Path p : reports) {
                String id = p.getFileName().toString();
                assertEquals(1, server.accepted.get(id).get(), id);
                assertArrayEquals(contents.get(p), server.bodies.get(id));
            }
            // Report 1 failed twice: waits 0, 100 ms, 150 ms (capped); then 0 before each later report.
            assertEquals(List.of(Duration.ZERO, Duration.ofMillis(100), Duration.ofMillis(150), Duration.ZERO,
                    Duration.ZERO), waits);
        }
    }

    @Test
    void aReportStaysWhenTheServerKeepsFailing() throws Exception {
        Spool spool = new Spool(dir);
        List<Path> reports = spoolThree(spool);
        try (ReportServer server = new ReportServer(100, false)) {
            Uploader u = new Uploader(spool, server.uri(), new RetryPolicy(3, Duration.ZERO, Duration.ZERO),
                    Duration.ofSeconds(10), d -> { });
            assertEquals(new Uploader.Result(0, 1, 3), u.uploadPending());
            assertEquals(reports, spool.pending());
            assertEquals(3, server.attempts.size(), "one report tried 3 times, then the pass stops");
        }
    }

    @Test
    void aKilledUploadResumesAndTheServerGetsEachReportOnce() throws Exception {
        Spool spool = new Spool(dir);
        List<Path> reports = spoolThree(spool);
        try (ReportServer server = new ReportServer(0, true)) {
            String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
            Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", cp, UploadChild.class.getName(), dir.toString(), server.uri().toString())
                    .redirectErrorStream(true).start();
            try {
                assertTrue(server.firstRequest.await(60, TimeUnit.SECONDS), "child reached the server");
            } finally {
                child.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
            assertEquals(reports, spool.pending(), "nothing deleted without a 2xx");
            Uploader u = new Uploader(spool, server.uri(), new RetryPolicy(2, Duration.ZERO, Duration.ZERO),
                    Duration.ofSeconds(10), d -> { });
            assertEquals(new Uploader.Result(3, 0, 0), u.uploadPending());
            for (Path p : reports) {
                assertEquals(1, server.accepted.get(p.getFileName().toString()).get());
            }
            assertEquals(3, server.accepted.size());
        }
    }
}
