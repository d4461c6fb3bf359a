package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Triage, search and paging through the HTTP API on SQLite. */
class TriageApiTest {
    @TempDir
    java.nio.file.Path data;
    CrashkitServer server;
    Http http;

    @BeforeEach
    void start() throws Exception {
        server = CrashkitServer.start(ServerConfig.local(data, 0), m -> { });
        http = new Http(server.port());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aGroupResolvedInAVersionRegressesOnAReportOfThatVersionOrLater() throws Exception {
        TriageFlows.resolveInVersionThenRegress(http);
    }

    @Test
    void statusChangesAreCheckedAndAnUnknownGroupIs404() throws Exception {
        String group = TriageFlows.post(http, TriageFlows.sampleInVersion("1.0")).get("group").asText();
        String[][] bad = {
            {"{\"status\": \"regressed\"}", "regressed is set by reports"},
            {"{\"status\": \"done\"}", "status must be one of"},
            {"{\"status\": \"ignored\", \"in_version\": \"1.1\"}", "in_version goes only with status resolved"},
            {"{\"status\": \"resolved\", \"in_version\": \"latest\"}", "in_version is not a version"},
            {"{\"status\": \"resolved\", \"in_version\": 11}", "in_version must be a string"},
            {"not json", "body is not JSON"},
            {"[]", "expected {"},
        };
        for (String[] b : bad) {
            Http.Response r = http.post("/api/groups/" + group + "/status", b[0].getBytes(StandardCharsets.UTF_8));
            assertEquals(400, r.status(), b[0] + ": " + r.body());
            assertTrue(r.json().get("error").asText().contains(b[1]), b[0] + ": " + r.body());
        }
        assertEquals("open", http.get("/api/groups/" + group).json().get("status").asText());
        Http.Response missing = http.post("/api/groups/no-such-group/status",
                "{\"status\": \"ignored\"}".getBytes(StandardCharsets.UTF_8));
        assertEquals(404, missing.status(), missing.body());
        assertEquals(404, http.get("/api/groups/no-such-group").status());
    }

    @Test
    void reportsKeepTheDimensionsTheirFormatsCarry() throws Exception {
        // Expected values are the lines of the files themselves (printed by Apple's, KSCrash's and Sentry's own tools).
        record Case(String file, String version, String os, String device, String crashTime) {
        }
        List<Case> cases = List.of(
            new Case("reports/apple/arm64e-pac.crash", "1 (1.0)", "macOS 14.1 (23B74)", "Mac14,2", "2026-11-21T11:30:00.123Z"),
            new Case("third-party/kscrash/example-reports/Abort.txt", "1.0", "iPhone OS 4.3.3 (8J2)", "iPhone3,1",
                    "1970-01-17T18:47:06Z"),
            new Case("reports/apple/ios-arm64.ips", "1.0 (1)", "iPhone OS 17.1 (21B74)", "iPhone14,5",
                    "2026-11-21T13:15:00.123Z"),
            new Case("third-party/kscrash/example-reports/Abort.json", "1.0", "iPhone OS 4.3.3 (8J2)", "iPhone3,1",
                    "1970-01-17T18:47:06Z"),
            new Case("third-party/sentry-crashprobe/release-arm64/Call abort().json", null, "iOS 10.2 (14C92)",
                    "iPhone9,4", "2017-01-26T10:49:57Z"),
            new Case("reports/sample-crash.json", null, "macOS 14.1", null, "2026-11-21T10:00:00Z"));
        for (Case c : cases) {
            JsonNode r = TriageFlows.post(http, TestData.bytes(c.file()));
            assertEquals(c.version() == null ? null : c.version(), text(r, "app_version"), c.file() + ": " + r);
            assertEquals(c.os(), text(r, "os"), c.file());
            assertEquals(c.device(), text(r, "device"), c.file());
            assertEquals(c.crashTime(), text(r, "crash_time"), c.file());
            assertTrue(r.get("exception").isTextual(), c.file());
            JsonNode listed = http.get("/api/reports?limit=1").json().get("reports").get(0);
            assertEquals(r.get("id"), listed.get("id"));
            assertEquals(r.get("os"), listed.get("os"));
        }
    }

    @Test
    void reportsPageByCursorWithEveryReportOnceEvenWhileNewOnesArrive() throws Exception {
        List<String> posted = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            posted.add(TriageFlows.post(http, TriageFlows.sampleInVersion("1." + i)).get("id").asText());
        }
        List<String> all = TriageFlows.allPages(http, "/api/reports", "reports", 3);
        assertEquals(new HashSet<>(posted), new HashSet<>(all));
        List<String> newestFirst = new ArrayList<>(posted);
        java.util.Collections.reverse(newestFirst);
        // Reports posted one after the other arrive in order (ties on the millisecond are ordered by id).
        assertEquals(sortedLike(newestFirst, all), all);

        // A new report between page 1 and page 2 moves nothing: page 2 goes on where page 1 ended.
        JsonNode page1 = http.get("/api/reports?limit=3").json();
        String late = TriageFlows.post(http, TriageFlows.sampleInVersion("9.9")).get("id").asText();
        JsonNode page2 = http.get("/api/reports?limit=3&cursor=" + page1.get("next_cursor").asText()).json();
        Set<String> seen = new HashSet<>();
        page1.get("reports").forEach(n -> seen.add(n.get("id").asText()));
        page2.get("reports").forEach(n -> assertTrue(seen.add(n.get("id").asText()), "shown twice: " + n));
        assertTrue(!seen.contains(late));
        assertEquals(all.subList(0, 6), ids(page1, page2));
    }

