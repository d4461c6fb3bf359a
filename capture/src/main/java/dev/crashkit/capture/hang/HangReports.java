package dev.crashkit.capture.hang;

import dev.crashkit.capture.report.Hang;
import dev.crashkit.capture.report.Snapshot;
import dev.crashkit.capture.report.SnapshotJson;
import dev.crashkit.capture.spool.Spool;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Spools hang reports: captured while the thread is stuck and written with {@code "ongoing": true},
 * held out of the upload until the thread answers, then rewritten with the hang's duration and
 * released for upload. A process that dies meanwhile leaves the ongoing report, uploaded at the
 * next start as written.
 */
final class HangReports implements Watchdog.Reports {
    private final Spool spool;
    private final Hangs.Snapshots snapshots;
    private final Runnable uploadPending;
    private final Consumer<String> problems;

    HangReports(Spool spool, Hangs.Snapshots snapshots, Runnable uploadPending, Consumer<String> problems) {
        this.spool = spool;
        this.snapshots = snapshots;
        this.uploadPending = uploadPending;
        this.problems = problems;
    }

    @Override
    public Watched.OpenHang capture(Watched w, long hungSinceNanos, long now) throws IOException {
        long thresholdMs = TimeUnit.NANOSECONDS.toMillis(w.thresholdNanos());
        long soFarMs = TimeUnit.NANOSECONDS.toMillis(now - hungSinceNanos);
        long tid = w.tid(); // once: the dispatch thread's may be looked up by name, and both must agree
        Snapshot s = snapshots.take(reason(w.name(), soFarMs), tid);
        Hang h = new Hang(tid, w.name(), thresholdMs, soFarMs, true);
        Path file = spool.write(out -> write(s, h, out), true);
        return new Watched.OpenHang(file, s, h, hungSinceNanos);
    }

    @Override
    public void ended(Watched.OpenHang open, long durationNanos) throws IOException {
        Hang done = open.hang().ended(TimeUnit.NANOSECONDS.toMillis(durationNanos));
        Snapshot s = open.snapshot();
        // The reason gives the whole duration too: it is what the text output and the server show.
        Snapshot last = new Snapshot(s.pid(), s.processName(), s.arch(), s.os(), s.timestamp(),
                java.util.Optional.of(reason(open.hang().name(), done.durationMs())), s.crashedThread(), s.images(),
                s.threads(), s.jitNames(), s.exception());
        try {
            spool.rewrite(open.file(), out -> write(last, done, out));
        } finally {
            spool.release(open.file()); // uploaded as last written, complete or not
        }
        uploadPending.run();
    }

    @Override
    public void failed(Watched w, Exception e) {
        problems.accept("crashkit: hang of " + w.name() + " not recorded: " + e);
    }

    private static String reason(String name, long ms) {
        return "hang: " + name + " did not answer for " + ms + " ms";
    }

    private static void write(Snapshot s, Hang h, java.io.OutputStream out) throws IOException {
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        SnapshotJson.write(s, h, w);
        w.flush();
    }

}
