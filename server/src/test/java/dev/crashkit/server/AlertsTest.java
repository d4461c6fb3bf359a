package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.server.alerts.AlertConfig;
import dev.crashkit.server.bench.ServerProcess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Alerts end to end on SQLite: a real HTTP receiver (the JDK's server) records what the server sends; signatures
 * are checked with openssl and Python's hmac, not our code.
 */
class AlertsTest {
    static final String SECRET = "test-webhook-secret-8c1f";
    /** A week: the spike window the tests count in (aligned to the epoch; see {@link #awayFromWindowEdge}). */
    static final int WEEK_MINUTES = 10080;

    @TempDir
    Path data;
    @TempDir
    Path scratch;
    final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    WebhookReceiver receiver() throws Exception {
        WebhookReceiver r = new WebhookReceiver();
        open.add(r);
        return r;
    }

    CrashkitServer start(AlertConfig alerts) throws Exception {
        CrashkitServer s = CrashkitServer.start(ServerConfig.local(data, 0), IngestConfig.defaults(), alerts, m -> { });
        open.add(s);
        return s;
    }

    static AlertConfig alerts(WebhookReceiver r, int spikeThreshold) {
        return AlertConfig.defaults().withWebhooks(List.of(r.url("/hook")), Optional.of(SECRET))
                .withSpike(spikeThreshold, WEEK_MINUTES).withRetries(Duration.ofMillis(200), 5, Duration.ofSeconds(5));
    }

    static List<String> events(List<WebhookReceiver.Received> rs) {
        return rs.stream().map(r -> r.header("X-Crashkit-Event")).toList();
    }

    /** The events received, sorted (deliveries due together are sent at once: arrival order is not event order). */
    static List<String> sortedEvents(List<WebhookReceiver.Received> rs) {
        return events(rs).stream().sorted().toList();
    }

    /** Sleeps past a spike window's end when it is under a minute away (the reports must share one window). */
    static void awayFromWindowEdge(int minutes) throws InterruptedException {
        long window = minutes * 60_000L;
        long left = window - Math.floorMod(System.currentTimeMillis(), window);
        if (left < 60_000) {
            Thread.sleep(left + 100);
        }
    }

    @Test
    void createdRegressedAndSpikeEachFireOnceSignedAsOpensslComputesIt() throws Exception {
        awayFromWindowEdge(WEEK_MINUTES);
        WebhookReceiver receiver = receiver();
        CrashkitServer server = start(alerts(receiver, 3));
        Http http = new Http(server.port());

        JsonNode first = TriageFlows.post(http, TriageFlows.sampleInVersion("1.0"));
        String group = first.get("group").asText();
        TriageFlows.setStatus(http, group, "{\"status\": \"resolved\", \"in_version\": \"1.1\"}");
        TriageFlows.post(http, TriageFlows.sampleInVersion("1.0.9")); // below 1.1: no regression
        JsonNode regressing = TriageFlows.post(http, TriageFlows.sampleInVersion("1.1 (5)"));
        JsonNode spiking = TriageFlows.post(http, TriageFlows.sampleInVersion("1.2")); // the 4th: more than 3
        TriageFlows.post(http, TriageFlows.sampleInVersion("1.3")); // same window: no second spike

        List<WebhookReceiver.Received> got = receiver.await(rs -> rs.size() >= 3, Duration.ofSeconds(30), "3 events");
        Thread.sleep(1500); // anything more would be a duplicate
        got = receiver.received();
        // Due deliveries are sent several at a time: their order of arrival is not the order of the events.
        List<String> order = List.of("group.created", "group.regressed", "group.spike");
        got = new ArrayList<>(got);
        got.sort(java.util.Comparator.comparingInt(r -> order.indexOf(r.header("X-Crashkit-Event"))));
        assertEquals(order, events(got));

        String base = "http://127.0.0.1:" + server.port();
        String[] reports = {first.get("id").asText(), regressing.get("id").asText(), spiking.get("id").asText()};
        Set<String> eventIds = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            WebhookReceiver.Received r = got.get(i);
            JsonNode body = r.json();
            assertEquals(r.header("X-Crashkit-Event"), body.get("event").asText());
            assertEquals(group, body.get("group").get("id").asText(), body.toString());
            assertEquals(reports[i], body.get("report").get("id").asText(), body.toString());
            assertEquals(base + "/groups/" + group, body.get("url").asText());
            assertEquals(base + "/reports/" + reports[i], body.get("report").get("url").asText());
            assertEquals("default", body.get("project").get("name").asText());
            assertEquals("application/json", r.header("Content-Type"));
            assertEquals(WebhookReceiver.opensslSignature(r.body(), SECRET, scratch), r.header("X-Crashkit-Signature"));
            assertTrue(eventIds.add(body.get("event_id").asText()));
            // The link is a page of this server.
            assertEquals(200, http.get("/groups/" + group).status());
        }
        JsonNode regressed = got.get(1).json();
        assertEquals("regressed", regressed.get("group").get("status").asText());
        assertEquals("1.1 (5)", regressed.get("regression").get("version").asText());
        assertEquals("1.1", regressed.get("regression").get("resolved_in_version").asText());
        JsonNode spike = got.get(2).json().get("spike");
        assertEquals(3, spike.get("threshold").asInt());
        assertEquals(4, spike.get("reports").asInt());
        assertEquals(WEEK_MINUTES, spike.get("window_minutes").asInt());

        // The delivery log: each delivered at the first attempt; the URL without its path.
        JsonNode log = http.get("/api/webhooks/deliveries").json().get("deliveries");
        assertEquals(3, log.size(), log.toString());
        for (JsonNode d : log) {
            assertEquals("delivered", d.get("state").asText(), d.toString());
            assertEquals(1, d.get("attempts").asInt());
            assertEquals(200, d.get("last_status").asInt());
            assertEquals("--webhook", d.get("webhook").asText());
            assertEquals(receiver.url("/…"), d.get("url").asText());
        }
        Set<String> deliveryIds = new HashSet<>();
        got.forEach(r -> deliveryIds.add(r.header("X-Crashkit-Delivery")));
        Set<String> logged = new HashSet<>();
        log.forEach(d -> logged.add(d.get("id").asText()));
        assertEquals(logged, deliveryIds);
    }

    @Test
    void aFailedDeliveryIsRetriedWithBackoffAndTheSameBodyThenGivenUpAfterTheLastAttempt() throws Exception {
        WebhookReceiver receiver = receiver().answer(500, 500);
        CrashkitServer server = start(alerts(receiver, 0));
        Http http = new Http(server.port());
        TriageFlows.post(http, TriageFlows.sampleInVersion("1.0"));
        List<WebhookReceiver.Received> got = receiver.await(rs -> rs.size() >= 3, Duration.ofSeconds(30), "3 attempts");
        assertEquals(1, new HashSet<>(got.stream().map(r -> r.header("X-Crashkit-Delivery")).toList()).size());
        for (WebhookReceiver.Received r : got) {
            assertEquals(new String(got.get(0).body(), StandardCharsets.UTF_8), new String(r.body(), StandardCharsets.UTF_8));
            assertEquals(WebhookReceiver.pythonSignature(r.body(), SECRET), r.header("X-Crashkit-Signature"));
        }
        // 200 ms after the first failure, 400 ms after the second.
        assertTrue(got.get(1).at() - got.get(0).at() >= 190, "first retry waited");
        assertTrue(got.get(2).at() - got.get(1).at() >= 390, "second retry waited twice as long");
        JsonNode d = awaitLog(http, "delivered", 1).get(0);
        assertEquals(3, d.get("attempts").asInt(), d.toString());

        // Always 503: 5 attempts, then given up, with the last answer kept.
        receiver.answerByDefault(503);
        TriageFlows.post(http, TestData.bytes("reports/apple/ios-arm64.ips"));
        JsonNode failed = awaitLog(http, "failed", 1).get(0);
        assertEquals(5, failed.get("attempts").asInt(), failed.toString());
        assertEquals(503, failed.get("last_status").asInt());
        assertEquals("HTTP 503", failed.get("last_error").asText());
        Thread.sleep(1000);
        assertEquals(3 + 5, receiver.received().size(), "no attempt after giving up");
    }

    @Test
    void pendingDeliveriesSurviveAStopAndAreSentByTheNextStart() throws Exception {
        WebhookReceiver receiver = receiver().answerByDefault(503);
        AlertConfig config = alerts(receiver, 0).withRetries(Duration.ofMillis(200), 12, Duration.ofSeconds(5));
        CrashkitServer first = CrashkitServer.start(ServerConfig.local(data, 0), IngestConfig.defaults(), config, m -> { });
        String group;
        try {
            group = TriageFlows.post(new Http(first.port()), TriageFlows.sampleInVersion("1.0")).get("group").asText();
            receiver.await(rs -> rs.size() >= 2, Duration.ofSeconds(30), "2 failed attempts");
        } finally {
            first.close();
        }
        int failedAttempts = receiver.received().size();
        receiver.answerByDefault(200);
        CrashkitServer second = start(config);
        List<WebhookReceiver.Received> got = receiver.await(rs -> rs.size() > failedAttempts, Duration.ofSeconds(30),
                "the delivery after the restart");
        assertEquals(1, new HashSet<>(got.stream().map(r -> r.header("X-Crashkit-Delivery")).toList()).size());
        assertEquals(group, got.get(got.size() - 1).json().get("group").get("id").asText());
        JsonNode d = awaitLog(new Http(second.port()), "delivered", 1).get(0);
        // An attempt the stop cut short is not counted (its claim was freed): the restart sends it again.
        int attempts = d.get("attempts").asInt();
        assertTrue(attempts >= 2 && attempts <= failedAttempts + 1, d.toString());
    }

    @Test
    void anAlertSurvivesKill9OfTheServerProcess() throws Exception {
        WebhookReceiver receiver = receiver().answerByDefault(503);
        List<String> args = List.of("--webhook", receiver.url("/hook"), "--webhook-secret", SECRET,
                "--webhook-retry-seconds", "1", "--webhook-timeout-seconds", "2");
        String group;
        String delivery;
        ServerProcess child = ServerProcess.start(data, args);
        try {
            group = TriageFlows.post(new Http(child.port()), TriageFlows.sampleInVersion("1.0")).get("group").asText();
            delivery = receiver.await(rs -> !rs.isEmpty(), Duration.ofSeconds(30), "a first attempt").get(0)
                    .header("X-Crashkit-Delivery");
        } finally {
            child.kill9();
        }
        int before = receiver.received().size();
        receiver.answerByDefault(200);
        try (ServerProcess again = ServerProcess.start(data, args)) {
            // A claim the killed process held is taken again after its lease (2 x timeout + 5 s).
            WebhookReceiver.Received last = receiver.await(rs -> rs.size() > before, Duration.ofSeconds(60),
                    "the delivery after kill -9").get(before);
            assertEquals(delivery, last.header("X-Crashkit-Delivery"));
            assertEquals(group, last.json().get("group").get("id").asText());
            assertEquals(WebhookReceiver.opensslSignature(last.body(), SECRET, scratch), last.header("X-Crashkit-Signature"));
            awaitLog(new Http(again.port()), "delivered", 1);
        }
    }

    @Test
    void aReceiverThatNeverAnswersHoldsUpNeitherIngestNorSymbolication() throws Exception {
        List<String> files = List.of("reports/apple/arm64e-pac.crash", "reports/apple/ios-arm64.ips",
                "third-party/kscrash/example-reports/Abort.json", "reports/crash/synthetic-macos12-tabs.crash",
                "third-party/sentry-crashprobe/release-arm64/Call abort().json", "reports/sample-crash.json");
        // The same reports on a server without alerts first: what "normal speed" is on this machine now.
        long baseline;
        try (CrashkitServer plain = CrashkitServer.start(ServerConfig.local(scratch.resolve("plain"), 0), m -> { })) {
            baseline = postAll(new Http(plain.port()), files);
        }
        WebhookReceiver receiver = receiver().hang();
        CrashkitServer server = start(alerts(receiver, 1).withRetries(Duration.ofMillis(200), 5, Duration.ofSeconds(60)));
        Http http = new Http(server.port());
        long withHangingWebhook = postAll(http, files);
        System.out.printf("6 reports posted and grouped: %d ms without alerts, %d ms with a webhook that never answers%n",
                baseline, withHangingWebhook);
        receiver.await(rs -> !rs.isEmpty(), Duration.ofSeconds(30), "a delivery attempt");
        // Every report was grouped while the deliveries were still held by the receiver (60 s timeout).
        JsonNode pending = http.get("/api/webhooks/deliveries?state=pending").json().get("deliveries");
        assertEquals(6, pending.size(), "one group.created per report's group, none answered: " + pending);
        assertTrue(withHangingWebhook < 3 * baseline + 5000, withHangingWebhook + " ms vs " + baseline + " ms");
        receiver.release();
        awaitLog(http, "delivered", 6);
    }

    private static long postAll(Http http, List<String> files) throws Exception {
        long t0 = System.nanoTime();
        for (String f : files) {
            TriageFlows.post(http, TestData.bytes(f));
        }
        return (System.nanoTime() - t0) / 1_000_000;
    }

    @Test
    void projectWebhooksThroughTheApiSignedSlackFormattedScopedAndDeleted() throws Exception {
        awayFromWindowEdge(WEEK_MINUTES);
        WebhookReceiver receiver = receiver();
        CrashkitServer server = start(AlertConfig.defaults().withRetries(Duration.ofMillis(200), 5, Duration.ofSeconds(5)));
        Http http = new Http(server.port());
        JsonNode project = http.post("/api/projects", "{\"name\": \"mobile\"}".getBytes(StandardCharsets.UTF_8)).json();
        long id = project.get("id").asLong();
        String hooks = "/api/projects/" + id + "/webhooks";

        Http.Response json = http.post(hooks, ("{\"url\": \"" + receiver.url("/json") + "\"}").getBytes(StandardCharsets.UTF_8));
        assertEquals(201, json.status(), json.body());
        String jsonSecret = json.json().get("secret").asText();
        assertTrue(jsonSecret.startsWith("ckw_") && jsonSecret.length() == 68, jsonSecret);
        String slackSecret = "slack-secret-0123456789";
        Http.Response slack = http.post(hooks, ("{\"url\": \"" + receiver.url("/slack") + "\", \"format\": \"slack\", "
                + "\"secret\": \"" + slackSecret + "\"}").getBytes(StandardCharsets.UTF_8));
        assertEquals(201, slack.status(), slack.body());
        Http.Response listed = http.get(hooks);
        assertEquals(2, listed.json().get("webhooks").size());
        assertFalse(listed.body().contains(jsonSecret) || listed.body().contains(slackSecret), listed.body());
        assertEquals("…" + jsonSecret.substring(64), listed.json().get("webhooks").get(0).get("secret_hint").asText());

        String[][] bad = {
            {"{\"url\": \"ftp://example.com/x\"}", "url must be an http(s)://"},
            {"{\"url\": \"http://user:pw@example.com/x\"}", "without user info"},
            {"{\"url\": \"https://example.com/x\", \"format\": \"xml\"}", "format must be one of auto, json, slack"},
            {"{\"url\": \"https://example.com/x\", \"secret\": \"short\"}", "secret must be a string of 16 to 200"},
            {"{}", "url must be a string"},
            {"not json", "body is not JSON"},
        };
        for (String[] b : bad) {
            Http.Response r = http.post(hooks, b[0].getBytes(StandardCharsets.UTF_8));
            assertEquals(400, r.status(), b[0] + ": " + r.body());
            assertTrue(r.json().get("error").asText().contains(b[1]), b[0] + ": " + r.body());
        }
        assertEquals(404, http.post("/api/projects/999/webhooks", "{\"url\": \"https://example.com/\"}"
                .getBytes(StandardCharsets.UTF_8)).status());
        assertEquals(404, delete(server.port(), hooks + "/wh_nope"));

        // A report into the project (its ingest key): both of its webhooks hear of the new group.
        Http ingest = new Http(server.port(), Optional.of(project.get("public_key").asText()));
        Http.Response posted = ingest.post("/api/reports", TriageFlows.sampleInVersion("1.0"));
        assertEquals(201, posted.status(), posted.body());
        String reportId = posted.json().get("id").asText();
        List<WebhookReceiver.Received> got = receiver.await(rs -> rs.size() >= 2, Duration.ofSeconds(30), "2 webhooks");
        WebhookReceiver.Received toJson = got.stream().filter(r -> r.json().has("event")).findFirst().orElseThrow();
        WebhookReceiver.Received toSlack = got.stream().filter(r -> r.json().has("text")).findFirst().orElseThrow();
        assertEquals(WebhookReceiver.pythonSignature(toJson.body(), jsonSecret), toJson.header("X-Crashkit-Signature"));
        assertEquals(WebhookReceiver.pythonSignature(toSlack.body(), slackSecret), toSlack.header("X-Crashkit-Signature"));
        JsonNode event = toJson.json();
        assertEquals("group.created", event.get("event").asText());
        assertEquals(reportId, event.get("report").get("id").asText());
        assertEquals(id, event.get("project").get("id").asLong());
        String group = event.get("group").get("id").asText();
        String base = "http://127.0.0.1:" + server.port();
        // Slack's incoming-webhook format: only "text", with <url|label> links.
        JsonNode text = toSlack.json();
        assertEquals(1, text.size(), text.toString());
        assertEquals("New crash group in *mobile*: <" + base + "/groups/" + group + "|"
                + event.get("group").get("title").asText() + "> (<" + base + "/reports/" + reportId + "|report>)",
                text.get("text").asText());

        // A report of the default project: not this project's webhooks' business.
        TriageFlows.post(http, TestData.bytes("reports/apple/ios-arm64.ips"));
        Thread.sleep(1500);
        assertEquals(2, receiver.received().size(), "a report of another project");

        // The project's own spike rule: more than 1 report in a week.
        Http.Response put = put(server.port(), "/api/projects/" + id + "/alert-settings",
                "{\"spike_threshold\": 1, \"spike_window_minutes\": " + WEEK_MINUTES + "}");
        assertEquals(200, put.status(), put.body());
        JsonNode settings = http.get("/api/projects/" + id + "/alert-settings").json();
        assertEquals(1, settings.get("effective").get("spike_threshold").asInt());
        assertEquals(100, http.get("/api/projects/1/alert-settings").json().get("effective").get("spike_threshold").asInt());
        assertEquals(400, put(server.port(), "/api/projects/" + id + "/alert-settings", "{\"spike_threshold\": -1}").status());
        assertEquals(400, put(server.port(), "/api/projects/" + id + "/alert-settings", "{\"spike_window_minutes\": 0}").status());
        assertEquals(400, put(server.port(), "/api/projects/" + id + "/alert-settings", "{\"spike_threshold\": \"x\"}").status());
        ingest.post("/api/reports", TriageFlows.sampleInVersion("1.1"));
        // Counting in the new window starts after the rule changed: the second report of it is the spike.
        Http.Response third = ingest.post("/api/reports", TriageFlows.sampleInVersion("1.2"));
        got = receiver.await(rs -> rs.size() >= 4, Duration.ofSeconds(30), "the spike to both webhooks");
        Thread.sleep(1500);
        got = receiver.received();
        assertEquals(4, got.size(), "one spike per webhook");
        JsonNode spike = got.stream().filter(r -> "group.spike".equals(r.header("X-Crashkit-Event"))
                && r.header("X-Crashkit-Signature") != null).map(WebhookReceiver.Received::json)
                .filter(j -> j.has("event")).findFirst().orElseThrow();
        assertEquals(third.json().get("id").asText(), spike.get("report").get("id").asText());
        assertTrue(got.stream().anyMatch(r -> r.json().path("text").asText()
                .startsWith("Spike in *mobile*: <" + base + "/groups/" + group)), "Slack's spike text");

        // The log by project and state; deleting a webhook.
        JsonNode log = http.get("/api/webhooks/deliveries?project=" + id + "&state=delivered").json().get("deliveries");
        assertEquals(4, log.size(), log.toString());
        assertEquals(0, http.get("/api/webhooks/deliveries?project=1").json().get("deliveries").size());
        assertEquals(400, http.get("/api/webhooks/deliveries?state=lost").status());
        assertEquals(400, http.get("/api/webhooks/deliveries?limit=0").status());
        String jsonHook = json.json().get("id").asText();
        assertEquals(204, delete(server.port(), hooks + "/" + jsonHook));
        assertEquals(1, http.get(hooks).json().get("webhooks").size());
    }

    @Test
    void onlyTheAdminTokenReadsOrChangesWebhooks() throws Exception {
        String token = "alerts-admin-token-77";
        CrashkitServer server = CrashkitServer.start(ServerConfig.local(data, 0).withToken(token), IngestConfig.defaults(),
                AlertConfig.defaults(), m -> { });
        open.add(server);
        Http admin = new Http(server.port(), Optional.of(token));
        String key = admin.get("/api/projects").json().get(0).get("public_key").asText();
        Http ingest = new Http(server.port(), Optional.of(key));
        Http none = new Http(server.port());
        byte[] hook = "{\"url\": \"https://example.com/hook\"}".getBytes(StandardCharsets.UTF_8);
        assertEquals(403, ingest.get("/api/webhooks/deliveries").status());
        assertEquals(403, ingest.post("/api/projects/1/webhooks", hook).status());
        assertEquals(401, none.get("/api/projects/1/webhooks").status());
        assertEquals(201, admin.post("/api/projects/1/webhooks", hook).status());
        assertEquals(200, admin.get("/api/webhooks/deliveries").status());
    }

    static JsonNode awaitLog(Http http, String state, int count) throws Exception {
        JsonNode last = null;
        for (int i = 0; i < 600; i++) {
            last = http.get("/api/webhooks/deliveries?state=" + state).json().get("deliveries");
            if (last.size() >= count) {
                return last;
            }
            Thread.sleep(100);
        }
        throw new AssertionError(count + " " + state + " deliveries expected: "
                + http.get("/api/webhooks/deliveries").body());
    }

    static int delete(int port, String path) throws Exception {
        java.net.http.HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + port + path)).DELETE().build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        return r.statusCode();
    }

    static Http.Response put(int port, String path, String body) throws Exception {
        java.net.http.HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + port + path))
                        .PUT(java.net.http.HttpRequest.BodyPublishers.ofString(body)).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        return new Http.Response(r.statusCode(), r.body());
    }
}
