package dev.crashkit.server.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Sentry envelope ingest next to {@code POST /api/reports}, in one server (a child process, SQLite):
 * <pre>
 * java -cp server/target/crashkit-server.jar dev.crashkit.server.bench.EnvelopeBench [--reports 4000] [--clients 8]
 *      [--rounds 2] [--event testdata/reports/sentry/sample-crash.cocoa.json] [--dsym testdata/macho]
 * </pre>
 * The same Sentry event is posted as a plain report (each with its own {@code X-Crashkit-Report-Id}) and
 * inside an envelope to {@code /api/1/envelope/} (each with its own {@code event_id}), alternating the two
 * for {@code --rounds} rounds after a warm-up of each; prints accepted/s and request p50/p99 per run.
 */
public final class EnvelopeBench {
    private EnvelopeBench() {
    }

    public static void main(String[] args) throws Exception {
        int reports = 4000;
        int clients = 8;
        int rounds = 2;
        Path event = Path.of("testdata/reports/sentry/sample-crash.cocoa.json");
        Path dsym = Path.of("testdata/macho");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--reports" -> reports = Integer.parseInt(args[++i]);
                case "--clients" -> clients = Integer.parseInt(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--event" -> event = Path.of(args[++i]);
                case "--dsym" -> dsym = Path.of(args[++i]);
                default -> {
                    System.err.println("usage: EnvelopeBench [--reports N] [--clients N] [--rounds N] [--event FILE] "
                            + "[--dsym PATH]");
                    System.exit(2);
                }
            }
        }
        String eventText = Files.readString(event);
        String eventId = Burst.JSON.readTree(eventText).get("event_id").asText();
        Path data = Files.createTempDirectory("crashkit-envelope-bench");
        try (ServerProcess server = ServerProcess.start(data, List.of("--dsym", dsym.toString()))) {
            Drain drain = new Drain(server.port(), Optional.empty());
            JsonNode project = drain.get("/api/projects").get(0);
            String key = project.get("public_key").asText();
            byte[] plain = eventText.getBytes(StandardCharsets.UTF_8);
            Burst.run(server.port(), plain, 500, clients, Optional.empty(), "warmup", n -> { });
            envelopes(server.port(), key, eventText, eventId, 500, clients, "w");
            drain.awaitEmptyQueue(Duration.ofMinutes(10));
            for (int round = 1; round <= rounds; round++) {
                Burst.Result r = Burst.run(server.port(), plain, reports, clients, Optional.empty(), "r" + round,
                        n -> { });
                System.out.printf("POST /api/reports     round %d: %d events from %d clients: %.0f/s accepted, "
                        + "request p50 %.1f ms, p99 %.1f ms (%d errors)%n", round, r.acknowledged().size(), clients,
                        r.perSecond(), r.percentileMillis(50), r.percentileMillis(99), r.errors());
                drain.awaitEmptyQueue(Duration.ofMinutes(30));
                Burst.Result e = envelopes(server.port(), key, eventText, eventId, reports, clients, "e" + round);
                System.out.printf("POST /api/1/envelope/ round %d: %d events from %d clients: %.0f/s accepted, "
                        + "request p50 %.1f ms, p99 %.1f ms (%d errors)%n", round, e.acknowledged().size(), clients,
                        e.perSecond(), e.percentileMillis(50), e.percentileMillis(99), e.errors());
                drain.awaitEmptyQueue(Duration.ofMinutes(30));
            }
        }
    }

    /** Posts {@code total} envelopes, each holding the event under a new event_id, from {@code clients} threads. */
    static Burst.Result envelopes(int port, String key, String eventText, String eventId, int total, int clients,
                                  String runId) throws InterruptedException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        URI uri = URI.create("http://127.0.0.1:" + port + "/api/1/envelope/");
        String auth = "Sentry sentry_key=" + key + ", sentry_version=7, sentry_client=crashkit-bench/1";
        AtomicInteger next = new AtomicInteger();
        AtomicInteger errors = new AtomicInteger();
        java.util.Map<String, String> acknowledged = new java.util.concurrent.ConcurrentHashMap<>();
        long[] latencies = new long[total];
        AtomicInteger latencyCount = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        long start = System.nanoTime();
        for (int c = 0; c < clients; c++) {
            Thread t = new Thread(() -> {
                int i;
                while ((i = next.getAndIncrement()) < total) {
                    String id = String.format("%-8s%024x", runId, i).replace(' ', '0');
                    id = hexOnly(id);
                    byte[] body = envelope(eventText.replace(eventId, id));
                    HttpRequest req = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60))
                            .header("Content-Type", "application/x-sentry-envelope").header("X-Sentry-Auth", auth)
                            .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
                    long t0 = System.nanoTime();
                    try {
                        HttpResponse<String> r = client.send(req, HttpResponse.BodyHandlers.ofString());
                        long dt = System.nanoTime() - t0;
                        if (r.statusCode() == 200) {
                            acknowledged.put(id, Burst.JSON.readTree(r.body()).get("id").asText());
                            latencies[latencyCount.getAndIncrement()] = dt;
                        } else {
                            errors.incrementAndGet();
                        }
                    } catch (IOException e) {
                        errors.incrementAndGet();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "envelope-client-" + c);
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join();
        }
        long elapsed = System.nanoTime() - start;
        return new Burst.Result(acknowledged, Arrays.copyOf(latencies, latencyCount.get()), elapsed, errors.get());
    }

    /** A run id mapped onto hex digits, so that every run's event ids differ and stay 32 hex digits. */
    private static String hexOnly(String id) {
        StringBuilder out = new StringBuilder(id.length());
        for (char ch : id.toCharArray()) {
            out.append(Character.digit(ch, 16) >= 0 ? Character.toLowerCase(ch) : Integer.toHexString(ch % 16));
        }
        return out.toString();
    }

    private static byte[] envelope(String event) {
        byte[] payload = event.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream(payload.length + 64);
        out.writeBytes("{}\n".getBytes(StandardCharsets.UTF_8));
        out.writeBytes(("{\"type\":\"event\",\"length\":" + payload.length + "}\n").getBytes(StandardCharsets.UTF_8));
        out.writeBytes(payload);
        out.write('\n');
        return out.toByteArray();
    }
}
