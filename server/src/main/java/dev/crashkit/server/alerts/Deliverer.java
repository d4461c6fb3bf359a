package dev.crashkit.server.alerts;

import dev.crashkit.server.store.Outbox;
import dev.crashkit.server.store.StoreException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Sends the outbox's rows on its own thread, so that ingest and symbolication never wait for a webhook: claims
 * up to {@link #BATCH} due rows, posts them at once (each with the configured timeout), records each outcome
 * (delivered on 2xx; otherwise retried with exponential backoff until the configured attempts are used).
 * At least once: a receiver deduplicates by {@code X-Crashkit-Delivery}. Neither URLs (a Slack URL is a secret)
 * nor secrets are logged; the log line names the host only.
 */
public final class Deliverer implements AutoCloseable {
    /** Rows sent at once. */
    static final int BATCH = 8;
    /** Sleep when nothing is due: an idle poll is one indexed read, no write lock. */
    private static final long IDLE_MILLIS = 500;
    /** Delivered and failed rows are kept this long in the log; spike windows too. */
    static final long RETENTION_MILLIS = 7L * 24 * 3600_000;
    private static final long PRUNE_EVERY_MILLIS = 3600_000;

    private final Outbox outbox;
    private final AlertConfig config;
    private final Supplier<String> baseUrl;
    private final Consumer<String> log;
    private final String owner = "deliverer-" + UUID.randomUUID();
    private final HttpClient client;
    private final Thread thread;
    private volatile boolean running = true;
    private long lastPrune;

    /**
     * Starts the thread.
     *
     * @param baseUrl the server's address for links ({@code --public-url}, else where it listens)
     */
    public Deliverer(Outbox outbox, AlertConfig config, Supplier<String> baseUrl, Consumer<String> log) {
        this.outbox = outbox;
        this.config = config;
        this.baseUrl = baseUrl;
        this.log = log;
        this.client = HttpClient.newBuilder().connectTimeout(config.timeout())
                .followRedirects(HttpClient.Redirect.NEVER).build();
        this.thread = new Thread(this::run, "crashkit-webhooks");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * A claim older than this is taken again: its deliverer died mid-attempt (longer than an attempt can take).
     */
    long leaseMillis() {
        return 2 * config.timeout().toMillis() + 5_000;
    }

    private void run() {
        while (running) {
            try {
                long now = System.currentTimeMillis();
                if (now - lastPrune > PRUNE_EVERY_MILLIS) {
                    outbox.prune(now - RETENTION_MILLIS);
                    lastPrune = now;
                }
                List<Outbox.Delivery> due = outbox.claim(owner, now, leaseMillis(), BATCH);
                if (due.isEmpty()) {
                    Thread.sleep(IDLE_MILLIS);
                    continue;
                }
                send(due);
            } catch (InterruptedException e) {
                return;
            } catch (StoreException | RuntimeException e) {
                log.accept("webhooks: " + e.getMessage());
                try {
                    Thread.sleep(IDLE_MILLIS);
                } catch (InterruptedException stop) {
                    return;
                }
            }
        }
    }

    private void send(List<Outbox.Delivery> due) throws InterruptedException, StoreException {
        List<CompletableFuture<Outbox.Attempt>> attempts = new ArrayList<>();
        String base = baseUrl.get();
        for (Outbox.Delivery d : due) {
            attempts.add(attempt(d, base));
        }
        for (int i = 0; i < due.size(); i++) {
            Outbox.Delivery d = due.get(i);
            Outbox.Attempt a;
            try {
                a = attempts.get(i).get();
            } catch (ExecutionException e) {
                a = failure(e.getCause());
            }
            long now = System.currentTimeMillis();
            OptionalLong retryAt = a.delivered() || d.webhookGone() ? OptionalLong.empty()
                    : config.retryAt(d.attempts() + 1, now);
            if (!a.delivered() && retryAt.isEmpty()) {
                log.accept("webhook delivery " + d.id() + " (" + d.event() + ") to " + host(d.url()) + " given up after "
                        + (d.attempts() + 1) + " attempt(s): " + a.error().orElse("HTTP " + a.status().orElse(0)));
            }
            outbox.finish(owner, d.id(), a, now, retryAt);
        }
    }

    private CompletableFuture<Outbox.Attempt> attempt(Outbox.Delivery d, String base) {
        if (d.webhookGone()) {
            return CompletableFuture.completedFuture(new Outbox.Attempt(OptionalInt.empty(),
                    Optional.of("webhook deleted")));
        }
        byte[] body = Payloads.body(d, base);
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(d.url())).timeout(config.timeout())
                .header("Content-Type", "application/json")
                .header("User-Agent", "crashkit-server")
                .header("X-Crashkit-Event", d.event())
                .header("X-Crashkit-Delivery", d.id())
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        Optional<String> secret = d.webhookId().isPresent() ? d.secret() : config.secret();
        secret.ifPresent(s -> b.header("X-Crashkit-Signature", Payloads.signature(body, s)));
        try {
            return client.sendAsync(b.build(), HttpResponse.BodyHandlers.discarding())
                    .handle((r, e) -> e == null ? answered(r.statusCode()) : failure(e));
        } catch (IllegalArgumentException e) {
            return CompletableFuture.completedFuture(failure(e));
        }
    }

    private static Outbox.Attempt answered(int status) {
        return new Outbox.Attempt(OptionalInt.of(status), status / 100 == 2 ? Optional.empty()
                : Optional.of("HTTP " + status));
    }

    /** A failed attempt without an answer, described in one line without the URL. */
    private static Outbox.Attempt failure(Throwable e) {
        Throwable cause = e instanceof java.util.concurrent.CompletionException && e.getCause() != null ? e.getCause() : e;
        String what = cause instanceof HttpTimeoutException ? "timed out"
                : cause instanceof java.net.ConnectException ? "connection refused or unreachable"
                : cause.getClass().getSimpleName();
        return new Outbox.Attempt(OptionalInt.empty(), Optional.of(what));
    }

    private static String host(String url) {
        try {
            return Optional.ofNullable(URI.create(url).getHost()).orElse("?");
        } catch (IllegalArgumentException e) {
            return "?";
        }
    }

    /** Stops sending; rows this deliverer held are freed for the next start (sent again: at least once). */
    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            outbox.release(owner);
        } catch (StoreException e) {
            log.accept("webhooks: " + e.getMessage());
        }
    }
}
