package dev.crashkit.server.web;

import dev.crashkit.server.blob.Sha256;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.server.store.Backup;
import dev.crashkit.server.store.Groups;
import dev.crashkit.server.store.ReportStore;
import dev.crashkit.server.store.Retention;
import dev.crashkit.server.worker.Cleanup;
import dev.crashkit.server.symbolication.BadInputException;
import dev.crashkit.server.symbolication.ReportSymbolicator;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** The JSON API under /api, plus /healthz and /metrics. */
final class Api {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final String ID_HEADER = "X-Crashkit-Report-Id";

    private final Services s;
    private final MemoryBudget budget;
    private final DebugFileIntake intake;
    private final ReportIntake reportIntake;
    private final KSCrashSink kscrash;

    Api(Services services, MemoryBudget budget) {
        this.s = services;
        this.budget = budget;
        this.intake = new DebugFileIntake(services);
        this.reportIntake = new ReportIntake(services);
        this.kscrash = new KSCrashSink(services, budget, reportIntake);
    }

    void register(Javalin app) {
        app.post("/api/reports", this::postReport);
        kscrash.register(app);
        new GroupsApi(s).register(app); // GET /api/groups, /api/reports, /api/groups/{id}, its status
        app.get("/api/reports/{id}", this::getReport);
        app.post("/api/debug-files", ctx -> {
            String name = Optional.ofNullable(ctx.queryParam("name")).orElse("upload");
            json(ctx, 201, debugFileUpload(ctx.req().getInputStream(), ctx.contentLength(), name));
        });
        app.get("/api/missing-debug-files", ctx -> {
            ArrayNode out = JSON.createArrayNode();
            for (Groups.MissingFile m : s.groups().missingFiles()) {
                ObjectNode o = out.addObject().put("debug_id", m.debugId()).put("image", m.imageName())
                        .put("arch", m.arch().isEmpty() ? null : m.arch()).put("reports", m.reports())
                        .put("frames", m.frames()).put("origin", m.system() ? "system" : "app");
                if (m.system()) {
                    o.put("how", SystemSymbols.how(m.imageName(), m.debugId()));
                }
            }
            json(ctx, 200, out);
        });
        app.get("/healthz", ctx -> {
            s.queue().depth(); // the database answers
            ctx.contentType("text/plain").result("ok\n");
        });
        app.post("/api/admin/cleanup", ctx -> {
            Cleanup.Run run = s.cleanup().runNow();
            Retention.Removed r = run.removed();
            json(ctx, 200, JSON.createObjectNode().put("reports_removed", r.reports())
                    .put("results_removed", r.results()).put("bytes_freed", r.bytes())
                    .put("debug_files_removed", run.debugFiles().files())
                    .put("debug_file_bytes_freed", run.debugFiles().bytes())
                    .put("blobs_deleted", run.blobsDeleted())
                    .put("orphan_blobs_found", run.orphanBlobsFound())
                    .put("orphan_blobs_deleted", run.orphanBlobsDeleted())
                    .put("partial_blobs_deleted", run.partialBlobsDeleted()));
        });
        app.get("/api/admin/backup", this::backup);
        app.get("/metrics", ctx -> ctx.contentType("text/plain; version=0.0.4")
                .result(s.metrics().prometheus(s.queue().depth())));
    }

    private void postReport(Context ctx) throws IOException {
        if (KSCrashSink.isMultipart(ctx)) {
            kscrash.post(ctx); // KSCrashReportSinkStandard's form, sent to the generic endpoint
            return;
        }
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
        List<ReportStore.Ingested> stored = reportIntake.ingest(parts, clientId, Auth.Credential.of(ctx).reportProject());
        boolean created = reportIntake.wakeIfCreated(stored);
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
        return intake.upload(in, declared, name);
    }

    /**
     * A consistent copy of the SQLite database, taken while the server runs ({@link Backup}), as the response
     * body; the copy is written under the data folder's tmp/ first and removed once sent.
     */
    private void backup(Context ctx) throws IOException {
        if (!s.jdbcUrl().startsWith("jdbc:sqlite:")) {
            throw new ApiError(400, "online backup is for SQLite; back up PostgreSQL with pg_dump (see README)");
        }
        java.nio.file.Path tmp = s.debugFileStore().folder().resolveSibling("tmp")
                .resolve("backup-" + java.util.UUID.randomUUID() + ".db");
        try {
            Backup.sqlite(s.jdbcUrl(), tmp);
            ctx.status(200).contentType("application/vnd.sqlite3")
                    .header("Content-Disposition", "attachment; filename=\"crashkit-backup.db\"");
            try (InputStream in = java.nio.file.Files.newInputStream(tmp)) {
                in.transferTo(ctx.res().getOutputStream());
            }
        } finally {
            java.nio.file.Files.deleteIfExists(tmp);
        }
    }

    private void getReport(Context ctx) throws IOException {
        String id = ctx.pathParam("id");
        ReportStore.Report r = s.reports().report(id).orElseThrow(() -> new ApiError(404, "no such report"));
        ObjectNode out = report(r);
        // The app's images keep a report partial; the system's are listed apart, with where to get them.
        ArrayNode missing = out.putArray("missing");
        ArrayNode system = out.putArray("missing_system");
        for (ReportStore.Waiting m : s.reports().missing(id)) {
            if (m.system()) {
                system.addObject().put("debug_id", m.debugId()).put("image", m.imageName())
                        .put("arch", m.arch().isEmpty() ? null : m.arch()).put("frames", m.frames())
                        .put("how", SystemSymbols.how(m.imageName(), m.debugId()));
            } else {
                missing.add(m.debugId());
            }
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
        return Sha256.of(data);
    }
}
