package dev.crashkit.symbolicate.sources;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * HTTP(S) downloads with the JDK client. Redirects are followed here, not by the client, so that
 * request headers (a bearer token) are dropped when a redirect leaves the server's origin, and a
 * redirect from https to http is refused. Three clocks bound an attempt: connecting, waiting for
 * the response headers, and silence while the body streams.
 */
final class HttpTransport implements Transport {
    private static final int MAX_REDIRECTS = 5;
    private static final long POLL_MILLIS = 50;

    private final HttpClient client;
    private final Duration requestTimeout;
    private final Duration idleTimeout;
    private final long maxBytes;

    HttpTransport(Duration connectTimeout, Duration requestTimeout, Duration idleTimeout, long maxBytes) {
        this.client = HttpClient.newBuilder()
                .connectTimeout(connectTimeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
        this.requestTimeout = requestTimeout;
        this.idleTimeout = idleTimeout;
        this.maxBytes = maxBytes;
    }

    @Override
    public Outcome get(URI url, List<SymbolServer.Header> headers, Path target, ProgressListener progress,
                       String label) throws InterruptedException {
        URI current = url;
        List<SymbolServer.Header> sent = headers;
        for (int hop = 0; hop <= MAX_REDIRECTS; hop++) {
            Attempt a = attempt(current, sent, target, progress, label);
            if (a.redirect == null) {
                return a.outcome;
            }
            URI next = current.resolve(a.redirect);
            String scheme = Objects.toString(next.getScheme(), "").toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                return Outcome.failed("redirect to a non-HTTP URL");
            }
            if (current.getScheme().equalsIgnoreCase("https") && scheme.equals("http")) {
                return Outcome.failed("redirect from https to http refused");
            }
            if (!sameOrigin(url, next)) {
                sent = List.of(); // a token for this server must not reach another one
            }
            current = next;
        }
        return Outcome.failed("more than " + MAX_REDIRECTS + " redirects");
    }

    private record Attempt(Outcome outcome, String redirect) {
    }

    private Attempt attempt(URI url, List<SymbolServer.Header> headers, Path target, ProgressListener progress,
                            String label) throws InterruptedException {
        AtomicReference<ProgressListener.Download> shown = new AtomicReference<>();
        try {
            return exchange(url, headers, target, progress, label, shown);
        } finally {
            ProgressListener.Download d = shown.get();
            if (d != null) {
                d.done();
            }
        }
    }

    private Attempt exchange(URI url, List<SymbolServer.Header> headers, Path target, ProgressListener progress,
                             String label, AtomicReference<ProgressListener.Download> shown)
            throws InterruptedException {
        HttpRequest.Builder rb = HttpRequest.newBuilder(url).GET().timeout(requestTimeout)
                .header("User-Agent", "crashkit-symbolicate");
        for (SymbolServer.Header h : headers) {
            rb.header(h.name(), h.value());
        }
        AtomicReference<FileBodySubscriber> body = new AtomicReference<>();
        AtomicReference<HttpResponse.ResponseInfo> info = new AtomicReference<>();
        HttpResponse.BodyHandler<Long> handler = ri -> {
            info.set(ri);
            if (ri.statusCode() != 200) {
                return HttpResponse.BodySubscribers.replacing(0L);
            }
            OptionalLong length = contentLength(ri);
            ProgressListener.Download d = progress.start(label, length.orElse(-1));
            shown.set(d);
            FileBodySubscriber s = new FileBodySubscriber(target, maxBytes, d);
            body.set(s);
            if (length.isPresent() && length.getAsLong() > maxBytes) {
                s.abort(new FileBodySubscriber.TooLarge("declares " + length.getAsLong()
                        + " bytes, over the limit of " + maxBytes));
            }
            return s;
        };
        CompletableFuture<HttpResponse<Long>> future;
        try {
            future = client.sendAsync(rb.build(), handler);
        } catch (IllegalArgumentException e) {
            return new Attempt(Outcome.failed("bad request: " + e.getMessage()), null);
        }
        long start = System.nanoTime();
        HttpResponse<Long> response;
        try {
            response = await(future, body, start);
        } catch (TimeoutException e) {
            future.cancel(true);
            return new Attempt(Outcome.retryable(e.getMessage()), null);
        } catch (ExecutionException e) {
            return new Attempt(failure(e.getCause(), info.get()), null);
        } catch (CancellationException e) {
            return new Attempt(Outcome.retryable("cancelled"), null);
        } catch (InterruptedException e) {
            future.cancel(true);
            FileBodySubscriber s = body.get();
            if (s != null) {
                s.abort(new IOException("interrupted"));
            }
            throw e;
        }
        int code = response.statusCode();
        if (code == 200) {
            return new Attempt(Outcome.found(response.body()), null);
        }
        if (code == 301 || code == 302 || code == 303 || code == 307 || code == 308) {
            return response.headers().firstValue("Location").map(l -> new Attempt(null, l))
                    .orElse(new Attempt(Outcome.failed("HTTP " + code + " without Location"), null));
        }
        if (code == 404 || code == 410) {
            return new Attempt(Outcome.notFound(), null);
        }
        if (code == 429 || code >= 500) {
            long retryAfter = response.headers().firstValue("Retry-After").map(HttpTransport::seconds).orElse(-1L);
            return new Attempt(new Outcome(Status.RETRYABLE, "HTTP " + code, 0, retryAfter), null);
        }
        if (code == 401 || code == 403) {
            return new Attempt(Outcome.failed("HTTP " + code + " (access denied: check --symbol-server-header)"), null);
        }
        return new Attempt(Outcome.failed("HTTP " + code), null);
    }