    @Test
    void groupsAndReportsFilterByStatusVersionOsDeviceExceptionTimeAndFrameText() throws Exception {
        JsonNode crash = TriageFlows.post(http, TestData.bytes("reports/apple/arm64e-pac.crash"));
        JsonNode ips = TriageFlows.post(http, TestData.bytes("reports/apple/ios-arm64.ips"));
        JsonNode ks = TriageFlows.post(http, TestData.bytes("third-party/kscrash/example-reports/Abort.json"));
        JsonNode sentry = TriageFlows.post(http, TestData.bytes("third-party/sentry-crashprobe/release-arm64/Call abort().json"));
        String ksGroup = ks.get("group").asText();
        TriageFlows.setStatus(http, ksGroup, "{\"status\": \"ignored\"}");

        assertEquals(List.of(ksGroup), groupIds("status=ignored"));
        assertTrue(!groupIds("status=open").contains(ksGroup));
        assertEquals(List.of(ips.get("group").asText()), groupIds("device=iPhone14%2C5"));
        assertEquals(List.of(crash.get("group").asText()), groupIds("os=" + enc("macOS 14.1 (23B74)")));
        assertEquals(List.of(ips.get("group").asText()), groupIds("version=" + enc("1.0 (1)")));
        assertEquals(List.of(), groupIds("version=7.7"));
        assertEquals(List.of(sentry.get("group").asText()),
                groupIds("exception=" + enc(sentry.get("exception").asText()) + "&device=iPhone9%2C4"));
        assertEquals(4, groupIds("since=2000-01-01").size());
        assertEquals(List.of(), groupIds("until=2000-01-01T00:00:00Z"));

        assertEquals(List.of(ips.get("id").asText()), reportIds("device=iPhone14%2C5"));
        assertEquals(List.of(crash.get("id").asText()), reportIds("version=" + enc("1 (1.0)")));
        assertEquals(List.of(ks.get("id").asText()), reportIds("os=" + enc("iPhone OS 4.3.3 (8J2)")));
        String exception = sentry.get("exception").asText();
        List<String> sameException = reportIds("exception=" + enc(exception));
        assertTrue(sameException.contains(sentry.get("id").asText()), sameException.toString());
        for (String id : sameException) {
            assertEquals(exception, http.get("/api/reports/" + id).json().get("exception").asText());
        }
        assertEquals(List.of(sentry.get("id").asText()), reportIds("exception=" + enc(exception) + "&device=iPhone9%2C4"
                + "&since=2017-01-01"));
        assertEquals(4, reportIds("status=partial").size() + reportIds("status=symbolicated").size());
        assertEquals(List.of(), reportIds("until=2000-01-01"));

        // q: text in function names, case-insensitive; '%' and '_' are literal.
        String frame = firstNamedFrame(ks);
        assertTrue(reportIds("q=" + enc(frame.toUpperCase(java.util.Locale.ROOT))).contains(ks.get("id").asText()), frame);
        assertEquals(List.of(), reportIds("q=%25%25no_such_function%25"));
        JsonNode ksGroupDoc = http.get("/api/groups/" + ksGroup).json();
        String signatureFrame = ksGroupDoc.get("frames").get(0).asText();
        assertTrue(groupIds("q=" + enc(signatureFrame)).contains(ksGroup), signatureFrame);

        Map<String, String> bad = Map.of(
                "/api/groups?status=pending", "status must be one of open, resolved, ignored, regressed",
                "/api/reports?status=open", "status must be one of pending",
                "/api/reports?cursor=bm9wZQ", "cursor is not one this server gave",
                "/api/groups?since=yesterday", "since must be an ISO-8601 time",
                "/api/groups?until=x", "until must be",
                "/api/reports?offset=10", "offset is replaced by cursor",
                "/api/reports?limit=0", "limit must be between 1 and 1000",
                "/api/groups?q=" + "x".repeat(201), "q longer than 200 characters");
        for (Map.Entry<String, String> b : bad.entrySet()) {
            Http.Response r = http.get(b.getKey());
            assertEquals(400, r.status(), b.getKey() + ": " + r.body());
            assertTrue(r.json().get("error").asText().contains(b.getValue()), b.getKey() + ": " + r.body());
        }
    }

