package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.capture.Capture;
import dev.crashkit.capture.CaptureConfig;
import dev.crashkit.capture.hang.HangWatch;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hang captured by the watchdog in this JVM reaches the server through the capture's background
 * upload, keeps its kind and duration there, and is grouped apart from a crash captured in the same
 * method.
 */
class HangReportsTest {
    @TempDir
    Path dir;

    /** Blocks here, then records a crash here: the same code for both reports. */
    static void stallThenCrash(HangWatch w, Capture.Installation inst, CountDownLatch hung) throws Exception {
        w.tick();
        hung.await();
        Thread.sleep(1_200);
        w.tick();
        inst.captureNow("crash in stallThenCrash");
    }

    @Test
    void aHangIsStoredWithItsDurationAndGroupedApartFromACrash() throws Exception {
        try (CrashkitServer server = CrashkitServer.start(ServerConfig.local(dir.resolve("data"), 0), m -> { })) {
            URI endpoint = URI.create("http://127.0.0.1:" + server.port() + "/api/reports");
            Http http = new Http(server.port(), Optional.empty());
            try (Capture.Installation inst = Capture.install(CaptureConfig.of(dir.resolve("spool"))
                    .withEndpoint(endpoint).withUploadOnStart(false))) {
                CountDownLatch go = new CountDownLatch(1);
                Thread worker = new Thread(() -> {
                    try (HangWatch w = inst.watch("checkout-loop", Duration.ofMillis(400))) {
                        stallThenCrash(w, inst, go);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }, "checkout-loop");
                worker.start();
                go.countDown();
                worker.join(30_000);
                // The hang is uploaded in the background once it ended; the crash by a pass here.
                inst.uploader().orElseThrow().uploadPending();
                long end = System.currentTimeMillis() + 30_000;
                while (http.get("/api/reports").json().get("reports").size() < 2 && System.currentTimeMillis() < end) {
                    Thread.sleep(100);
                    inst.uploader().get().uploadPending();
                }
            }
            JsonNode list = http.get("/api/reports").json().get("reports");
            assertEquals(2, list.size(), list.toString());
            JsonNode hang = null;
            JsonNode crash = null;
            for (JsonNode r : list) {
                // Only the JVM's, libc's and JNA's images have frames: symbolicated, those listed apart.
                JsonNode done = http.awaitSymbolicated(r.get("id").asText(), "symbolicated");
                if (done.get("symbolicated").has("kind")) {
                    hang = done;
                } else {
                    crash = done;
                }
            }
            assertTrue(hang != null && crash != null, list.toString());
            JsonNode h = hang.get("symbolicated").get("hang");
            assertEquals("hang", hang.get("symbolicated").get("kind").asText());
            assertEquals("checkout-loop", h.get("name").asText());
            assertTrue(h.get("duration_ms").asLong() >= 800, h.toString());
            assertNotEquals(crash.get("group").asText(), hang.get("group").asText());
            JsonNode group = http.get("/api/groups/" + hang.get("group").asText()).json();
            assertTrue(group.get("title").asText().startsWith("hang"), group.toString());
            assertEquals(2, http.get("/api/groups").json().get("groups").size());
            // The report's page shows the stuck thread first, with how long it did not answer.
            String page = http.get("/reports/" + hang.get("id").asText()).body();
            int hungAt = page.indexOf("(hung for " + h.get("duration_ms").asLong() + " ms)");
            assertTrue(hungAt > 0, page);
            assertTrue(hungAt < page.indexOf("Thread ", page.indexOf("Thread ") + 1) || page.indexOf("Thread ")
                    == page.lastIndexOf("Thread "), "the hung thread is listed first");
        }
    }
}
