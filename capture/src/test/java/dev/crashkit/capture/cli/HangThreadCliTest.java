package dev.crashkit.capture.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code capture --pid --hang-thread NAME --threshold MS} on a real child JVM: a thread that loops
 * (sleeping between rounds) is no hang; once it blocks reading standard input past the threshold,
 * the process is captured as a hang, and the report is completed when the thread moves again.
 */
class HangThreadCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static Process child(String mode) throws Exception {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", cp,
                HangTarget.class.getName(), mode).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        assertEquals("started", out.readLine());
        return p;
    }

    private record Run(int code, String err) {
    }

    private static Run capture(String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = CaptureMain.run(args, new PrintWriter(o), new PrintWriter(e));
        return new Run(code, e.toString());
    }

    @Test
    void aThreadBlockedPastTheThresholdIsCapturedAsAHangAndCompletedWhenItMoves() throws Exception {
        Process p = child("block");
        try {
            Path out = dir.resolve("hang.json");
            CompletableFuture<Run> run = CompletableFuture.supplyAsync(() -> capture("--pid",
                    Long.toString(p.pid()), "--out", out.toString(), "--hang-thread", "hang-me", "--threshold",
                    "600", "--watch-for", "60"));
            long end = System.currentTimeMillis() + 60_000;
            while (!Files.exists(out) && System.currentTimeMillis() < end) {
                Thread.sleep(50);
            }
            assertTrue(Files.exists(out), "captured");
            JsonNode first = JSON.readTree(out.toFile());
            assertTrue(first.get("hang").get("ongoing").asBoolean(), first.get("hang").toString());
            Thread.sleep(500);
            assertTrue(p.isAlive(), "the child lives on after the capture");
            OutputStream in = p.getOutputStream();
            in.write("go\n".getBytes(StandardCharsets.UTF_8));
            in.flush();
            Run r = run.get(60, TimeUnit.SECONDS);
            assertEquals(CaptureMain.OK, r.code(), r.err());
            JsonNode root = JSON.readTree(out.toFile());
            assertEquals("hang", root.get("kind").asText());
            JsonNode hang = root.get("hang");
            assertEquals("hang-me", hang.get("name").asText());
            assertFalse(hang.has("ongoing"), hang.toString());
            assertTrue(hang.get("duration_ms").asLong() >= 1_000, hang.toString());
            long tid = hang.get("thread").asLong();
            JsonNode hung = null;
            for (JsonNode t : root.get("threads")) {
                if (t.get("tid").asLong() == tid) {
                    hung = t;
                }
            }
            assertTrue(hung != null && hung.get("crashed").asBoolean() && hung.get("hung").asBoolean(),
                    String.valueOf(hung));
            assertTrue(hung.get("frames").size() >= 3, "the blocked thread's native frames: " + hung);
        } finally {
            p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aThreadThatKeepsLoopingIsNoHang() throws Exception {
        Process p = child("loop");
        try {
            Path out = dir.resolve("none.json");
            Run r = capture("--pid", Long.toString(p.pid()), "--out", out.toString(), "--hang-thread", "hang-me",
                    "--threshold", "600", "--watch-for", "3");
            assertEquals(CaptureMain.NO_HANG, r.code(), r.err());
            assertFalse(Files.exists(out));
            assertTrue(r.err().contains("no hang of hang-me"), r.err());
        } finally {
            p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void hangThreadWithoutThresholdIsAUsageError() {
        Run r = capture("--pid", "1", "--out", dir.resolve("x.json").toString(), "--hang-thread", "main");
        assertEquals(CaptureMain.USAGE, r.code(), r.err());
        assertTrue(r.err().contains("--hang-thread and --threshold go together"), r.err());
    }
}