    @Test
    void groupsPageByCursorAndAReportThatMovesGroupLeavesNoCountBehind() throws Exception {
        for (String f : List.of("reports/apple/arm64e-pac.crash", "reports/apple/ios-arm64.ips",
                "third-party/kscrash/example-reports/Abort.json", "reports/crash/synthetic-macos12-tabs.crash",
                "third-party/sentry-crashprobe/release-arm64/Call abort().json")) {
            TriageFlows.post(http, TestData.bytes(f));
        }
        List<String> groups = TriageFlows.allPages(http, "/api/groups", "groups", 2);
        assertEquals(TriageFlows.allPages(http, "/api/groups", "groups", 1000), groups);
        assertTrue(groups.size() >= 4, groups.toString());

        // Unsymbolicated, the sample groups by addresses; once its dSYM is there it moves to its named group.
        JsonNode before = TriageFlows.post(http, TriageFlows.sampleInVersion("3.0"));
        String unnamed = before.get("group").asText();
        assertEquals(1, http.get("/api/groups/" + unnamed).json().get("count").asInt());
        Http.Response dsym = http.post("/api/debug-files?name=App-arm64.dSYM.zip",
                TestData.zip(TestData.path("macho/App-arm64.dSYM")));
        assertEquals(201, dsym.status(), dsym.body());
        JsonNode after = null;
        for (int i = 0; i < 600; i++) {
            after = http.get("/api/reports/" + before.get("id").asText()).json();
            if (!after.get("group").asText().equals(unnamed) && !after.get("status").asText().equals("pending")) {
                break;
            }
            Thread.sleep(50);
        }
        String named = after.get("group").asText();
        assertTrue(!named.equals(unnamed), "regrouped once named");
        assertEquals(404, http.get("/api/groups/" + unnamed).status(), "the emptied group is gone from the lists");
        assertTrue(!TriageFlows.allPages(http, "/api/groups", "groups", 3).contains(unnamed));
        JsonNode g = http.get("/api/groups/" + named).json();
        assertEquals(1, g.get("count").asInt(), g.toString());
        assertEquals("3.0", g.get("version_counts").get(0).get("version").asText());
        assertEquals(List.of(before.get("id").asText()), reportIds("group=" + named));
    }

    private static String firstNamedFrame(JsonNode report) {
        for (JsonNode t : report.get("symbolicated").get("threads")) {
            if (t.path("crashed").asBoolean()) {
                for (JsonNode f : t.get("frames")) {
                    if (f.path("symbol").isTextual()) {
                        return f.get("symbol").asText();
                    }
                    if (f.path("reported").path("symbol").isTextual()) {
                        return f.get("reported").get("symbol").asText();
                    }
                }
            }
        }
        throw new AssertionError("no named frame in " + report);
    }

    private List<String> groupIds(String query) throws Exception {
        return TriageFlows.allPages(http, "/api/groups?" + query, "groups", 1000);
    }

    private List<String> reportIds(String query) throws Exception {
        return TriageFlows.allPages(http, "/api/reports?" + query, "reports", 1000);
    }

    private static List<String> ids(JsonNode... pages) {
        List<String> out = new ArrayList<>();
        for (JsonNode p : pages) {
            p.get("reports").forEach(n -> out.add(n.get("id").asText()));
        }
        return out;
    }

    /** {@code order} except that reports received in the same millisecond may come in id order. */
    private List<String> sortedLike(List<String> order, List<String> actual) throws Exception {
        List<String> out = new ArrayList<>(order);
        Map<String, Long> received = new java.util.HashMap<>();
        for (String id : order) {
            received.put(id, java.time.Instant.parse(http.get("/api/reports/" + id).json().get("received_at").asText())
                    .toEpochMilli());
        }
        out.sort((a, b) -> received.get(a).equals(received.get(b)) ? b.compareTo(a)
                : Long.compare(received.get(b), received.get(a)));
        return out;
    }

    private static String text(JsonNode n, String field) {
        return n.get(field) == null || n.get(field).isNull() ? null : n.get(field).asText();
    }

    private static String enc(String v) {
        return URLEncoder.encode(v, StandardCharsets.UTF_8);
    }
}
