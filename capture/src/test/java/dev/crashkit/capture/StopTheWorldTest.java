package dev.crashkit.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.capture.cli.CaptureMain;
import dev.crashkit.capture.linux.Task;
import dev.crashkit.capture.ptrace.PtraceCapture;
import dev.crashkit.capture.report.CapturedThread;
import dev.crashkit.capture.report.StackWindow;
import dev.crashkit.capture.timing.Phases;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stop-the-world window of {@code capture --pid} on the 30-thread gap target: every thread is
 * stopped and recorded, the target itself saw the pause inside the reported window (so the window
 * is where the stop happened), and threads that come and go while we attach are handled. Nothing
 * here is timed: how long the pause is belongs to the bench (CapturePauseGapBench).
 */
class StopTheWorldTest {
    private static final Pattern WINDOW = Pattern.compile("capture: pause window CLOCK_MONOTONIC (\\d+)\\.\\.(\\d+) ns");

    @TempDir
    Path dir;

    @Test
    void everyThreadIsStoppedWithItsRegistersAndStackAndTheTargetSawThePause() throws Exception {
        try (GapFixture target = GapFixture.start("30", "sleep")) {
            assertEquals(30, Task.countHint((int) target.pid()), "thread count from the task directory's links");
            assertEquals(30, Task.tids((int) target.pid()).size());
            PtraceCapture.Result r = PtraceCapture.capture((int) target.pid(),
                    new PtraceCapture.Options(64 * 1024, true, false, false));
            assertEquals(30, r.threadsStopped());
            assertEquals(30, r.snapshot().threads().size());
            for (CapturedThread t : r.snapshot().threads()) {
                assertEquals("stopped", t.status(), "thread " + t.tid());
                long rsp = t.registers().get("rsp");
                StackWindow w = t.stack().orElseThrow();
                assertEquals(rsp, w.base(), "stack copied from the stopped thread's SP");
                assertTrue(w.bytes().length > 0 && w.bytes().length <= 64 * 1024, "thread " + t.tid());
                assertTrue(!t.frames().isEmpty(), "thread " + t.tid() + " unwound");
            }
            assertEquals(List.of("seize", "interrupt", "wait", "registers", "stacks", "recount", "detach"),
                    r.pausePhases().stream().map(Phases.Phase::name).toList());
            long inside = r.pausePhases().stream().mapToLong(Phases.Phase::nanos).sum();
            assertTrue(inside <= r.pauseNanos(), "phases lie inside the pause");
            // The gap thread could not run while stopped: its log holds a gap overlapping the window.
            long gap = target.longestGap(r.pauseStart(), r.pauseStart() + r.pauseNanos());
            assertTrue(gap > 0, "the target logged no gap inside the pause window");
            assertTrue(target.now() > r.pauseStart() + r.pauseNanos(), "the target runs again");
            assertTrue(target.alive());
        }
    }

    @Test
    void threadsThatComeAndGoWhileAttachingNeverBreakTheCapture() throws Exception {
        try (GapFixture target = GapFixture.start("30", "sleep", "churn")) {
            for (int i = 0; i < 10; i++) {
                PtraceCapture.Result r = PtraceCapture.capture((int) target.pid(), PtraceCapture.Options.defaults());
                assertTrue(r.threadsStopped() >= 29, "run " + i + ": " + r.threadsStopped() + " stopped");
                for (CapturedThread t : r.snapshot().threads()) {
                    assertTrue(t.status().equals("stopped") || t.status().startsWith("not stopped"), t.status());
                }
                assertTrue(target.alive(), "run " + i);
                target.now();
            }
        }
    }

    @Test
    void timingPrintsThePhasesThenThePauseLineScriptsRead() throws Exception {
        try (GapFixture target = GapFixture.start("30", "sleep")) {
            StringWriter err = new StringWriter();
            int rc = CaptureMain.run(new String[] {"--pid", Long.toString(target.pid()), "--out",
                dir.resolve("r.json").toString(), "--timing"}, new PrintWriter(new StringWriter()),
                    new PrintWriter(err));
            assertEquals(0, rc, err.toString());
            List<String> lines = err.toString().lines().toList();
            assertEquals(4, lines.size(), err.toString());
            assertTrue(lines.get(0).matches("capture: phases: jna [0-9.]+ ms, proc .*, write [0-9.]+ ms"), lines.get(0));
            assertTrue(lines.get(1).matches("capture: stop-the-world: seize [0-9.]+ ms, .*, detach [0-9.]+ ms"),
                    lines.get(1));
            Matcher w = WINDOW.matcher(lines.get(2));
            assertTrue(w.matches(), lines.get(2));
            assertTrue(lines.get(3).matches("capture: paused 30 threads for [0-9]+[.,][0-9]{3} ms"), lines.get(3));
            assertTrue(target.longestGap(Long.parseLong(w.group(1)), Long.parseLong(w.group(2))) > 0,
                    "the target paused inside the printed window");
        }
    }
}
