package dev.crashkit.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.capture.cli.CaptureMain;
import dev.crashkit.core.crashreport.CrashReportJson;
import dev.crashkit.core.model.Image;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code capture --pid} on a ~40-thread JVM, and as the JVM's own {@code -XX:OnError} helper. */
class JvmCaptureTest {
    @TempDir
    Path dir;

    private static String java() {
        return RunningBusyJvm.java();
    }

    private static String classpath() {
        return RunningBusyJvm.classpath();
    }

    /** Image names of a report by address, from its own load_address/size fields. */
    private static String imageAt(JsonNode root, long a) {
        for (JsonNode i : root.get("images")) {
            long s = Long.parseUnsignedLong(i.get("load_address").asText().substring(2), 16);
            long n = Long.parseUnsignedLong(i.get("size").asText().substring(2), 16);
            if (Long.compareUnsigned(a - s, n) < 0) {
                return i.get("name").asText();
            }
        }
        return "";
    }

    private static long addr(JsonNode f) {
        return Long.parseUnsignedLong(f.get("address").asText().substring(2), 16);
    }

    @Test
    void aJvmSnapshotListsEveryThreadWithItsJavaStackAndNativeFrames() throws Exception {
        try (RunningBusyJvm target = RunningBusyJvm.start()) {
            Path out = dir.resolve("jvm.json");
            StringWriter err = new StringWriter();
            int rc = CaptureMain.run(new String[] {"--pid", Long.toString(target.pid()), "--out", out.toString(),
                "--java"}, new PrintWriter(new StringWriter()), new PrintWriter(err));
            assertEquals(0, rc, err.toString());
            String json = Files.readString(out);
            CrashReportJson.read(json, out.toString());
            JsonNode root = new ObjectMapper().readTree(json);
            List<String> tids = new ArrayList<>();
            try (var s = Files.list(Path.of("/proc/" + target.pid() + "/task"))) {
                s.forEach(p -> tids.add(p.getFileName().toString()));
            }
            assertTrue(root.get("threads").size() >= 30, "threads: " + root.get("threads").size());
            int busy = 0;
            for (JsonNode t : root.get("threads")) {
                assertTrue(tids.contains(t.get("tid").asText()) || t.get("name").asText().equals("Attach Listener"),
                        "thread " + t.get("tid") + " exists");
                assertEquals("stopped", t.get("status").asText());
                JsonNode frames = t.get("frames");
                assertTrue(frames.size() >= 3, t.get("name") + " has frames");
                if (t.get("name").asText().startsWith("busy-")) {
                    busy++;
                    assertTrue(t.has("java") && t.get("java").get("stack").size() > 0, "java stack of " + t.get("name"));
                    assertEquals("libc.so.6", imageAt(root, addr(frames.get(0))), "blocked in libc");
                    boolean jvm = false;
                    for (JsonNode f : frames) {
                        jvm |= imageAt(root, addr(f)).equals("libjvm.so");
                    }
                    assertTrue(jvm, "frames in libjvm for " + t.get("name"));
                }
            }
            assertEquals(20, busy);
        }
    }

    @Test
    void asOnErrorHelperItUnwindsTheCrashedThreadThroughTheSignalFrame() throws Exception {
        Path out = dir.resolve("onerror.json");
        // The JVM cuts an -XX:OnError command at a fixed length (a long class path ended in
        // "Unterminated quoted string"), so the helper's command line lives in a script.
        Path script = dir.resolve("onerror.sh");
        Files.writeString(script, "exec '" + java() + "' -cp '" + classpath() + "' " + CaptureMain.class.getName()
                + " --pid \"$1\" --out '" + out + "'\n");
        String helper = "sh '" + script + "' %p";
        Process p = new ProcessBuilder(java(), "-XX:OnError=" + helper, "-XX:ErrorFile=" + dir.resolve("hs_err.log"),
                "-cp", classpath(), BusyJvm.class.getName(), "crash").directory(dir.toFile())
                .redirectErrorStream(true).start();
        p.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertTrue(Files.exists(out), "the helper wrote its report");
        JsonNode root = new ObjectMapper().readTree(Files.readString(out));
        long crashed = root.get("crash").get("thread").asLong();
        JsonNode thread = null;
        for (JsonNode t : root.get("threads")) {
            if (t.get("crashed").asBoolean()) {
                thread = t;
            }
        }
        assertTrue(thread != null && thread.get("tid").asLong() == crashed);
        // From the helper wait in libc, through libjvm's error reporting and the signal
        // trampoline (libc), to the faulting instruction in JNA's native library.
        List<String> path = new ArrayList<>();
        for (JsonNode f : thread.get("frames")) {
            path.add(imageAt(root, addr(f)));
        }
        assertEquals("libc.so.6", path.get(0));
        int jna = -1;
        for (int i = 0; i < path.size(); i++) {
            if (path.get(i).startsWith("jna")) {
                jna = i;
                break;
            }
        }
        assertTrue(jna > 2, "reached the faulting frame in JNA's library: " + path);
        assertEquals("libc.so.6", path.get(jna - 1), "__restore_rt precedes it: " + path);
        assertEquals("cfi", thread.get("frames").get(jna).get("trust").asText());
        assertTrue(path.subList(1, jna).contains("libjvm.so"));
    }
}
