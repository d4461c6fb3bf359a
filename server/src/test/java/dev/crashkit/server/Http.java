package dev.crashkit.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/** A small HTTP client for the tests. */
final class Http {
    static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final String base;
    private final Optional<String> token;

    record Response(int status, String body) {
        JsonNode json() throws IOException {
            return JSON.readTree(body);
        }
    }

    Http(int port, Optional<String> token) {
        this.base = "http://127.0.0.1:" + port;
        this.token = token;
    }

    Http(int port) {
        this(port, Optional.empty());
    }

    Response get(String path) throws IOException, InterruptedException {
        return send(builder(path).GET().build());
    }

    Response post(String path, byte[] body, String... headers) throws IOException, InterruptedException {
        HttpRequest.Builder b = builder(path).POST(HttpRequest.BodyPublishers.ofByteArray(body));
        for (int i = 0; i + 1 < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return send(b.build());
    }

    private HttpRequest.Builder builder(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60));
        token.ifPresent(t -> b.header("Authorization", "Bearer " + t));
        return b;
    }

    private Response send(HttpRequest r) throws IOException, InterruptedException {
        HttpResponse<String> resp = client.send(r, HttpResponse.BodyHandlers.ofString());
        return new Response(resp.statusCode(), resp.body());
    }

    /** Polls a report until its status is no longer pending (and not waiting in the queue). */
    JsonNode awaitSymbolicated(String id, String wanted) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            last = get("/api/reports/" + id).json();
            if (last.path("status").asText().equals(wanted)) {
                return last;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("report " + id + " not " + wanted + " in time: " + last);
    }
}
