package dev.crashkit.capture;

import dev.crashkit.capture.hang.HangWatch;
import dev.crashkit.capture.hang.Hangs;
import dev.crashkit.capture.linux.InProcessCapture;
import dev.crashkit.capture.linux.PtracePermission;
import dev.crashkit.capture.report.Snapshot;
import dev.crashkit.capture.report.SnapshotJson;
import dev.crashkit.capture.spool.Spool;
import dev.crashkit.capture.upload.Uploader;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * Entry points of the capture library: a snapshot of every thread of this JVM (Linux x86-64), and
 * an installation that spools a report when a thread dies of an uncaught exception and uploads
 * spooled reports.
 */
public final class Capture {
    private Capture() {
    }

    /** Every thread's native frames (and Java stacks) right now, from any thread (Linux x86-64). */
    public static Snapshot snapshot() throws IOException {
        return InProcessCapture.snapshot(InProcessCapture.Options.defaults(), Optional.of("snapshot"), -1,
                Optional.empty());
    }

    /** Writes {@code s} as a crashreport/1 document. */
    public static void write(Snapshot s, Writer out) throws IOException {
        SnapshotJson.write(s, out);
    }

    /**
     * Installs the uncaught-exception hook (chaining any previous one), opens the spool and, when
     * configured, starts uploading what earlier runs left there.
     */
    public static Installation install(CaptureConfig config) throws IOException {
        Spool spool = new Spool(config.spool());
        Optional<Uploader> uploader = config.endpoint().map(uri -> {
            Uploader u = new Uploader(spool, uri, config.retry(), config.timeout());
            return config.token().isPresent() ? u.withToken(config.token().get()) : u;
        });
        if (config.allowPtracer() && dev.crashkit.capture.linux.Platform.supported()) {
            PtracePermission.allowAnyTracer();
        }
        Installation inst = new Installation(config, spool, uploader);
        inst.hook();
        if (config.hangThreshold().isPresent()) {
            inst.hangs().watchEventDispatch(config.hangThreshold().get());
        }
        if (config.uploadOnStart() && uploader.isPresent()) {
            uploader.get().startInBackground();
        }
        return inst;
    }

    /** An installed capture: spool reports on demand, upload, uninstall. */
    public static final class Installation implements AutoCloseable {
        private final CaptureConfig config;
        private final Spool spool;
        private final Optional<Uploader> uploader;
        private Thread.UncaughtExceptionHandler previous;
        private Thread.UncaughtExceptionHandler mine;
        private Hangs hangs;

        private Installation(CaptureConfig config, Spool spool, Optional<Uploader> uploader) {
            this.config = config;
            this.spool = spool;
            this.uploader = uploader;
        }

        private void hook() {
            previous = Thread.getDefaultUncaughtExceptionHandler();
            mine = (thread, error) -> {
                try {
                    spoolReport(Optional.of("uncaught " + error.getClass().getName()
                            + (error.getMessage() == null ? "" : ": " + error.getMessage())),
                            Optional.of(trace(error)));
                    // A worker thread died and the process lives on: upload now, not at the next start.
                    uploader.ifPresent(Uploader::startInBackground);
                } catch (IOException | RuntimeException | LinkageError e) {
                    // Recording failed (unsupported platform, no native access): the original
                    // error still reaches the previous handler, carrying why.
                    error.addSuppressed(e);
                }
                if (previous != null) {
                    previous.uncaughtException(thread, error);
                } else if (!(error instanceof ThreadDeath)) {
                    // What the JVM prints without a default handler. Not ThreadGroup.uncaughtException: it
                    // calls the default handler, which is this one, and would recurse until the stack overflows.
                    System.err.print("Exception in thread \"" + thread.getName() + "\" ");
                    error.printStackTrace(System.err);
                }
            };
            Thread.setDefaultUncaughtExceptionHandler(mine);
        }

        /** Records and spools a report now (the calling thread marked as the crashed one). */
        public Path captureNow(String reason) throws IOException {
            return spoolReport(Optional.of(reason), Optional.empty());
        }

        private Path spoolReport(Optional<String> reason, Optional<String> exception) throws IOException {
            if (dev.crashkit.capture.darwin.DarwinLive.supported()) {
                // Never run on a Mac (see the README); the crashed thread is the calling one there too.
                return spool.write(out -> {
                    Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
                    dev.crashkit.capture.darwin.DarwinLive.snapshot(reason, w);
                    w.flush();
                });
            }
            Snapshot s = snapshot(reason, InProcessCapture.currentTid(), exception);
            return spool.write(out -> {
                Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
                SnapshotJson.write(s, w);
                w.flush();
            });
        }

        /**
         * Watches the calling thread for hangs: it calls {@link HangWatch#tick()} each time round its
         * loop; when no tick comes for {@code threshold}, every thread is captured (Java and native
         * frames, as {@link #captureNow} does) while it is still stuck, and one report with
         * {@code "kind": "hang"} is spooled, completed with the hang's duration when the thread ticks
         * again, then uploaded in the background. {@link HangWatch#close()} stops watching.
         *
         * @param name      names the hang in the report
         * @param threshold how long the thread may go without a tick
         * @return the watch to tick
         */
        public HangWatch watch(String name, Duration threshold) {
            return hangs().watch(name, threshold);
        }

        /** The hang detection, started on first use. */
        synchronized Hangs hangs() {
            if (hangs == null) {
                hangs = new Hangs(spool, (reason, tid) -> snapshot(Optional.of(reason), tid, Optional.empty()),
                        InProcessCapture::currentTid, dev.crashkit.capture.linux.OwnThreads::tidNamed, () -> uploader.ifPresent(Uploader::startInBackground),
                        System.err::println);
            }
            return hangs;
        }

        /** The watchdog thread once hang detection runs (its CPU time is what detection costs). */
        public synchronized Optional<Thread> hangWatchdog() {
            return hangs == null ? Optional.empty() : hangs.watchdogThread();
        }

        private Snapshot snapshot(Optional<String> reason, long crashedTid, Optional<String> exception)
                throws IOException {
            dev.crashkit.capture.linux.Platform.require();
            return InProcessCapture.snapshot(config.options(), reason, crashedTid, exception);
        }

        public Spool spool() {
            return spool;
        }

        public Optional<Uploader> uploader() {
            return uploader;
        }

        /** Stops hang detection (an ongoing hang written as ended now) and restores the previous default handler (if ours is still the one installed). */
        @Override
        public void close() {
            synchronized (this) {
                if (hangs != null) {
                    hangs.close();
                }
            }
            if (Thread.getDefaultUncaughtExceptionHandler() == mine) {
                Thread.setDefaultUncaughtExceptionHandler(previous);
            }
        }

        private static String trace(Throwable t) {
            StringWriter sw = new StringWriter();
            t.printStackTrace(new PrintWriter(sw));
            return sw.toString();
        }
    }
}
