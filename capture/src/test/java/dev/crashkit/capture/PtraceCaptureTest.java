package dev.crashkit.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.capture.cli.CaptureMain;
import dev.crashkit.core.crashreport.CrashReportJson;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ThreadTrace;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code capture --pid} on the C fixture program (six threads blocked in nested functions, no
 * frame pointers): each thread's chain, checked with nm, from the written crashreport/1 file.
 */
class PtraceCaptureTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(NativeFixture.Unwind.class)
    void everyThreadOfAnotherProcessShowsItsChain(NativeFixture.Unwind how) throws Exception {
        Path exe = NativeFixture.program(how);
        // Started through a shell so that it is not our child: the JDK's reaper thread waits for
        // its children and would see their ptrace stops.
        Process sh = new ProcessBuilder("sh", "-c", "'" + exe + "' & wait").redirectErrorStream(true).start();
        ProcessHandle p = null;
        try {
            BufferedReader r = new BufferedReader(new InputStreamReader(sh.getInputStream(), StandardCharsets.UTF_8));
            String ready = r.readLine();
            assertTrue(ready != null && ready.startsWith("ready "), "fixture says " + ready);
            p = ProcessHandle.of(Long.parseLong(ready.substring(6).strip())).orElseThrow();
            Path out = dir.resolve("report.json");
            StringWriter err = new StringWriter();
            int rc = CaptureMain.run(new String[] {"--pid", Long.toString(p.pid()), "--out", out.toString(),
                "--stacks"}, new PrintWriter(new StringWriter()), new PrintWriter(err));
            assertEquals(0, rc, err.toString());
            String json = Files.readString(out);
            CrashReport report = CrashReportJson.read(json, out.toString());
            assertEquals(7, report.threads().size(), "main + 6 workers");
            Image img = report.images().stream().filter(i -> i.path().orElse("").equals(exe.toString()))
                    .findFirst().orElseThrow(() -> new AssertionError("fixture program not among images"));
            assertTrue(img.id().isPresent(), "build-id read from memory");
            assertEquals(NativeFixture.buildId(exe), img.id().get().toString());
            List<NativeFixture.Function> fns = NativeFixture.functions(exe);
            long bias = img.slide().getAsLong();
            Map<String, Integer> kinds = new TreeMap<>();
            JsonNode root = new ObjectMapper().readTree(json);
            for (int ti = 0; ti < report.threads().size(); ti++) {
                ThreadTrace t = report.threads().get(ti);
                List<String> chain = new ArrayList<>();
                List<String> labels = new ArrayList<>();
                for (int i = 0; i < t.frames().size(); i++) {
                    Frame f = t.frames().get(i);
                    long lookup = (f.returnAddress() ? f.address() - 1 : f.address()) - bias;
                    Optional<String> fn = img.containsBySize(f.address())
                            ? NativeFixture.functionAt(fns, lookup) : Optional.empty();
                    if (fn.isPresent()) {
                        chain.add(fn.get());
                        labels.add(root.get("threads").get(ti).get("frames").get(i).get("trust").asText());
                    }
                }
                if (chain.isEmpty() || chain.get(0).equals("ck_start") || chain.contains("main")) {
                    continue;
                }
                assertEquals(NativeFixture.expectedChain(chain.get(0)), chain, "thread " + t.id());
                // The wait function is reached from libc with libc's CFI; the rest only as the build allows.
                String rest = how.name().toLowerCase(java.util.Locale.ROOT);
                assertEquals(List.of("cfi", rest, rest, rest, rest), labels, "thread " + t.id());
                kinds.merge(chain.get(0), 1, Integer::sum);
                JsonNode th = root.get("threads").get(ti);
                assertTrue(th.get("registers").has("rip") && th.get("stack").has("bytes_base64"));
            }
            assertEquals(Map.of("ck_wait_futex", 2, "ck_wait_read", 2, "ck_wait_sleep", 2), kinds);
            assertEquals(kinds, EndToEnd.chainsBySymbolizer(json, exe), "symbolicate agrees");
            assertTrue(p.isAlive(), "the target survives the capture");
        } finally {
            if (p != null) {
                p.destroyForcibly();
            }
            sh.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aMissingProcessIsAOneLineError() {
        StringWriter err = new StringWriter();
        int rc = CaptureMain.run(new String[] {"--pid", "999999999", "--out", dir.resolve("x.json").toString()},
                new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertEquals(1, rc);
        assertTrue(err.toString().startsWith("capture: process 999999999: no such process"), err.toString());
        assertEquals(1, err.toString().strip().lines().count());
    }
}
