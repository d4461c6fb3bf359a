package dev.crashkit.capture.hang;

import dev.crashkit.capture.Capture;
import dev.crashkit.capture.CaptureConfig;
import dev.crashkit.capture.hang.HangWatch;
import java.nio.file.Path;
import java.time.Duration;

/** A JVM whose watched main thread hangs for good: the parent kills it mid-hang. */
public final class HangChild {
    private HangChild() {
    }

    public static void main(String[] args) throws Exception {
        Capture.Installation inst = Capture.install(CaptureConfig.of(Path.of(args[0])).withUploadOnStart(false));
        HangWatch w = inst.watch("stuck-main", Duration.ofMillis(300));
        w.tick();
        Thread.sleep(Long.MAX_VALUE);
    }
}
