package dev.crashkit.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.capture.linux.InProcessCapture;
import dev.crashkit.core.crashreport.CrashReportJson;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.ThreadTrace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An uncaught exception spools one crashreport/1 report that the symbolicator's reader accepts. */
class CaptureInstallTest {
    @TempDir
    Path spool;

    @Test
    void uncaughtExceptionIsSpooledAndThePreviousHandlerStillRuns() throws Exception {
        AtomicReference<Throwable> seen = new AtomicReference<>();
        Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> seen.set(e));
        try (Capture.Installation inst = Capture.install(CaptureConfig.of(spool).withUploadOnStart(false))) {
            AtomicLong tid = new AtomicLong();
            Thread t = new Thread(() -> {
                tid.set(InProcessCapture.currentTid());
                throw new IllegalStateException("boom in worker");
            }, "doomed-worker");
            t.start();
            t.join();
            assertTrue(seen.get() instanceof IllegalStateException, "previous handler called");
            List<Path> pending = inst.spool().pending();
            assertEquals(1, pending.size());
            String json = Files.readString(pending.get(0));
            CrashReport r = CrashReportJson.read(json, pending.get(0).toString());
            ThreadTrace crashed = r.threads().stream().filter(ThreadTrace::crashed).findFirst().orElseThrow();
            assertEquals(tid.get(), crashed.id());
            assertEquals("doomed-worker", crashed.name().orElseThrow());
            assertTrue(crashed.frames().size() > 3);
            assertEquals(tid.get(), r.crash().orElseThrow().thread().getAsLong());
            assertTrue(r.crash().get().reason().orElseThrow().contains("boom in worker"));
            JsonNode root = new ObjectMapper().readTree(json);
            assertTrue(root.get("java_exception").asText().contains("IllegalStateException: boom in worker"));
            assertTrue(r.threads().size() >= 5);
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(before);
        }
    }

    @Test
    void uninstallRestoresThePreviousHandler() throws Exception {
        Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
        Capture.install(CaptureConfig.of(spool).withUploadOnStart(false)).close();
        assertSame(before, Thread.getDefaultUncaughtExceptionHandler());
    }
}
