package dev.crashkit.capture.upload;

import dev.crashkit.capture.spool.Spool;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * POSTs spooled reports to an HTTP endpoint, oldest first, and deletes each only after a 2xx
 * answer. A report that keeps failing stays in the spool for the next run; nothing is lost to a
 * crash mid-upload (the file is still there). Each request carries the report's file name in
 * {@code X-Crashkit-Report-Id} so that a server can drop a repeat (possible when the process dies
 * between the server's answer and the deletion).
 */
public final class Uploader {
    public static final String ID_HEADER = "X-Crashkit-Report-Id";
    private final Spool spool;
    private final URI endpoint;
    private final RetryPolicy retry;
    private final Duration timeout;
    private final HttpClient client;
    private final Sleeper sleeper;
    /** One pass over the spool at a time, in this JVM: a second caller waits for the first, then runs its own. */
    private final java.util.concurrent.locks.ReentrantLock pass = new java.util.concurrent.locks.ReentrantLock();
    /** A background pass is started but has not begun: another start would find nothing more. */
    private final AtomicBoolean backgroundQueued = new AtomicBoolean();
    private volatile Thread queued;
    /** Sent as {@code Authorization: Bearer}; never logged. */
    private final java.util.Optional<String> token;

    /** Waits between attempts; replaceable in tests. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(Duration d) throws InterruptedException;
    }

    /** Totals of one pass over the spool. */
    public record Result(int uploaded, int failed, int remaining) {
    }

    public Uploader(Spool spool, URI endpoint, RetryPolicy retry, Duration timeout) {
        this(spool, endpoint, retry, timeout, d -> Thread.sleep(d.toMillis()));
    }

    public Uploader(Spool spool, URI endpoint, RetryPolicy retry, Duration timeout, Sleeper sleeper) {
        this(spool, endpoint, retry, timeout, sleeper, java.util.Optional.empty());
    }

    private Uploader(Spool spool, URI endpoint, RetryPolicy retry, Duration timeout, Sleeper sleeper,
                     java.util.Optional<String> token) {
        this.spool = spool;
        this.endpoint = endpoint;
        this.retry = retry;
        this.timeout = timeout;
        this.sleeper = sleeper;
        this.token = token;
        this.client = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    /** The same uploader, sending {@code Authorization: Bearer <token>} with every request. */
    public Uploader withToken(String bearerToken) {
        if (bearerToken.isBlank() || bearerToken.chars().anyMatch(c -> c < 0x21 || c > 0x7e)) {
            throw new IllegalArgumentException("the token must be printable ASCII without spaces");
        }
        return new Uploader(spool, endpoint, retry, timeout, sleeper, java.util.Optional.of(bearerToken));
    }

    /**
     * Uploads every pending report. A report that still fails after the policy's attempts ends the
     * pass (the endpoint is likely down; later reports would fail too). While another pass runs (the
     * background one), this waits for it and then makes its own, so a report spooled meanwhile is not
     * missed and none is sent twice.
     */
    public Result uploadPending() throws IOException, InterruptedException {
        pass.lockInterruptibly();
        try {
            return onePass();
        } finally {
            pass.unlock();
        }
    }

    private Result onePass() throws IOException, InterruptedException {
        int uploaded = 0;
        int failed = 0;
        for (Path report : spool.pending()) {
            if (upload(report)) {
                spool.remove(report);
                uploaded++;
            } else {
                failed++;
                break;
            }
        }
        return new Result(uploaded, failed, spool.pending().size());
    }

    /**
     * Runs {@link #uploadPending()} on a daemon thread; failures wait for the next start. A pass
     * already started but not yet begun covers this call too (its thread is returned): a report
     * spooled now is among what it lists.
     */
    public Thread startInBackground() {
        if (!backgroundQueued.compareAndSet(false, true)) {
            Thread waiting = queued;
            if (waiting != null) {
                return waiting;
            }
        }
        Thread t = new Thread(() -> {
            try {
                pass.lockInterruptibly();
                try {
                    backgroundQueued.set(false); // from now on a new report needs a pass of its own
                    onePass();
                } finally {
                    pass.unlock();
                }
            } catch (IOException e) {
                // The spool is unreadable now; the reports stay for the next run.
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "crashkit-uploader");
        t.setDaemon(true);
        queued = t;
        t.start();
        return t;
    }

    private boolean upload(Path report) throws InterruptedException, IOException {
        byte[] body;
        try {
            body = Files.readAllBytes(report);
        } catch (NoSuchFileException e) {
            return true; // uploaded by another process meanwhile
        }
        for (int attempt = 1; attempt <= retry.attempts(); attempt++) {
            sleeper.sleep(retry.delayBefore(attempt));
            HttpRequest.Builder b = HttpRequest.newBuilder(endpoint)
                    .timeout(timeout)
                    .header("Content-Type", "application/json")
                    .header(ID_HEADER, report.getFileName().toString())
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body));
            token.ifPresent(t -> b.header("Authorization", "Bearer " + t));
            HttpRequest req = b.build();
            try {
                HttpResponse<Void> r = client.send(req, HttpResponse.BodyHandlers.discarding());
                if (r.statusCode() / 100 == 2) {
                    return true;
                }
            } catch (IOException e) {
                // Connection refused, reset or timed out: retry after the back-off.
                continue;
            }
        }
        return false;
    }
}