    /**
     * Waits for the exchange, giving up when the headers take longer than the request timeout
     * (the client enforces that too) or the body goes silent for the idle timeout.
     */
    private HttpResponse<Long> await(CompletableFuture<HttpResponse<Long>> future,
                                     AtomicReference<FileBodySubscriber> body, long start)
            throws TimeoutException, ExecutionException, InterruptedException {
        long headerDeadline = start + requestTimeout.toNanos() + TimeUnit.SECONDS.toNanos(1);
        while (true) {
            try {
                return future.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                long now = System.nanoTime();
                FileBodySubscriber s = body.get();
                if (s == null && now - headerDeadline > 0) {
                    throw new TimeoutException("no response within " + requestTimeout.toMillis() + " ms");
                }
                if (s != null && now - s.lastProgressNanos() > idleTimeout.toNanos()) {
                    s.abort(new IOException("stalled"));
                    throw new TimeoutException("no data for " + idleTimeout.toMillis() + " ms");
                }
            }
        }
    }

    private Outcome failure(Throwable cause, HttpResponse.ResponseInfo info) {
        if (cause instanceof FileBodySubscriber.TooLarge) {
            return Outcome.failed(cause.getMessage());
        }
        if (cause instanceof HttpTimeoutException) {
            return Outcome.retryable("no response within " + requestTimeout.toMillis() + " ms");
        }
        if (cause instanceof ConnectException) {
            return Outcome.retryable("cannot connect");
        }
        String what = cause == null ? "unknown error" : cause.getClass().getSimpleName()
                + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
        if (info != null && info.statusCode() == 200) {
            return Outcome.retryable("download broke off (" + what + ")");
        }
        return Outcome.retryable(what);
    }

    private static OptionalLong contentLength(HttpResponse.ResponseInfo ri) {
        try {
            return ri.headers().firstValueAsLong("Content-Length");
        } catch (NumberFormatException e) {
            return OptionalLong.empty(); // the client rejects the body itself if the header is garbage
        }
    }

    private static long seconds(String retryAfter) {
        try {
            return Math.min(Long.parseLong(retryAfter.trim()), 3600) * 1000;
        } catch (NumberFormatException e) {
            return -1; // an HTTP date: fall back to our own backoff
        }
    }

    private static boolean sameOrigin(URI a, URI b) {
        return a.getScheme().equalsIgnoreCase(b.getScheme())
                && Objects.toString(a.getHost(), "").equalsIgnoreCase(Objects.toString(b.getHost(), ""))
                && port(a) == port(b);
    }

    private static int port(URI u) {
        if (u.getPort() >= 0) {
            return u.getPort();
        }
        return u.getScheme().equalsIgnoreCase("https") ? 443 : 80;
    }
}
