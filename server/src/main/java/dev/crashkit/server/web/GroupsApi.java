package dev.crashkit.server.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.server.store.Groups;
import dev.crashkit.server.store.ReportStore;
import dev.crashkit.server.store.Search;
import dev.crashkit.server.store.Triage;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.io.IOException;
import java.time.Instant;
import java.util.Optional;

/**
 * Search, paging and triage in the API: {@code GET /api/groups}, {@code GET /api/reports} (filtered,
 * keyset-paged: {@code {"groups"|"reports": [...], "next_cursor": ...}}), {@code GET /api/groups/{id}}
 * with its versions and activity, and {@code POST /api/groups/{id}/status}.
 */
final class GroupsApi {
    /** Activity entries a group answers with (the newest). */
    static final int ACTIVITY = 200;

    private final Services s;

    GroupsApi(Services services) {
        this.s = services;
    }

    void register(Javalin app) {
        app.get("/api/groups", this::listGroups);
        app.get("/api/reports", this::listReports);
        app.get("/api/groups/{id}", this::getGroup);
        app.post("/api/groups/{id}/status", this::setStatus);
    }

    private void listGroups(Context ctx) throws IOException {
        Paging.Request req = Paging.groups(ctx, 50);
        Search.Page<Groups.Group> page = s.search().groups(req.filter(), req.limit(), req.cursor());
        ObjectNode out = Api.JSON.createObjectNode();
        ArrayNode list = out.putArray("groups");
        for (Groups.Group g : page.items()) {
            list.add(group(g));
        }
        next(out, page);
        Api.json(ctx, 200, out);
    }

    private void listReports(Context ctx) throws IOException {
        Paging.Request req = Paging.reports(ctx, 50);
        Search.Page<ReportStore.Report> page = s.search().reports(req.filter(), req.limit(), req.cursor());
        ObjectNode out = Api.JSON.createObjectNode();
        ArrayNode list = out.putArray("reports");
        for (ReportStore.Report r : page.items()) {
            list.add(Api.report(r));
        }
        next(out, page);
        Api.json(ctx, 200, out);
    }

    private void getGroup(Context ctx) throws IOException {
        Api.json(ctx, 200, groupDetail(ctx.pathParam("id")));
    }

    private ObjectNode groupDetail(String id) throws IOException {
        Groups.Group g = s.groups().get(id).orElseThrow(() -> new ApiError(404, "no such group"));
        ObjectNode n = group(g);
        ArrayNode perVersion = n.putArray("version_counts");
        for (Groups.Facet f : s.groups().facets(g.id(), "version")) {
            perVersion.addObject().put("version", f.value()).put("reports", f.reports());
        }
        for (String dim : new String[] {"os", "device"}) {
            ArrayNode a = n.putArray(dim + "_counts");
            for (Groups.Facet f : s.groups().facets(g.id(), dim)) {
                a.addObject().put(dim, f.value()).put("reports", f.reports());
            }
        }
        ArrayNode days = n.putArray("per_day");
        for (Groups.Day d : s.groups().perDay(g.id(), 30, System.currentTimeMillis())) {
            days.addObject().put("day", java.time.LocalDate.ofEpochDay(d.day()).toString()).put("count", d.count());
        }
        ArrayNode activity = n.putArray("activity");
        for (Triage.Activity a : s.triage().activity(g.id(), ACTIVITY)) {
            ObjectNode e = activity.addObject().put("at", Instant.ofEpochMilli(a.at()).toString()).put("kind", a.kind());
            a.reportId().ifPresent(r -> e.put("report", r));
            JsonNode detail = Api.JSON.readTree(a.detail());
            detail.fields().forEachRemaining(f -> e.set(f.getKey(), f.getValue()));
        }
        return n;
    }

    private void setStatus(Context ctx) throws IOException {
        JsonNode body;
        try {
            body = Api.JSON.readTree(ctx.bodyAsBytes());
        } catch (IOException e) {
            throw new ApiError(400, "body is not JSON: expected {\"status\": \"resolved\", \"in_version\": \"1.1\"}");
        }
        if (body == null || !body.isObject() || !body.path("status").isTextual()) {
            throw new ApiError(400, "expected {\"status\": \"open\" | \"resolved\" | \"ignored\", \"in_version\": \"1.1\"}");
        }
        JsonNode v = body.get("in_version");
        if (v != null && !v.isNull() && !v.isTextual()) {
            throw new ApiError(400, "in_version must be a string");
        }
        Optional<String> inVersion = v == null || v.isNull() || v.asText().isBlank() ? Optional.empty()
                : Optional.of(v.asText().strip());
        String id = ctx.pathParam("id");
        change(id, body.get("status").asText(), inVersion);
        Api.json(ctx, 200, groupDetail(id));
    }

    /** Sets a group's status (the API and the page's buttons); 404 when there is no such group. */
    void change(String id, String status, Optional<String> inVersion) throws IOException {
        if (s.groups().get(id).isEmpty()) {
            throw new ApiError(404, "no such group");
        }
        try {
            if (s.triage().setStatus(id, status, inVersion, System.currentTimeMillis()).isEmpty()) {
                throw new ApiError(404, "no such group");
            }
        } catch (Triage.BadStatus e) {
            throw new ApiError(400, e.getMessage());
        }
    }

    private static void next(ObjectNode out, Search.Page<?> page) {
        if (page.next().isPresent()) {
            out.put("next_cursor", page.next().get().encode());
        } else {
            out.putNull("next_cursor");
        }
    }

    static ObjectNode group(Groups.Group g) throws IOException {
        ObjectNode n = Api.JSON.createObjectNode();
        n.put("id", g.id()).put("title", g.title()).put("exception", g.exception()).put("status", g.status())
                .put("resolved_in_version", g.resolvedInVersion().orElse(null)).put("count", g.count())
                .put("removed_reports", g.removed()).put("users", g.users())
                .put("first_seen", Instant.ofEpochMilli(g.firstSeen()).toString())
                .put("last_seen", Instant.ofEpochMilli(g.lastSeen()).toString())
                .put("first_version", g.firstVersion().orElse(null))
                .put("last_version", g.lastVersion().orElse(null));
        n.set("frames", Api.JSON.readTree(g.framesJson()));
        ArrayNode v = n.putArray("versions");
        g.versions().forEach(v::add);
        return n;
    }
}
