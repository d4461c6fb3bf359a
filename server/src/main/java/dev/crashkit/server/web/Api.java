package dev.crashkit.server.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.server.store.DebugFileStore;
import dev.crashkit.server.store.Groups;
import dev.crashkit.server.store.ReportStore;
import dev.crashkit.server.symbolication.BadInputException;
import dev.crashkit.server.symbolication.DebugFiles;
import dev.crashkit.server.symbolication.ReportSymbolicator;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** The JSON API under /api, plus /healthz and /metrics. */
final class Api {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final String ID_HEADER = "X-Crashkit-Report-Id";

    private final Services s;
    private final MemoryBudget budget;

    Api(Services services, MemoryBudget budget) {
        this.s = services;
        this.budget = budget;
    }

    void register(Javalin app) {
        app.post("/api/reports", this::postReport);
        new GroupsApi(s).register(app); // GET /api/groups, /api/reports, /api/groups/{id}, its status
        app.get("/api/reports/{id}", this::getReport);
        app.post("/api/debug-files", ctx -> {
            String name = Optional.ofNullable(ctx.queryParam("name")).orElse("upload");
            json(ctx, 201, debugFileUpload(ctx.req().getInputStream(), ctx.contentLength(), name));
        });
        app.get("/api/missing-debug-files", ctx -> {
            ArrayNode out = JSON.createArrayNode();
            for (Groups.MissingFile m : s.groups().missingFiles()) {
                out.addObject().put("debug_id", m.debugId()).put("image", m.imageName())
                        .put("arch", m.arch().isEmpty() ? null : m.arch()).put("reports", m.reports())
                        .put("frames", m.frames());
            }
            json(ctx, 200, out);
        });
        app.get("/healthz", ctx -> {
            s.queue().depth(); // the database answers
            ctx.contentType("text/plain").result("ok\n");
        });
        app.get("/metrics", ctx -> ctx.contentType("text/plain; version=0.0.4")
                .result(s.metrics().prometheus(s.queue().depth())));
    }

    private void postReport(Context ctx) throws IOException {
        try (Bodies.Held held = Bodies.read(ctx, s.limits().maxReportBytes(), "report", budget)) {
            postReport(ctx, held.bytes);
        } catch (ApiError e) {
            if (e.status != 503) {
                s.metrics().rejected();
            }
            throw e;
        }
    }

    private void postReport(Context ctx, byte[] body) throws IOException {
        List<ReportSymbolicator.Part> parts;
        try {
            parts = s.symbolicator().checkAll(body);
        } catch (BadInputException e) {
            throw new ApiError(400, e.getMessage());
        }
        Optional<String> clientId = Optional.ofNullable(ctx.header(ID_HEADER)).map(String::strip)
                .filter(v -> !v.isEmpty());
        if (clientId.isPresent() && clientId.get().length() > 200) {
            throw new ApiError(400, ID_HEADER + " longer than 200 characters");
        }
        // A multi-report upload (a MetricKit payload) becomes one stored report per part; a retry of
        // it with the same client id finds each part again by "ID PART" instead of storing it twice.
        List<ReportStore.Ingested> stored = new ArrayList<>(parts.size());
        long now = System.currentTimeMillis();
        for (ReportSymbolicator.Part p : parts) {
            Optional<String> partId = p.part().isEmpty() ? clientId : clientId.map(id -> id + " " + p.part().get());
            ReportStore.Ingested in = s.reports().ingest(p.body(), sha256(p.body()), p.checked().format(),
                    p.checked().dimensions(), partId, now);
            if (in.created()) {
                s.metrics().received();
            } else {
                s.metrics().duplicate();
            }
            stored.add(in);
        }
        boolean created = stored.stream().anyMatch(ReportStore.Ingested::created);
        if (created) {
            s.workers().wake();
        }
        ObjectNode out = JSON.createObjectNode().put("id", stored.get(0).id());
        if (parts.size() > 1 || parts.get(0).part().isPresent()) {
            ArrayNode ids = out.putArray("ids");
            for (ReportStore.Ingested in : stored) {
                ids.add(in.id());
            }
        }
        json(ctx, created ? 201 : 200, out);
    }

