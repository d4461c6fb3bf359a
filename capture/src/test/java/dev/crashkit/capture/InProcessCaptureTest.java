package dev.crashkit.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.NativeLibrary;
import dev.crashkit.capture.linux.InProcessCapture;
import dev.crashkit.capture.report.CapturedThread;
import dev.crashkit.capture.report.LoadedImage;
import dev.crashkit.capture.report.Snapshot;
import dev.crashkit.core.model.Trust;
import dev.crashkit.core.unwind.UnwoundFrame;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Captures this JVM with six fixture threads blocked in nested C functions, checked against nm. */
class InProcessCaptureTest {
    private static Path lib;
    private static Snapshot snapshot;
    /** Held so that JNA never dlcloses the library while its threads block inside it. */
    private static NativeLibrary fixture;

    @BeforeAll
    static void capture() throws Exception {
        lib = NativeFixture.sharedLibrary();
        fixture = NativeLibrary.getInstance(lib.toString());
        int rc = fixture.getFunction("ck_start").invokeInt(new Object[] {6});
        assertEquals(0, rc, "ck_start");
        snapshot = InProcessCapture.snapshot(InProcessCapture.Options.defaults(), Optional.empty(), -1,
                Optional.empty());
    }

    @Test
    void everyFixtureThreadShowsItsChainInOrder() throws Exception {
        LoadedImage img = snapshot.images().stream().filter(i -> i.path().equals(lib.toString())).findFirst()
                .orElseThrow(() -> new AssertionError("fixture library not among the images"));
        List<NativeFixture.Function> fns = NativeFixture.functions(lib);
        Map<String, Integer> kinds = new TreeMap<>();
        for (CapturedThread t : snapshot.threads()) {
            List<String> chain = new ArrayList<>();
            int first = -1;
            for (int i = 0; i < t.frames().size(); i++) {
                UnwoundFrame f = t.frames().get(i);
                long lookup = (i == 0 ? f.address() : f.address() - 1) - img.bias();
                Optional<String> fn = img.contains(f.address()) ? NativeFixture.functionAt(fns, lookup)
                        : Optional.empty();
                if (fn.isPresent()) {
                    if (first < 0) {
                        first = i;
                    }
                    chain.add(fn.get());
                    assertEquals(Trust.CFI, f.trust(), "frame " + i + " of thread " + t.tid() + " (" + fn.get() + ")");
                }
            }
            if (chain.isEmpty()) {
                continue;
            }
            assertEquals(NativeFixture.expectedChain(chain.get(0)), chain, "thread " + t.tid() + ": " + t.frames());
            assertTrue(first > 0, "the wait function is entered from libc, not frame 0");
            kinds.merge(chain.get(0), 1, Integer::sum);
        }
        assertEquals(Map.of("ck_wait_futex", 2, "ck_wait_read", 2, "ck_wait_sleep", 2), kinds);
    }

    @Test
    void theWrittenReportSymbolicatesToTheSameChains() throws Exception {
        java.io.StringWriter w = new java.io.StringWriter();
        dev.crashkit.capture.report.SnapshotJson.write(snapshot, w);
        assertEquals(Map.of("ck_wait_futex", 2, "ck_wait_read", 2, "ck_wait_sleep", 2),
                EndToEnd.chainsBySymbolizer(w.toString(), lib));
    }

    @Test
    void imagesCarryBuildIdsAndTheMainProgramComesFirst() {
        LoadedImage main = snapshot.images().get(0);
        assertTrue(main.path().endsWith("/java"), main.path());
        LoadedImage fixture = snapshot.images().stream().filter(i -> i.path().equals(lib.toString()))
                .findFirst().orElseThrow();
        assertTrue(fixture.buildId().isPresent());
        assertTrue(snapshot.images().stream().anyMatch(i -> i.name().startsWith("libjvm.so")));
    }

    @Test
    void jvmThreadsAreJoinedToTheirJavaNamesAndStacks() {
        CapturedThread current = snapshot.threads().stream().filter(t -> t.status().equals("current"))
                .findFirst().orElseThrow();
        assertTrue(current.java().isPresent(), "the capturing thread is a Java thread");
        assertEquals(Thread.currentThread().getName(), current.java().get().name());
        assertTrue(current.java().get().stack().stream().anyMatch(l -> l.contains("InProcessCaptureTest")));
        assertFalse(current.frames().isEmpty());
        long withJava = snapshot.threads().stream().filter(t -> t.java().isPresent()).count();
        assertTrue(withJava >= 5, "Java threads found: " + withJava);
        // Blocked JVM threads (Reference Handler, Finalizer ...) have native frames in libjvm or libc.
        CapturedThread ref = snapshot.threads().stream()
                .filter(t -> t.java().map(j -> j.name().equals("Reference Handler")).orElse(false))
                .findFirst().orElseThrow();
        assertTrue(ref.frames().size() >= 3, "Reference Handler frames: " + ref.frames());
    }

    @Test
    void jitAndStubFramesAreNamedFromThePerfMap() throws Exception {
        Snapshot s = InProcessCapture.snapshot(new InProcessCapture.Options(true, true, false), Optional.empty(), -1,
                Optional.empty());
        assertFalse(s.jitNames().isEmpty(), "Compiler.perfmap wrote /tmp/perf-<pid>.map");
        java.io.StringWriter w = new java.io.StringWriter();
        dev.crashkit.capture.report.SnapshotJson.write(s, w);
        com.fasterxml.jackson.databind.JsonNode root = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(w.toString());
        List<String> named = new ArrayList<>();
        for (com.fasterxml.jackson.databind.JsonNode t : root.get("threads")) {
            for (com.fasterxml.jackson.databind.JsonNode f : t.get("frames")) {
                if (f.has("jit")) {
                    named.add(f.get("jit").asText());
                }
            }
        }
        // Threads blocked from Java (Reference Handler, Finalizer, the test's own) pass through
        // the interpreter or compiled code, which only the perf map names.
        assertTrue(named.size() >= 3, "named JIT/stub frames: " + named);
    }

    static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }
}
