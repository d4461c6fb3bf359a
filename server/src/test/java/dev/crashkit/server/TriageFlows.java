package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Workflows the triage tests run on SQLite and on PostgreSQL alike, through the HTTP API. */
final class TriageFlows {
    private TriageFlows() {
    }

    /** testdata's crashreport/1 sample with {@code process.app_version} set: the same crash, another version. */
    static byte[] sampleInVersion(String version) throws Exception {
        ObjectNode doc = (ObjectNode) Http.JSON.readTree(TestData.bytes("reports/sample-crash.json"));
        ((ObjectNode) doc.get("process")).put("app_version", version);
        return Http.JSON.writeValueAsBytes(doc);
    }

    /** Posts a report and waits until it is grouped; returns its document. */
    static JsonNode post(Http http, byte[] report) throws Exception {
        Http.Response r = http.post("/api/reports", report);
        assertEquals(201, r.status(), r.body());
        String id = r.json().get("id").asText();
        for (int i = 0; i < 1200; i++) {
            JsonNode doc = http.get("/api/reports/" + id).json();
            if (doc.get("group").isTextual() && !doc.get("status").asText().equals("pending")) {
                return doc;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("report " + id + " never grouped");
    }

    static JsonNode setStatus(Http http, String group, String body) throws Exception {
        Http.Response r = http.post("/api/groups/" + group + "/status", body.getBytes(StandardCharsets.UTF_8),
                "Content-Type", "application/json");
        assertEquals(200, r.status(), r.body());
        return r.json();
    }

    /**
     * Resolved in 1.1: a 1.0 report leaves it resolved, a 1.1 (5) report regresses it; ignored stays ignored;
     * resolved now regresses on the next report. Every change is in the activity log.
     */
    static void resolveInVersionThenRegress(Http http) throws Exception {
        JsonNode first = post(http, sampleInVersion("1.0"));
        String group = first.get("group").asText();
        JsonNode g = http.get("/api/groups/" + group).json();
        assertEquals("open", g.get("status").asText());
        assertEquals("1.0", g.get("first_version").asText());

        JsonNode resolved = setStatus(http, group, "{\"status\": \"resolved\", \"in_version\": \"1.1\"}");
        assertEquals("resolved", resolved.get("status").asText(), resolved.toString());
        assertEquals("1.1", resolved.get("resolved_in_version").asText());

        post(http, sampleInVersion("1.0.9")); // an old install: below 1.1, expected
        g = http.get("/api/groups/" + group).json();
        assertEquals("resolved", g.get("status").asText(), g.toString());
        assertEquals(2, g.get("count").asInt());

        JsonNode regressing = post(http, sampleInVersion("1.1 (5)"));
        g = http.get("/api/groups/" + group).json();
        assertEquals("regressed", g.get("status").asText(), g.toString());
        assertEquals("1.0", g.get("first_version").asText());
        assertEquals("1.1 (5)", g.get("last_version").asText());
        List<String> versions = new ArrayList<>();
        for (JsonNode v : g.get("version_counts")) {
            versions.add(v.get("version").asText() + "=" + v.get("reports").asInt());
        }
        assertEquals(List.of("1.0=1", "1.0.9=1", "1.1 (5)=1"), versions);
        List<String> kinds = new ArrayList<>();
        for (JsonNode a : g.get("activity")) {
            kinds.add(a.get("kind").asText());
        }
        assertEquals(List.of("created", "status", "new_version", "new_version", "regressed"), kinds, g.toString());
        JsonNode regressed = g.get("activity").get(4);
        assertEquals(regressing.get("id").asText(), regressed.get("report").asText());
        assertEquals("1.1 (5)", regressed.get("version").asText());
        assertEquals("1.1", regressed.get("resolved_in_version").asText());

        // Ignored: reports of any version leave it ignored.
        setStatus(http, group, "{\"status\": \"ignored\"}");
        post(http, sampleInVersion("2.0"));
        assertEquals("ignored", http.get("/api/groups/" + group).json().get("status").asText());

        // Resolved now (no version): the next report regresses it, whatever its version.
        JsonNode now = setStatus(http, group, "{\"status\": \"resolved\"}");
        assertTrue(now.get("resolved_in_version").isNull(), now.toString());
        post(http, sampleInVersion("0.9"));
        g = http.get("/api/groups/" + group).json();
        assertEquals("regressed", g.get("status").asText(), g.toString());
        assertEquals("open", setStatus(http, group, "{\"status\": \"open\"}").get("status").asText());
        assertEquals(5, http.get("/api/groups/" + group).json().get("count").asInt());
    }

    /** Pages of {@code limit} following next_cursor until the end; every row once, newest first. */
    static List<String> allPages(Http http, String path, String key, int limit) throws Exception {
        List<String> ids = new ArrayList<>();
        String cursor = null;
        for (int pages = 0; pages < 1000; pages++) {
            String sep = path.contains("?") ? "&" : "?";
            JsonNode page = http.get(path + sep + "limit=" + limit + (cursor == null ? "" : "&cursor=" + cursor)).json();
            assertTrue(page.get(key).size() <= limit, page.toString());
            page.get(key).forEach(n -> ids.add(n.get("id").asText()));
            if (page.get("next_cursor").isNull()) {
                Set<String> unique = new HashSet<>(ids);
                assertEquals(unique.size(), ids.size(), "a row shown twice: " + ids);
                return ids;
            }
            cursor = page.get("next_cursor").asText();
        }
        throw new AssertionError("paging never ended");
    }
}