    /** Stores an uploaded debug file, indexes it and queues the reports that waited for it. */
    ObjectNode debugFileUpload(InputStream in, long declared, String name) throws IOException {
        long limit = s.limits().maxDebugFileBytes();
        if (declared > limit) {
            throw new ApiError(413, "debug file larger than the limit of " + limit + " bytes");
        }
        DebugFileStore.Staged staged;
        try {
            staged = s.debugFileStore().stage(in, limit);
        } catch (DebugFileStore.TooLarge e) {
            throw new ApiError(413, e.getMessage());
        }
        if (staged.size() == 0) {
            Files.deleteIfExists(staged.file());
            throw new ApiError(400, "empty body");
        }
        List<DebugFiles.Identity> ids;
        try {
            ids = s.debugFiles().identify(staged.file());
        } catch (BadInputException e) {
            Files.deleteIfExists(staged.file());
            throw new ApiError(400, e.getMessage());
        }
        Path stored = s.debugFileStore().keep(staged, name);
        List<DebugFileStore.Id> rows = new ArrayList<>();
        List<String> debugIds = new ArrayList<>();
        for (DebugFiles.Identity id : ids) {
            rows.add(new DebugFileStore.Id(id.debugId(), id.arch(), id.member(), id.debugInfo()));
            if (!debugIds.contains(id.debugId())) {
                debugIds.add(id.debugId());
            }
        }
        long now = System.currentTimeMillis();
        s.debugFileStore().record(staged, name, rows, now);
        // New index first, then the re-queue: a report queued now is symbolicated with the new file.
        s.debugFiles().reload();
        int queued = s.results().requeueWaitingFor(debugIds, now);
        s.metrics().debugFile();
        s.workers().wake();
        ObjectNode out = JSON.createObjectNode();
        out.put("sha256", staged.sha256()).put("name", stored.getFileName().toString()).put("size", staged.size());
        ArrayNode list = out.putArray("ids");
        for (DebugFiles.Identity id : ids) {
            ObjectNode o = list.addObject().put("id", id.debugId()).put("arch", id.arch()).put("debug_info", id.debugInfo());
            if (!id.member().isEmpty()) {
                o.put("member", id.member());
            }
        }
        out.put("reports_queued", queued);
        return out;
    }

    private void getReport(Context ctx) throws IOException {
        String id = ctx.pathParam("id");
        ReportStore.Report r = s.reports().report(id).orElseThrow(() -> new ApiError(404, "no such report"));
        ObjectNode out = report(r);
        ArrayNode missing = out.putArray("missing");
        for (String m : s.reports().missing(id)) {
            missing.add(m);
        }
        Optional<ReportStore.Result> result = s.reports().result(id);
        if (result.isPresent()) {
            out.set("symbolicated", JSON.readTree(result.get().symbolicated()));
        } else {
            out.putNull("symbolicated");
        }
        json(ctx, 200, out);
    }

    static ObjectNode report(ReportStore.Report r) {
        ObjectNode n = JSON.createObjectNode();
        n.put("id", r.id()).put("status", r.status()).put("group", r.group().orElse(null))
                .put("format", r.format()).put("size", r.size())
                .put("received_at", java.time.Instant.ofEpochMilli(r.receivedAt()).toString())
                .put("app_version", r.appVersion().orElse(null)).put("error", r.error().orElse(null));
        if (r.symbolicatedAt().isPresent()) {
            n.put("symbolicated_at", java.time.Instant.ofEpochMilli(r.symbolicatedAt().getAsLong()).toString());
        }
        n.put("os", r.dimensions().os().orElse(null)).put("device", r.dimensions().device().orElse(null))
                .put("crash_time", r.dimensions().crashTime().isPresent()
                        ? java.time.Instant.ofEpochMilli(r.dimensions().crashTime().getAsLong()).toString() : null)
                .put("exception", r.exception().orElse(null)).put("project", r.project().orElse(null));
        return n;
    }

    static void json(Context ctx, int status, JsonNode body) throws IOException {
        ctx.status(status).contentType("application/json").result(JSON.writeValueAsString(body));
    }

    static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }
}
