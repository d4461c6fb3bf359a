package dev.crashkit.capture.hang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.capture.Capture;
import dev.crashkit.capture.CaptureConfig;
import dev.crashkit.capture.spool.Spool;
import dev.crashkit.core.crashreport.CrashReportJson;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ThreadTrace;
import java.awt.EventQueue;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hang detection in a real JVM (this one, headless AWT; and a child killed mid-hang): one report per
 * hang with the stuck method in the hung thread's Java frames, none for a thread that ticks, native
 * frames for a thread blocked in a system call, and an ongoing hang left open when the process dies.
 */
class HangDetectionTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path spool;

    /** Waits until the spool holds {@code n} pending reports (held ones are not pending). */
    private static List<Path> pending(Spool s, int n, long millis) throws Exception {
        long end = System.currentTimeMillis() + millis;
        List<Path> p = s.pending();
        while (p.size() < n && System.currentTimeMillis() < end) {
            Thread.sleep(50);
            p = s.pending();
        }
        return p;
    }

    private static ThreadTrace hungThread(CrashReport r, JsonNode root) {
        long tid = root.get("hang").get("thread").asLong();
        return r.threads().stream().filter(t -> t.id() == tid).findFirst().orElseThrow();
    }

    private static JsonNode threadJson(JsonNode root, long tid) {
        for (JsonNode t : root.get("threads")) {
            if (t.path("tid").asLong() == tid) {
                return t;
            }
        }
        throw new AssertionError("no thread " + tid);
    }

    static void stuckInNamedMethodForTwoSeconds() {
        try {
            Thread.sleep(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void anEventDispatchThreadBlockedForTwoSecondsGivesExactlyOneHangReport() throws Exception {
        System.setProperty("java.awt.headless", "true");
        try (Capture.Installation inst = Capture.install(CaptureConfig.of(spool).withUploadOnStart(false)
                .withHangDetection(Duration.ofMillis(500)))) {
            EventQueue.invokeAndWait(() -> { }); // AWT in use: its dispatch thread exists
            Thread.sleep(1_000); // the watchdog finds it (it looks every round, 100 ms)
            EventQueue.invokeLater(HangDetectionTest::stuckInNamedMethodForTwoSeconds);
            Thread.sleep(2_300);
            EventQueue.invokeAndWait(() -> { });
            List<Path> p = pending(inst.spool(), 1, 3_000);
            Thread.sleep(700); // no second report for the same hang
            assertEquals(1, inst.spool().pending().size(), "exactly one report: " + inst.spool().pending());
            String json = Files.readString(p.get(0));
            JsonNode root = JSON.readTree(json);
            assertEquals("hang", root.get("kind").asText());
            JsonNode hang = root.get("hang");
            assertEquals("AWT-EventQueue", hang.get("name").asText());
            assertEquals(500, hang.get("threshold_ms").asLong());
            assertFalse(hang.has("ongoing"), hang.toString());
            long duration = hang.get("duration_ms").asLong();
            assertTrue(duration >= 1_700 && duration <= 3_500, "duration " + duration);
            CrashReport r = CrashReportJson.read(json, p.get(0).toString());
            ThreadTrace hung = hungThread(r, root);
            assertTrue(hung.crashed(), "the hung thread is the report's crashed thread");
            JsonNode t = threadJson(root, hung.id());
            assertTrue(t.get("hung").asBoolean(), t.toString());
            assertTrue(t.get("java").get("stack").toString().contains("stuckInNamedMethodForTwoSeconds"),
                    t.get("java").toString());
        }
    }

    @Test
    void anEventDispatchThreadThatHangsBeforeItRanAPingIsStillNamedInItsReport() throws Exception {
        System.setProperty("java.awt.headless", "true");
        try (Capture.Installation inst = Capture.install(CaptureConfig.of(spool).withUploadOnStart(false)
                .withHangDetection(Duration.ofMillis(500)))) {
            // The first AWT use is the hang: the watchdog finds a dispatch thread that never ran its ping, so its
            // OS id is looked up by its name (OwnThreads.tidNamed).
            EventQueue.invokeLater(HangDetectionTest::stuckInNamedMethodForTwoSeconds);
            Thread.sleep(2_300);
            EventQueue.invokeAndWait(() -> { });
            List<Path> p = pending(inst.spool(), 1, 3_000);
            assertEquals(1, p.size(), "one report: " + p);
            String json = Files.readString(p.get(0));
            JsonNode root = JSON.readTree(json);
            assertTrue(root.get("hang").get("thread").asLong() > 0, root.get("hang").toString());
            ThreadTrace hung = hungThread(CrashReportJson.read(json, p.get(0).toString()), root);
            assertTrue(hung.crashed());
            assertTrue(threadJson(root, hung.id()).get("java").get("stack").toString()
                    .contains("stuckInNamedMethodForTwoSeconds"));
        }
    }

    @Test
    void aLoopThatTicksEveryFiftyMillisecondsGivesNone() throws Exception {
        try (Capture.Installation inst = Capture.install(CaptureConfig.of(spool).withUploadOnStart(false))) {
            try (HangWatch w = inst.watch("ticker", Duration.ofMillis(300))) {
                long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
                while (System.nanoTime() < end) {
                    w.tick();
                    Thread.sleep(50);
                }
            }
            try (Stream<Path> files = Files.list(spool)) {
                assertEquals(0, files.count(), "no report, not even a held one");
            }
        }
    }

    @Test
    void aLoopBlockedInASystemCallShowsItsNativeFrames() throws Exception {
        try (Capture.Installation inst = Capture.install(CaptureConfig.of(spool).withUploadOnStart(false))) {
            Pipe pipe = Pipe.open();
            CountDownLatch watching = new CountDownLatch(1);
            Thread reader = new Thread(() -> {
                try (HangWatch w = inst.watch("pipe-reader", Duration.ofMillis(400))) {
                    w.tick();
                    watching.countDown();
                    pipe.source().read(ByteBuffer.allocate(1)); // blocks in read(2)
                    w.tick();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }, "pipe-reader");
            reader.start();
            watching.await();
            Thread.sleep(1_200);
            pipe.sink().write(ByteBuffer.wrap(new byte[] {1}));
            reader.join(10_000);
            List<Path> p = pending(inst.spool(), 1, 3_000);
            assertEquals(1, p.size());
            String json = Files.readString(p.get(0));
            JsonNode root = JSON.readTree(json);
            CrashReport r = CrashReportJson.read(json, p.get(0).toString());
            ThreadTrace hung = hungThread(r, root);
            assertEquals("pipe-reader", root.get("hang").get("name").asText());
            assertTrue(hung.frames().size() >= 3, "native frames: " + hung.frames());
            long pc = hung.frames().get(0).address();
            String top = r.images().stream().filter(i -> i.containsBySize(pc)).map(Image::name).findFirst()
                    .orElse("(no image)");
            assertTrue(top.startsWith("libc") || top.startsWith("libpthread") || top.startsWith("libnio"),
                    "the blocked thread's top frame is in the C library's read: " + top);
            assertTrue(root.get("hang").get("duration_ms").asLong() >= 1_000, root.get("hang").toString());
        }
    }

    @Test
    void aHangOngoingWhenTheProcessDiesIsLeftOpenAndUploadedAtTheNextStart() throws Exception {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", cp, HangChild.class.getName(), spool.toString()).redirectErrorStream(true)
                .redirectOutput(spool.resolve("child.log").toFile()).start();
        try {
            long end = System.currentTimeMillis() + 60_000;
            while (System.currentTimeMillis() < end && !hasReport(spool)) {
                Thread.sleep(50);
            }
        } finally {
            child.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        List<Path> p = new Spool(spool).pending();
        assertEquals(1, p.size(), Files.readString(spool.resolve("child.log")));
        JsonNode hang = JSON.readTree(Files.readString(p.get(0))).get("hang");
        assertTrue(hang.get("ongoing").asBoolean(), hang.toString());
        assertEquals("stuck-main", hang.get("name").asText());
    }

    private static boolean hasReport(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.anyMatch(f -> f.getFileName().toString().endsWith(".json") && !f.getFileName().toString()
                    .startsWith("."));
        }
    }
}
