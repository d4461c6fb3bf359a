package dev.crashkit.server;

import dev.crashkit.capture.Capture;
import dev.crashkit.capture.CaptureConfig;
import java.net.URI;
import java.nio.file.Path;

/**
 * A child process of {@link CaptureEndToEndTest}: an app with the capture installed, pointed at a
 * crashkit-server. {@code crash}: dies of an uncaught exception (the report waits in the spool, as when
 * the process dies before it could upload). {@code upload}: the next start, which uploads what is pending.
 */
public final class CrashingApp {
    private CrashingApp() {
    }

    public static void main(String[] args) throws Exception {
        Path spool = Path.of(args[1]);
        CaptureConfig config = CaptureConfig.of(spool).withEndpoint(URI.create(args[2])).withToken(args[3])
                .withUploadOnStart(false);
        Capture.Installation inst = Capture.install(config);
        if (args[0].equals("upload")) {
            var result = inst.uploader().orElseThrow().uploadPending();
            System.out.println("uploaded " + result.uploaded() + " failed " + result.failed());
            return;
        }
        new Cart().checkout();
    }

    /** App code the crash happens in (what the group's frames must name). */
    static final class Cart {
        void checkout() {
            total(0);
        }

        int total(int items) {
            if (items == 0) {
                throw new IllegalStateException("cart is empty");
            }
            return items;
        }
    }
}
