package dev.crashkit.capture;

import dev.crashkit.capture.spool.Spool;
import dev.crashkit.capture.upload.RetryPolicy;
import dev.crashkit.capture.upload.Uploader;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

/** Child process of {@link UploaderTest}: uploads a spool once (and gets killed mid-request). */
public final class UploadChild {
    private UploadChild() {
    }

    public static void main(String[] args) throws Exception {
        Uploader u = new Uploader(new Spool(Path.of(args[0])), URI.create(args[1]),
                new RetryPolicy(1, Duration.ZERO, Duration.ZERO), Duration.ofMinutes(5));
        u.uploadPending();
    }
}
