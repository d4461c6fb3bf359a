package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.server.alerts.AlertConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Alerts on a real PostgreSQL, with two servers on one database: both group reports and both deliver from the one
 * outbox, yet every group is created once, spikes once, and every delivery reaches the receiver exactly once
 * (the claim is a conditional UPDATE).
 */
class PostgresAlertsTest {
    @TempDir
    Path data;

    private PostgresSchema schema;

    @BeforeEach
    void createSchema() throws java.sql.SQLException {
        schema = PostgresSchema.create("alertspg");
    }

    @AfterEach
    void dropSchema() throws java.sql.SQLException {
        schema.close();
    }

    @Test
    void twoServersOnOneDatabaseAlertOnceForEachGroupAndDeliverEachRowOnce() throws Exception {
        AlertsTest.awayFromWindowEdge(AlertsTest.WEEK_MINUTES);
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            AlertConfig alerts = AlertConfig.defaults().withWebhooks(List.of(receiver.url("/hook")),
                    Optional.of(AlertsTest.SECRET)).withSpike(5, AlertsTest.WEEK_MINUTES)
                    .withRetries(Duration.ofMillis(200), 5, Duration.ofSeconds(5));
            try (CrashkitServer a = CrashkitServer.start(ServerConfig.local(data.resolve("a"), 0).withDb(schema.url()),
                    IngestConfig.defaults(), alerts, m -> { });
                 CrashkitServer b = CrashkitServer.start(ServerConfig.local(data.resolve("b"), 0).withDb(schema.url()),
                    IngestConfig.defaults(), alerts, m -> { })) {
                List<Http> servers = List.of(new Http(a.port()), new Http(b.port()));
                List<String> files = List.of("reports/apple/arm64e-pac.crash", "reports/apple/ios-arm64.ips",
                        "third-party/kscrash/example-reports/Abort.json", "reports/crash/synthetic-macos12-tabs.crash",
                        "third-party/sentry-crashprobe/release-arm64/Call abort().json");
                ExecutorService pool = Executors.newFixedThreadPool(6);
                List<Future<JsonNode>> posted = new ArrayList<>();
                // Each report to both servers at once: 5 groups, each made by one of the racing transactions.
                for (String f : files) {
                    for (Http h : servers) {
                        byte[] body = TestData.bytes(f);
                        posted.add(pool.submit(() -> TriageFlows.post(h, body)));
                    }
                }
                // 8 reports of one more group through both servers: more than 5 once.
                for (int i = 0; i < 8; i++) {
                    Http h = servers.get(i % 2);
                    byte[] body = TriageFlows.sampleInVersion("2." + i);
                    posted.add(pool.submit(() -> TriageFlows.post(h, body)));
                }
                Set<String> groups = new HashSet<>();
                for (Future<JsonNode> f : posted) {
                    groups.add(f.get().get("group").asText());
                }
                pool.shutdown();
                assertEquals(6, groups.size(), groups.toString());

                List<WebhookReceiver.Received> got = receiver.await(rs -> rs.size() >= 7, Duration.ofSeconds(60),
                        "6 created and 1 spike");
                Thread.sleep(2000); // a second delivery of any row would arrive meanwhile
                got = receiver.received();
                Map<String, Integer> perEvent = new HashMap<>();
                Set<String> createdGroups = new HashSet<>();
                Set<String> deliveries = new HashSet<>();
                for (WebhookReceiver.Received r : got) {
                    perEvent.merge(r.header("X-Crashkit-Event"), 1, Integer::sum);
                    assertTrue(deliveries.add(r.header("X-Crashkit-Delivery")), "delivered twice: " + r.header("X-Crashkit-Delivery"));
                    assertEquals(WebhookReceiver.pythonSignature(r.body(), AlertsTest.SECRET), r.header("X-Crashkit-Signature"));
                    if (r.header("X-Crashkit-Event").equals("group.created")) {
                        createdGroups.add(r.json().get("group").get("id").asText());
                    }
                }
                assertEquals(Map.of("group.created", 6, "group.spike", 1), perEvent, got.toString());
                assertEquals(groups, createdGroups);
                JsonNode log = AlertsTest.awaitLog(servers.get(0), "delivered", 7);
                assertEquals(7, log.size(), log.toString());
                for (JsonNode d : log) {
                    assertEquals(1, d.get("attempts").asInt(), d.toString());
                }
            }
        }
    }

    @Test
    void aRegressionOnPostgresAlertsOnce() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            AlertConfig alerts = AlertConfig.defaults().withWebhooks(List.of(receiver.url("/hook")), Optional.empty())
                    .withSpike(0, 60).withRetries(Duration.ofMillis(200), 5, Duration.ofSeconds(5));
            try (CrashkitServer s = CrashkitServer.start(ServerConfig.local(data, 0).withDb(schema.url()),
                    IngestConfig.defaults(), alerts, m -> { })) {
                Http http = new Http(s.port());
                TriageFlows.resolveInVersionThenRegress(http);
                // resolveInVersionThenRegress: created, regressed (1.1 (5) after resolved in 1.1), regressed (after
                // resolved now); no spike (off).
                List<WebhookReceiver.Received> got = receiver.await(rs -> rs.size() >= 3, Duration.ofSeconds(30),
                        "created and two regressions");
                Thread.sleep(1500);
                assertEquals(List.of("group.created", "group.regressed", "group.regressed"),
                        AlertsTest.sortedEvents(receiver.received()));
                assertTrue(got.stream().allMatch(r -> r.header("X-Crashkit-Signature") == null), "no secret, no signature");
            }
        }
    }
}
