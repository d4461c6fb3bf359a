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

    /** The target, started through a shell so that this JVM is not its parent (only its ancestor). */
    private record Target(Process shell, long pid) {
        void kill() throws Exception {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            shell.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    /**
     * A ptrace tracer's waits see its tracee's stops: were the target this JVM's own child, the JDK's
     * process reaper would take such a stop for its exit. Through {@code sh -c 'java … & wait'} it is
     * a grandchild, which Yama's ptrace scope 1 still lets an ancestor trace.
     */
    private static Target child(String... args) throws Exception {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        StringBuilder cmd = new StringBuilder("'" + java + "' -cp '" + cp + "' " + HangTarget.class.getName());
        for (String a : args) {
            cmd.append(" '").append(a).append("'");
        }
        cmd.append(" & echo $!; wait");
        Process p = new ProcessBuilder("sh", "-c", cmd.toString()).redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        long pid = Long.parseLong(out.readLine().strip());
        assertEquals("started", out.readLine());
        return new Target(p, pid);
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
        Path fifo = dir.resolve("release");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        Target p = child("block", fifo.toString());
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
            assertTrue(ProcessHandle.of(p.pid()).map(ProcessHandle::isAlive).orElse(false), "lives on after the capture");
            try (OutputStream in = Files.newOutputStream(fifo)) {
                in.write("go\n".getBytes(StandardCharsets.UTF_8));
            }
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
            p.kill();
        }
    }

    @Test
    void aThreadThatKeepsLoopingIsNoHang() throws Exception {
        Target p = child("loop");
        try {
            Path out = dir.resolve("none.json");
            Run r = capture("--pid", Long.toString(p.pid()), "--out", out.toString(), "--hang-thread", "hang-me",
                    "--threshold", "600", "--watch-for", "3");
            assertEquals(CaptureMain.NO_HANG, r.code(), r.err());
            assertFalse(Files.exists(out));
            assertTrue(r.err().contains("no hang of hang-me"), r.err());
        } finally {
            p.kill();
        }
    }

    @Test
    void hangThreadWithoutThresholdIsAUsageError() {
        Run r = capture("--pid", "1", "--out", dir.resolve("x.json").toString(), "--hang-thread", "main");
        assertEquals(CaptureMain.USAGE, r.code(), r.err());
        assertTrue(r.err().contains("--hang-thread and --threshold go together"), r.err());
    }
}
