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
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        URI uri = URI.create("http://127.0.0.1:" + port + "/api/reports");
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
                int i;
                while ((i = next.getAndIncrement()) < total) {
                    String clientId = runId + "-" + i;
                    HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60))
                            .header("Content-Type", "application/json").header("X-Crashkit-Report-Id", clientId)
                            .POST(HttpRequest.BodyPublishers.ofByteArray(reports.apply(i)));
                    token.ifPresent(tk -> b.header("Authorization", "Bearer " + tk));
                    long t0 = System.nanoTime();
                    try {
                        HttpResponse<String> r = client.send(b.build(), HttpResponse.BodyHandlers.ofString());
                        long dt = System.nanoTime() - t0;
                        if (r.statusCode() == 201) {
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
                        return;
                    }
                }
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
}
