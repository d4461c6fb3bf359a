package dev.crashkit.bench;

import dev.crashkit.capture.Capture;
import dev.crashkit.capture.CaptureConfig;
import dev.crashkit.capture.hang.HangWatch;
import java.awt.EventQueue;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * What hang detection costs: the CPU time of the watchdog thread over a run, as a share of one core,
 * at the default 100 ms ping interval, watching a thread that ticks every millisecond and the AWT
 * event-dispatch thread (headless) — idle for the first half, kept busy by a stream of short events
 * for the second (a busy dispatch thread is pinged, an idle one only looked at).
 *
 * <pre>java -cp bench/target/benchmarks.jar dev.crashkit.bench.HangWatchdogCost [SECONDS]</pre>
 */
public final class HangWatchdogCost {
    private HangWatchdogCost() {
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("java.awt.headless", "true");
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 30;
        Path spool = Files.createTempDirectory("hang-cost");
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        try (Capture.Installation inst = Capture.install(CaptureConfig.of(spool).withUploadOnStart(false)
                .withHangDetection(Duration.ofSeconds(2)))) {
            EventQueue.invokeAndWait(() -> { });
            Thread ticker = new Thread(() -> {
                try (HangWatch w = inst.watch("ticker", Duration.ofSeconds(2))) {
                    while (!Thread.currentThread().isInterrupted()) {
                        w.tick();
                        Thread.sleep(1);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "ticker");
            ticker.start();
            Thread.sleep(1_500); // the watchdog has started and found the dispatch thread
            Thread dog = inst.hangWatchdog().orElseThrow();
            long half = seconds * 1_000 / 2;
            long cpu0 = mx.getThreadCpuTime(dog.getId());
            long t0 = System.nanoTime();
            Thread.sleep(half);
            long cpu1 = mx.getThreadCpuTime(dog.getId());
            long t1 = System.nanoTime();
            long end = t1 + half * 1_000_000;
            while (System.nanoTime() < end) {
                EventQueue.invokeLater(() -> busy(200_000));
                Thread.sleep(0, 500_000);
            }
            long cpu2 = mx.getThreadCpuTime(dog.getId());
            long t2 = System.nanoTime();
            ticker.interrupt();
            ticker.join();
            System.out.printf(Locale.ROOT, "idle dispatch thread: watchdog CPU %.3f ms over %.1f s = %.4f%% of a core%n",
                    (cpu1 - cpu0) / 1e6, (t1 - t0) / 1e9, 100.0 * (cpu1 - cpu0) / (t1 - t0));
            System.out.printf(Locale.ROOT, "busy dispatch thread: watchdog CPU %.3f ms over %.1f s = %.4f%% of a core%n",
                    (cpu2 - cpu1) / 1e6, (t2 - t1) / 1e9, 100.0 * (cpu2 - cpu1) / (t2 - t1));
            try (var files = Files.list(spool)) {
                System.out.println("reports spooled: " + files.count() + " (expected 0)");
            }
        }
    }

    private static void busy(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}
