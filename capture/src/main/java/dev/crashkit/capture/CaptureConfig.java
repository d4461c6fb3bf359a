package dev.crashkit.capture;

import dev.crashkit.capture.linux.InProcessCapture;
import dev.crashkit.capture.upload.RetryPolicy;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * Settings of {@link Capture#install}.
 *
 * @param spool         folder of reports waiting for upload
 * @param endpoint      where to POST reports; empty keeps them in the spool
 * @param options       what each snapshot records
 * @param allowPtracer  let an out-of-process helper ptrace this JVM (Yama scope 1)
 * @param uploadOnStart upload pending reports in the background right after installing
 * @param token         bearer token sent with each upload ({@code Authorization: Bearer}); never printed
 * @param hangThreshold watch the AWT event-dispatch thread for hangs this long, once AWT is in use
 */
public record CaptureConfig(Path spool, Optional<URI> endpoint, InProcessCapture.Options options,
                            boolean allowPtracer, boolean uploadOnStart, RetryPolicy retry, Duration timeout,
                            Optional<String> token, Optional<Duration> hangThreshold) {

    /** As before hang detection: none. */
    public CaptureConfig(Path spool, Optional<URI> endpoint, InProcessCapture.Options options, boolean allowPtracer,
                         boolean uploadOnStart, RetryPolicy retry, Duration timeout, Optional<String> token) {
        this(spool, endpoint, options, allowPtracer, uploadOnStart, retry, timeout, token, Optional.empty());
    }

    /**
     * Watches the AWT/Swing event-dispatch thread (pinged with {@code EventQueue.invokeLater} every
     * 100 ms once AWT is in use, headless included): when it has not answered for {@code threshold},
     * every thread is captured while it is still stuck and one {@code "kind": "hang"} report spooled.
     */
    public CaptureConfig withHangDetection(Duration threshold) {
        if (threshold.isNegative() || threshold.isZero()) {
            throw new IllegalArgumentException("hang threshold must be positive: " + threshold);
        }
        return new CaptureConfig(spool, endpoint, options, allowPtracer, uploadOnStart, retry, timeout, token,
                Optional.of(threshold));
    }

    /** Spool in {@code spool}, no upload, Java threads recorded, helpers allowed to trace. */
    public static CaptureConfig of(Path spool) {
        return new CaptureConfig(spool, Optional.empty(), InProcessCapture.Options.defaults(), true, true,
                RetryPolicy.defaults(), Duration.ofSeconds(30), Optional.empty());
    }

    public CaptureConfig withEndpoint(URI uri) {
        return new CaptureConfig(spool, Optional.of(uri), options, allowPtracer, uploadOnStart, retry, timeout, token,
                hangThreshold);
    }

    public CaptureConfig withRetry(RetryPolicy policy) {
        return new CaptureConfig(spool, endpoint, options, allowPtracer, uploadOnStart, policy, timeout, token,
                hangThreshold);
    }

    public CaptureConfig withUploadOnStart(boolean upload) {
        return new CaptureConfig(spool, endpoint, options, allowPtracer, upload, retry, timeout, token, hangThreshold);
    }

    /** Uploads carry {@code Authorization: Bearer <token>} (crashkit-server with {@code --token}). */
    public CaptureConfig withToken(String bearerToken) {
        return new CaptureConfig(spool, endpoint, options, allowPtracer, uploadOnStart, retry, timeout,
                Optional.of(bearerToken), hangThreshold);
    }

    /** Like the record's, with the token left out: configurations end up in logs. */
    @Override
    public String toString() {
        return "CaptureConfig[spool=" + spool + ", endpoint=" + endpoint + ", options=" + options + ", allowPtracer="
                + allowPtracer + ", uploadOnStart=" + uploadOnStart + ", retry=" + retry + ", timeout=" + timeout
                + ", token=" + (token.isPresent() ? "(set)" : "(none)") + ", hangThreshold=" + hangThreshold + "]";
    }
}
