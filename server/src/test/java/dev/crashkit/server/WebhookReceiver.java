package dev.crashkit.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A webhook receiver for the tests: the JDK's HTTP server on loopback, recording every request (headers and body
 * bytes as received) and answering the statuses it is told to, in turn (then its default), or holding requests
 * until {@link #release()} when told to hang.
 */
final class WebhookReceiver implements AutoCloseable {
    /** One request as received; header names lower-case. */
    record Received(Map<String, String> headers, byte[] body, long at) {
        JsonNode json() {
            try {
                return Http.JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("webhook body is not JSON: " + new String(body, StandardCharsets.UTF_8), e);
            }
        }

        String header(String name) {
            return headers.get(name.toLowerCase(java.util.Locale.ROOT));
        }
    }

    private final HttpServer server;
    private final List<Received> received = new ArrayList<>();
    private final List<Integer> planned = new ArrayList<>();
    private volatile int defaultStatus = 200;
    private volatile CountDownLatch hold = new CountDownLatch(0);

    WebhookReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newFixedThreadPool(16));
        server.createContext("/", exchange -> {
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            Map<String, String> headers = new TreeMap<>();
            exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(java.util.Locale.ROOT), v.get(0)));
            int status;
            synchronized (this) {
                received.add(new Received(headers, body, System.currentTimeMillis()));
                status = planned.isEmpty() ? defaultStatus : planned.remove(0);
                notifyAll();
            }
            try {
                hold.await(120, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
    }

    /** The URL to configure, with {@code path}. */
    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** Answers these statuses to the next requests, in order, then the default. */
    synchronized WebhookReceiver answer(Integer... statuses) {
        planned.addAll(List.of(statuses));
        return this;
    }

    WebhookReceiver answerByDefault(int status) {
        defaultStatus = status;
        return this;
    }

    /** Holds every request unanswered until {@link #release()}. */
    WebhookReceiver hang() {
        hold = new CountDownLatch(1);
        return this;
    }

    void release() {
        hold.countDown();
    }

    synchronized List<Received> received() {
        return List.copyOf(received);
    }

    /** Waits until the requests received match {@code done}; fails after {@code timeout}. */
    synchronized List<Received> await(Predicate<List<Received>> done, Duration timeout, String what)
            throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (!done.test(received)) {
            long left = TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime());
            if (left <= 0) {
                throw new AssertionError("webhook receiver: " + what + " not seen in " + timeout + "; got "
                        + describe(received));
            }
            wait(left);
        }
        return List.copyOf(received);
    }

    private static String describe(List<Received> rs) {
        List<String> out = new ArrayList<>();
        for (Received r : rs) {
            out.add(r.header("X-Crashkit-Event") + " " + new String(r.body(), StandardCharsets.UTF_8));
        }
        return out.toString();
    }

    /**
     * The signature header as {@code openssl dgst -sha256 -hmac SECRET} computes it over the body received
     * (an implementation we did not write).
     */
    static String opensslSignature(byte[] body, String secret, Path dir) throws IOException, InterruptedException {
        Path file = Files.createTempFile(dir, "webhook-body", ".json");
        Files.write(file, body);
        Process p = new ProcessBuilder("openssl", "dgst", "-sha256", "-hmac", secret, file.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (p.waitFor() != 0) {
            throw new AssertionError("openssl failed: " + out);
        }
        // "HMAC-SHA2-256(FILE)= hex" (OpenSSL 3) or "HMAC-SHA256(FILE)= hex".
        return "sha256=" + out.substring(out.lastIndexOf('=') + 1).strip();
    }

    /** The same through Python's hmac module (the body on stdin, the secret in the environment). */
    static String pythonSignature(byte[] body, String secret) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("python3", "-c", "import hmac, hashlib, os, sys; "
                + "print('sha256=' + hmac.new(os.environ['SECRET'].encode(), sys.stdin.buffer.read(), "
                + "hashlib.sha256).hexdigest())");
        pb.environment().put("SECRET", secret);
        Process p = pb.start();
        try (var in = p.getOutputStream()) {
            in.write(body);
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (p.waitFor() != 0) {
            throw new AssertionError("python3 failed: " + err);
        }
        return out;
    }

    @Override
    public void close() {
        release();
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }
}
