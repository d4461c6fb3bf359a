package dev.crashkit.server.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * Posts {@code total} reports from {@code clients} threads, each with its own {@code X-Crashkit-Report-Id},
 * and records what the server acknowledged (201 → its id) and how long each request took.
 */
public final class Burst {
    static final ObjectMapper JSON = new ObjectMapper();

    /** What a burst did. {@code acknowledged}: client report id → server id, for every 201. */
    public record Result(Map<String, String> acknowledged, long[] latenciesNanos, long elapsedNanos, int errors) {
        public double perSecond() {
            return acknowledged.size() / (elapsedNanos / 1e9);
        }

        public double percentileMillis(double p) {
            long[] sorted = latenciesNanos.clone();
            Arrays.sort(sorted);
            if (sorted.length == 0) {
                return Double.NaN;
            }
            int i = (int) Math.min(sorted.length - 1, Math.ceil(p / 100.0 * sorted.length) - 1);
            return sorted[Math.max(0, i)] / 1e6;
        }
    }

    /**
     * How the clients send: {@code HTTP_CLIENT} is {@link HttpClient} (its sends hop between the caller and the
     * client's selector thread: about 1.7 ms of CPU a request here, on the cores the server shares);
     * {@code URL_CONNECTION} is {@link java.net.HttpURLConnection}, blocking on the calling thread over a kept-alive
     * connection, at a fraction of that (BENCHMARKS.md, "Ingest speed"); {@code SOCKET} writes HTTP/1.1 itself on one
     * kept-alive connection per client thread, as an SDK's HTTP stack does, at a fraction again ({@link SocketSender}).
     */
    public enum Client { HTTP_CLIENT, URL_CONNECTION, SOCKET }

    private Burst() {
    }

    /**
     * {@code report} made unique for request {@code i} by trailing JSON whitespace (spaces and newlines
     * spelling {@code i} in binary): the same report to every reader, other bytes to a content-addressed store.
     */
    public static byte[] unique(byte[] report, int i) {
        byte[] out = java.util.Arrays.copyOf(report, report.length + 33);
        out[report.length] = '\n';
        for (int bit = 0; bit < 32; bit++) {
            out[report.length + 1 + bit] = (byte) (((i >>> bit) & 1) == 0 ? ' ' : '\n');
        }
        return out;
    }

    /**
     * @param afterAck called with the running count of 201s (the kill test kills the server there)
     */
    public static Result run(int port, byte[] report, int total, int clients, Optional<String> token, String runId,
                             IntConsumer afterAck) throws InterruptedException {
        return run(port, i -> report, total, clients, token, runId, afterAck);
    }

    /** As {@link #run(int, byte[], int, int, Optional, String, IntConsumer)}, request {@code i} sending {@code reports(i)}. */
    public static Result run(int port, java.util.function.IntFunction<byte[]> reports, int total, int clients,
                             Optional<String> token, String runId, IntConsumer afterAck) throws InterruptedException {
        return run(Client.HTTP_CLIENT, port, reports, total, clients, token, runId, afterAck);
    }

    /** As {@link #run(int, java.util.function.IntFunction, int, int, Optional, String, IntConsumer)}, sending with {@code kind}. */
    public static Result run(Client kind, int port, java.util.function.IntFunction<byte[]> reports, int total, int clients,
                             Optional<String> token, String runId, IntConsumer afterAck) throws InterruptedException {
        java.util.function.Supplier<Sender> senders = switch (kind) {
            case HTTP_CLIENT -> {
                Sender shared = httpClient(port, token);
                yield () -> shared;
            }
            case URL_CONNECTION -> {
                Sender shared = urlConnection(port, token);
                yield () -> shared;
            }
            case SOCKET -> () -> new SocketSender(port, token);
        };
        AtomicInteger next = new AtomicInteger();
        AtomicInteger acks = new AtomicInteger();
        AtomicInteger errors = new AtomicInteger();
        Map<String, String> acknowledged = new ConcurrentHashMap<>();
        long[] latencies = new long[total];
        AtomicInteger latencyCount = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        long start = System.nanoTime();
        for (int c = 0; c < clients; c++) {
            Thread t = new Thread(() -> {
                Sender send = senders.get();
                int i;
                while ((i = next.getAndIncrement()) < total) {
                    String clientId = runId + "-" + i;
                    byte[] body = reports.apply(i);
                    long t0 = System.nanoTime();
                    try {
                        Answer r = send.post(clientId, body);
                        long dt = System.nanoTime() - t0;
                        if (r.status() == 201) {
                            JsonNode n = JSON.readTree(r.body());
                            acknowledged.put(clientId, n.get("id").asText());
                            latencies[latencyCount.getAndIncrement()] = dt;
                            afterAck.accept(acks.incrementAndGet());
                        } else {
                            errors.incrementAndGet();
                        }
                    } catch (IOException e) {
                        errors.incrementAndGet(); // the server is gone (the kill test) or refused
                    } catch (InterruptedException e) {
                        break;
                    }
                }
                send.close();
            }, "client-" + c);
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join();
        }
        long elapsed = System.nanoTime() - start;
        return new Result(acknowledged, Arrays.copyOf(latencies, latencyCount.get()), elapsed, errors.get());
    }

    record Answer(int status, String body) {
    }

    /** One POST of a report with its client id; IOException when the server is gone or the exchange broke. */
    @FunctionalInterface
    interface Sender {
        Answer post(String clientId, byte[] body) throws IOException, InterruptedException;

        /** Ends what this client thread kept open. */
        default void close() {
        }
    }

    private static Sender httpClient(int port, Optional<String> token) {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        URI uri = URI.create("http://127.0.0.1:" + port + "/api/reports");
        return (clientId, body) -> {
            HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60))
                    .header("Content-Type", "application/json").header("X-Crashkit-Report-Id", clientId)
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body));
            token.ifPresent(tk -> b.header("Authorization", "Bearer " + tk));
            HttpResponse<String> r = client.send(b.build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(r.statusCode(), r.body());
        };
    }

    /**
     * Blocking sends on the calling thread; the JDK keeps each thread's connection alive between requests
     * (the answer is read to its end). Fixed-length streaming: a POST is never silently sent twice.
     */
    private static Sender urlConnection(int port, Optional<String> token) {
        java.net.URL url;
        try {
            url = URI.create("http://127.0.0.1:" + port + "/api/reports").toURL();
        } catch (java.net.MalformedURLException e) {
            throw new IllegalStateException("a loopback URL is well formed", e);
        }
        return (clientId, body) -> {
            java.net.HttpURLConnection c = (java.net.HttpURLConnection) url.openConnection();
            c.setConnectTimeout(5000);
            c.setReadTimeout(60_000);
            c.setDoOutput(true);
            c.setRequestMethod("POST");
            c.setFixedLengthStreamingMode(body.length);
            c.setRequestProperty("Content-Type", "application/json");
            c.setRequestProperty("X-Crashkit-Report-Id", clientId);
            token.ifPresent(tk -> c.setRequestProperty("Authorization", "Bearer " + tk));
            try (java.io.OutputStream out = c.getOutputStream()) {
                out.write(body);
            }
            int status = c.getResponseCode();
            java.io.InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream();
            String text;
            try (java.io.InputStream answer = in) {
                text = answer == null ? "" : new String(answer.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            }
            return new Answer(status, text);
        };
    }
}
