package dev.crashkit.server.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** One upload with a given client report id; returns the server's id when it answered 200 (a repeat). */
final class Repeat {
    private Repeat() {
    }

    static String post(int port, byte[] body, String clientId) throws IOException, InterruptedException {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/api/reports")).header("X-Crashkit-Report-Id", clientId)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
        return r.statusCode() == 200 ? Burst.JSON.readTree(r.body()).get("id").asText() : "HTTP " + r.statusCode();
    }
}
