package dev.crashkit.server.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** Reads back what the server has: waits for the queue to drain, checks every acknowledged report. */
public final class Drain {
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;
    private final Optional<String> token;

    public Drain(int port, Optional<String> token) {
        this.base = "http://127.0.0.1:" + port;
        this.token = token;
    }

    JsonNode get(String path) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60));
        token.ifPresent(t -> b.header("Authorization", "Bearer " + t));
        HttpResponse<String> r = client.send(b.build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IOException("GET " + path + ": HTTP " + r.statusCode() + " " + r.body());
        }
        return Burst.JSON.readTree(r.body());
    }

    long queueDepth() throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + "/metrics"));
        token.ifPresent(t -> b.header("Authorization", "Bearer " + t));
        String text = client.send(b.build(), HttpResponse.BodyHandlers.ofString()).body();
        for (String line : text.split("\n")) {
            if (line.startsWith("crashkit_symbolication_queue_depth ")) {
                return Long.parseLong(line.substring(line.indexOf(' ') + 1).strip());
            }
        }
        throw new IOException("no queue depth in /metrics");
    }

    /** Waits until nothing is queued; returns how long that took. */
    public Duration awaitEmptyQueue(Duration limit) throws IOException, InterruptedException {
        long start = System.nanoTime();
        while (queueDepth() > 0) {
            if (System.nanoTime() - start > limit.toNanos()) {
                throw new IOException("the queue did not drain within " + limit);
            }
            Thread.sleep(100);
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    /** A stored report's state as the API gives it. */
    public record Stored(String id, String status, Instant received, Optional<Instant> symbolicated) {
    }

    /** Every report by server id; a missing one is an error naming it. */
    public List<Stored> check(Collection<String> serverIds) throws IOException, InterruptedException {
        List<Stored> out = new ArrayList<>();
        for (String id : serverIds) {
            JsonNode r;
            try {
                r = get("/api/reports/" + id);
            } catch (IOException e) {
                throw new IOException("acknowledged report " + id + " is not on the server: " + e.getMessage(), e);
            }
            Optional<Instant> sym = r.hasNonNull("symbolicated_at")
                    ? Optional.of(Instant.parse(r.get("symbolicated_at").asText())) : Optional.empty();
            out.add(new Stored(id, r.get("status").asText(), Instant.parse(r.get("received_at").asText()), sym));
        }
        return out;
    }
}
