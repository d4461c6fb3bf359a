package dev.crashkit.capture.cli;

import dev.crashkit.capture.ptrace.PtraceCapture;
import dev.crashkit.capture.report.CapturedThread;
import dev.crashkit.capture.report.Hang;
import dev.crashkit.capture.report.Snapshot;
import dev.crashkit.capture.report.SnapshotJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * {@code capture --pid PID --hang-thread NAME --threshold MS}: watches the named thread of another
 * process from {@code /proc} ({@link ThreadProgress}), captures the process with ptrace once the
 * thread has stood still for the threshold, writes a {@code "kind": "hang"} report with
 * {@code "ongoing": true}, and rewrites it with the hang's duration when the thread moves again.
 */
final class HangCapture {
    private static final long INTERVAL_MILLIS = 100;

    private HangCapture() {
    }

    static int watch(CaptureMain.Options o, PrintWriter err) {
        String name = o.hangThread().orElseThrow();
        long thresholdNanos = TimeUnit.MILLISECONDS.toNanos(o.thresholdMs());
        long deadline = o.watchForSeconds() > 0 ? System.nanoTime() + TimeUnit.SECONDS.toNanos(o.watchForSeconds())
                : Long.MAX_VALUE;
        Map<Long, ThreadProgress.Reading> last = new HashMap<>();
        Map<Long, Long> since = new HashMap<>();
        try {
            while (System.nanoTime() - deadline < 0) {
                long now = System.nanoTime();
                List<Long> tids = ThreadProgress.threadsNamed(o.pid(), name);
                for (long tid : tids) {
                    Optional<ThreadProgress.Reading> r = ThreadProgress.read(o.pid(), tid);
                    if (r.isEmpty()) {
                        continue;
                    }
                    if (!r.get().equals(last.get(tid))) {
                        last.put(tid, r.get());
                        since.put(tid, now);
                    } else if (now - since.get(tid) >= thresholdNanos) {
                        return hung(o, err, name, tid, since.get(tid), deadline);
                    }
                }
                last.keySet().retainAll(tids);
                since.keySet().retainAll(tids);
                Thread.sleep(INTERVAL_MILLIS);
            }
        } catch (java.nio.file.NoSuchFileException e) {
            err.println("capture: process " + o.pid() + " ended without a hang of " + name);
            return CaptureMain.NO_HANG;
        } catch (IOException e) {
            err.println("capture: process " + o.pid() + ": " + e.getMessage());
            return CaptureMain.FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CaptureMain.FAILED;
        }
        err.println("capture: no hang of " + name + " in " + o.watchForSeconds() + " s");
        return CaptureMain.NO_HANG;
    }

    /** Captures the process now, then waits for the thread to move to complete the report. */
    private static int hung(CaptureMain.Options o, PrintWriter err, String name, long tid, long sinceNanos,
                            long deadline) throws IOException, InterruptedException {
        PtraceCapture.Result r;
        try {
            r = PtraceCapture.capture(o.pid(), new PtraceCapture.Options(o.window(), o.stacks(), o.java(), true));
        } catch (PtraceCapture.RefusedException e) {
            err.println("capture: " + e.getMessage());
            return CaptureMain.REFUSED;
        }
        long captured = System.nanoTime();
        Snapshot s = marked(r.snapshot(), tid, name, TimeUnit.NANOSECONDS.toMillis(captured - sinceNanos));
        Hang hang = new Hang(tid, name, o.thresholdMs(), TimeUnit.NANOSECONDS.toMillis(captured - sinceNanos), true);
        write(o.out(), s, hang);
        err.println("capture: " + name + " (thread " + tid + ") stood still for " + hang.durationMs()
                + " ms; wrote " + o.out());
        err.flush();
        // The capture itself stopped and resumed the thread: its counters moved once; read them anew.
        Thread.sleep(INTERVAL_MILLIS);
        Optional<ThreadProgress.Reading> base = ThreadProgress.read(o.pid(), tid);
        while (base.isPresent() && System.nanoTime() - deadline < 0) {
            Thread.sleep(INTERVAL_MILLIS);
            Optional<ThreadProgress.Reading> now = ThreadProgress.read(o.pid(), tid);
            if (now.isEmpty()) {
                break; // the thread or the process ended while hung: the report stays ongoing
            }
            if (!now.get().equals(base.get())) {
                long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sinceNanos);
                write(o.out(), marked(r.snapshot(), tid, name, ms), hang.ended(ms));
                err.println("capture: " + name + " moved again after " + ms + " ms; rewrote " + o.out());
                break;
            }
        }
        return CaptureMain.OK;
    }

    /** The snapshot with the hung thread as its crashed one and the hang as its reason. */
    private static Snapshot marked(Snapshot s, long tid, String name, long ms) {
        List<CapturedThread> threads = new ArrayList<>(s.threads().size());
        for (CapturedThread t : s.threads()) {
            threads.add(new CapturedThread(t.tid(), t.name(), t.state(), t.status(), t.tid() == tid, t.registers(),
                    t.frames(), t.stack(), t.java()));
        }
        return new Snapshot(s.pid(), s.processName(), s.arch(), s.os(), s.timestamp(),
                Optional.of("hang: " + name + " did not answer for " + ms + " ms"), Optional.of(tid), s.images(),
                threads, s.jitNames(), s.exception());
    }

    private static void write(Path out, Snapshot s, Hang hang) throws IOException {
        Path abs = out.toAbsolutePath();
        Path tmp = abs.resolveSibling("." + abs.getFileName() + ".part");
        try {
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                SnapshotJson.write(s, hang, w);
            }
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            Files.deleteIfExists(tmp);
            throw new IOException("cannot write " + out + ": " + e.getMessage(), e);
        }
    }
}
