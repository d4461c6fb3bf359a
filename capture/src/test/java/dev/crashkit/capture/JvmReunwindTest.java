package dev.crashkit.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.capture.cli.CaptureMain;
import dev.crashkit.symbolicate.cli.Main;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code symbolicate --reunwind} on a live {@code --stacks} capture of a JVM ({@link BusyJvm}): its
 * Java threads run through interpreted (and JIT-compiled) code that no binary holds, so the re-unwind
 * from the binaries alone cannot find those frames again. No thread may come out shorter than the
 * capture: the frames it cannot rebuild are the capture's, in place, marked in JSON and text.
 */
class JvmReunwindTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void everyThreadKeepsAtLeastTheCapturedFramesAndSaysWhichWereNotReUnwound() throws Exception {
        JsonNode captured = capture();
        Path report = dir.resolve("jvm.json");
        List<String> args = new ArrayList<>(List.of(report.toString(), "--reunwind", "--no-cache"));
        for (JsonNode img : captured.get("images")) {
            // The very binaries the JVM had mapped (matched by build-id), as the README says.
            if (img.has("path") && img.has("build_id") && Files.isRegularFile(Path.of(img.get("path").asText()))) {
                args.add("--dsym");
                args.add(img.get("path").asText());
            }
        }
        StringWriter err = new StringWriter();
        JsonNode out = JSON.readTree(symbolicate(args, "json", err));
        assertEquals(1, err.toString().split("re-unwinding could not rebuild", -1).length - 1,
                "one warning: " + err);
        String text = symbolicate(args, "text", new StringWriter());

        int kept = 0;
        int keptThreads = 0;
        int rebuiltThreads = 0;
        for (int t = 0; t < captured.get("threads").size(); t++) {
            JsonNode in = captured.get("threads").get(t);
            if (!in.has("stack")) {
                continue;
            }
            rebuiltThreads++;
            List<String> before = new ArrayList<>();
            for (JsonNode f : in.get("frames")) {
                before.add(f.get("address").asText());
            }
            List<String> after = new ArrayList<>();
            int keptHere = 0;
            int lastIndex = -1;
            for (JsonNode f : out.get("threads").get(t).get("frames")) {
                if (f.get("index").asInt() == lastIndex) {
                    continue; // inlined calls share their input frame
                }
                lastIndex = f.get("index").asInt();
                after.add(f.get("address").asText());
                if (f.path("kept_from_capture").asBoolean(false)) {
                    keptHere++;
                    assertTrue(before.contains(f.get("address").asText()), "kept frames are the capture's: " + f);
                }
            }
            String where = "thread " + in.get("name").asText() + ": captured " + before + ", got " + after;
            assertTrue(after.size() >= before.size(), where);
            assertTrue(isSubsequence(before, after), where);
            kept += keptHere;
            keptThreads += keptHere > 0 ? 1 : 0;
        }
        assertTrue(rebuiltThreads >= 20, "threads with a stack window: " + rebuiltThreads);
        assertTrue(keptThreads >= 20, "Java threads with frames no binary holds: " + keptThreads);
        assertEquals(kept, text.split("not re-unwound]", -1).length - 1, "the text marks the same frames");
        assertTrue(err.toString().contains("could not rebuild " + kept + " captured frames"), err.toString());
    }

    private static boolean isSubsequence(List<String> small, List<String> big) {
        int i = 0;
        for (String s : big) {
            if (i < small.size() && small.get(i).equals(s)) {
                i++;
            }
        }
        return i == small.size();
    }

    private String symbolicate(List<String> args, String format, StringWriter err) {
        List<String> all = new ArrayList<>(args);
        all.add("--format");
        all.add(format);
        StringWriter out = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), all.toArray(String[]::new));
        assertTrue(code == 0 || code == 1, "exit " + code + ": " + err);
        return out.toString();
    }

    /** A {@code --stacks} capture of a JVM with 20 blocked Java threads, written to {@code jvm.json}. */
    private JsonNode capture() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process sh = new ProcessBuilder("sh", "-c", "'" + java + "' -cp '" + cp + "' " + BusyJvm.class.getName()
                + " & wait").redirectErrorStream(true).start();
        ProcessHandle target = null;
        try {
            String ready = new BufferedReader(new InputStreamReader(sh.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            assertTrue(ready != null && ready.startsWith("ready "), "target says " + ready);
            target = ProcessHandle.of(Long.parseLong(ready.substring(6).strip())).orElseThrow();
            Path out = dir.resolve("jvm.json");
            StringWriter err = new StringWriter();
            assertEquals(0, CaptureMain.run(new String[] {"--pid", Long.toString(target.pid()), "--out",
                out.toString(), "--stacks"}, new PrintWriter(new StringWriter()), new PrintWriter(err)), err.toString());
            return JSON.readTree(Files.readString(out));
        } finally {
            if (target != null) {
                target.destroyForcibly();
            }
            sh.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
