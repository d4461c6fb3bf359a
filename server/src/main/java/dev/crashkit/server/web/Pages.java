package dev.crashkit.server.web;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.server.store.Groups;
import dev.crashkit.server.store.ReportStore;
import dev.crashkit.server.store.Search;
import dev.crashkit.server.store.Triage;
import dev.crashkit.server.web.view.Views;
import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.UploadedFile;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The server-rendered pages (JTE templates compiled at build time); no JavaScript. */
final class Pages {
    private final Services s;
    private final Auth auth;
    private final TemplateEngine engine = TemplateEngine.createPrecompiled(ContentType.Html);

    /** A page was asked for without the token: the sign-in form answers instead. */
    private static final class LoginRequired extends RuntimeException {
        LoginRequired() {
            super(null, null, false, false);
        }
    }

    private final Api api;
    /** Rows per page of a list. */
    static final int PAGE = 50;
    /** Choices offered per filter (the most frequent values). */
    static final int CHOICES = 100;

    Pages(Services services, Auth auth, Api api) {
        this.s = services;
        this.auth = auth;
        this.api = api;
    }

    void register(Javalin app) {
        for (String path : List.of("/", "/groups/*", "/reports", "/reports/*", "/missing", "/upload")) {
            app.before(path, ctx -> {
                if (!auth.pageOk(ctx)) {
                    throw new LoginRequired();
                }
            });
        }
        app.exception(LoginRequired.class, (e, ctx) -> render(ctx, 401, "login.jte", new Views.LoginPage(false)));
        app.get("/login", ctx -> render(ctx, 200, "login.jte", new Views.LoginPage(false)));
        app.post("/login", ctx -> {
            if (auth.login(ctx, ctx.formParam("token"))) {
                ctx.redirect("/");
            } else {
                render(ctx, 401, "login.jte", new Views.LoginPage(true));
            }
        });
        app.get("/", this::groups);
        app.get("/groups/{id}", this::group);
        app.post("/groups/{id}/status", this::status);
        app.get("/reports", this::reports);
        app.get("/reports/{id}", this::report);
        app.get("/missing", ctx -> render(ctx, 200, "missing.jte",
                missingPage(Optional.empty(), Optional.empty())));
        app.post("/upload", this::upload);
    }

    /** The groups list: filters, and a page of {@link #PAGE} groups with a link to the next. */
    private void groups(Context ctx) throws IOException {
        long now = System.currentTimeMillis();
        Paging.Request req = Paging.groups(ctx, PAGE);
        Search.Page<Groups.Group> page = s.search().groups(req.filter(), req.limit(), req.cursor());
        List<Views.GroupRow> rows = new ArrayList<>();
        for (Groups.Group g : page.items()) {
            rows.add(row(g, s.groups().perDay(g.id(), 14, now)));
        }
        render(ctx, 200, "groups.jte", new Views.GroupsPage(rows, s.queue().depth(),
                filters("/", req, Triage.STATUSES), page.next().map(req::nextQuery)));
    }

    /** Every report, filtered and paged as the groups are. */
    private void reports(Context ctx) throws IOException {
        Paging.Request req = Paging.reports(ctx, PAGE);
        Search.Page<ReportStore.Report> page = s.search().reports(req.filter(), req.limit(), req.cursor());
        List<Views.ReportRow> rows = new ArrayList<>();
        for (ReportStore.Report r : page.items()) {
            rows.add(reportRow(r));
        }
        render(ctx, 200, "reports.jte", new Views.ReportsPage(rows,
                filters("/reports", req, List.of("pending", "symbolicated", "partial", "failed")),
                page.next().map(req::nextQuery)));
    }

    private Views.Filters filters(String action, Paging.Request req, List<String> statuses) throws IOException {
        Map<String, String> g = req.given();
        List<String> status = new ArrayList<>(List.of(""));
        status.addAll(statuses);
        return new Views.Filters(action, g.getOrDefault("status", ""), g.getOrDefault("version", ""),
                g.getOrDefault("os", ""), g.getOrDefault("device", ""), g.getOrDefault("exception", ""),
                g.getOrDefault("q", ""), g.getOrDefault("since", ""), g.getOrDefault("until", ""), status,
                values("version"), values("os"), values("device"));
    }

    private List<String> values(String dim) throws IOException {
        List<String> out = new ArrayList<>();
        for (Groups.Facet f : s.groups().values(dim, CHOICES)) {
            out.add(f.value());
        }
        return out;
    }

    private void group(Context ctx) throws IOException {
        group(ctx, 200, Optional.empty());
    }

    /** A group: status buttons, per-version chart, activity, and its reports a page at a time. */
    private void group(Context ctx, int status, Optional<String> error) throws IOException {
        Groups.Group g = s.groups().get(ctx.pathParam("id")).orElseThrow(() -> new ApiError(404, "no such group"));
        long now = System.currentTimeMillis();
        Paging.Request req = Paging.reports(ctx, PAGE);
        Search.Page<ReportStore.Report> page = s.search().reports(req.filter().withGroup(g.id()), req.limit(),
                req.cursor());
        List<Views.ReportRow> reports = new ArrayList<>();
        for (ReportStore.Report r : page.items()) {
            reports.add(reportRow(r));
        }
        List<String> frames = new ArrayList<>();
        Api.JSON.readTree(g.framesJson()).forEach(f -> frames.add(f.asText()));
        List<Groups.Day> days = s.groups().perDay(g.id(), 30, now);
        List<Groups.Facet> versions = s.groups().facets(g.id(), "version");
        long widest = versions.stream().mapToLong(Groups.Facet::reports).max().orElse(1);
        List<Views.VersionBar> bars = new ArrayList<>();
        for (Groups.Facet f : versions) {
            bars.add(new Views.VersionBar(f.value(), Paging.encode(f.value()), f.reports(), (int) Math.max(1, Math.round(100.0 * f.reports() / widest))));
        }
        List<Views.ActivityRow> activity = new ArrayList<>();
        for (Triage.Activity a : s.triage().activity(g.id(), GroupsApi.ACTIVITY)) {
            activity.add(new Views.ActivityRow(Times.show(a.at()), a.kind(), ActivityText.of(a.kind(),
                    Api.JSON.readTree(a.detail())), a.reportId()));
        }
        render(ctx, status, "group.jte", new Views.GroupPage(row(g, days), g.exception(), frames, reports, bars(days),
                g.resolvedInVersion(), bars, activity, page.next().map(req::nextQuery), error));
    }

    /** The status buttons' form: changes the status, then shows the group again (a reload does not post twice). */
    private void status(Context ctx) throws IOException {
        String id = ctx.pathParam("id");
        String inVersion = Optional.ofNullable(ctx.formParam("in_version")).map(String::strip).orElse("");
        try {
            new GroupsApi(s).change(id, Optional.ofNullable(ctx.formParam("status")).orElse(""),
                    inVersion.isEmpty() ? Optional.empty() : Optional.of(inVersion));
        } catch (ApiError e) {
            if (e.status == 404) {
                throw e;
            }
            group(ctx, e.status, Optional.of(e.getMessage()));
            return;
        }
        ctx.redirect("/groups/" + Paging.encode(id), io.javalin.http.HttpStatus.SEE_OTHER);
    }

    private void report(Context ctx) throws IOException {
        String id = ctx.pathParam("id");
        ReportStore.Report r = s.reports().report(id).orElseThrow(() -> new ApiError(404, "no such report"));
        Optional<String> title = Optional.empty();
        if (r.group().isPresent()) {
            title = s.groups().get(r.group().get()).map(Groups.Group::title);
        }
        List<Views.MissingRow> missing = new ArrayList<>();
        List<Views.MissingRow> missingSystem = new ArrayList<>();
        for (ReportStore.Waiting w : s.reports().missing(id)) {
            if (w.system()) {
                missingSystem.add(new Views.MissingRow(w.debugId(), w.imageName(), w.arch(), 1, w.frames(),
                        Optional.of(SystemSymbols.how(w.imageName(), w.debugId()))));
            } else {
                missing.add(new Views.MissingRow(w.debugId(), w.imageName(), w.arch(), 1, w.frames(), Optional.empty()));
            }
        }
        List<Views.ThreadView> threads = List.of();
        Optional<ReportStore.Result> result = s.reports().result(id);
        if (result.isPresent()) {
            threads = ThreadLines.threads(Api.JSON.readTree(result.get().symbolicated()),
                    Api.JSON.readTree(result.get().appImages()));
        }
        Optional<String> javaException = s.reports().body(id).flatMap(b -> s.symbolicator().javaExceptionOf(b));
        render(ctx, 200, "report.jte", new Views.ReportPage(reportRow(r), r.group(), title, r.error(), javaException,
                missing, missingSystem, threads));
    }

    private void upload(Context ctx) throws IOException {
        UploadedFile f = ctx.uploadedFile("file");
        if (f == null) {
            render(ctx, 400, "missing.jte", missingPage(Optional.empty(),
                    Optional.of("choose a file to upload")));
            return;
        }
        try (InputStream in = f.content()) {
            JsonNode out = api.debugFileUpload(in, f.size(), f.filename());
            List<String> ids = new ArrayList<>();
            out.get("ids").forEach(i -> ids.add(i.get("id").asText() + " (" + i.get("arch").asText() + ")"));
            String msg = f.filename() + ": " + String.join(", ", ids) + "; " + out.get("reports_queued").asInt()
                    + " waiting report(s) queued";
            render(ctx, 201, "missing.jte", missingPage(Optional.of(msg), Optional.empty()));
        } catch (ApiError e) {
            render(ctx, e.status, "missing.jte", missingPage(Optional.empty(),
                    Optional.of(f.filename() + ": " + e.getMessage())));
        }
    }

    /** The /missing page: the app's debug files to upload, and apart the system's with where to get them. */
    private Views.MissingPage missingPage(Optional<String> message, Optional<String> error) throws IOException {
        List<Views.MissingRow> app = new ArrayList<>();
        List<Views.MissingRow> system = new ArrayList<>();
        for (Groups.MissingFile m : s.groups().missingFiles()) {
            if (m.system()) {
                system.add(new Views.MissingRow(m.debugId(), m.imageName(), m.arch(), m.reports(), m.frames(),
                        Optional.of(SystemSymbols.how(m.imageName(), m.debugId()))));
            } else {
                app.add(new Views.MissingRow(m.debugId(), m.imageName(), m.arch(), m.reports(), m.frames(),
                        Optional.empty()));
            }
        }
        return new Views.MissingPage(app, system, message, error);
    }

    private static Views.GroupRow row(Groups.Group g, List<Groups.Day> days) {
        return new Views.GroupRow(g.id(), g.title(), g.count(), Times.show(g.firstSeen()), Times.show(g.lastSeen()),
                g.versions(), bars(days), g.status(), g.users());
    }

    private static Views.ReportRow reportRow(ReportStore.Report r) {
        return new Views.ReportRow(r.id(), r.status(), r.format(), Times.show(r.receivedAt()), r.appVersion().orElse("—"),
                r.dimensions().os().orElse("—"), r.dimensions().device().orElse("—"),
                r.dimensions().crashTime().isPresent() ? Times.show(r.dimensions().crashTime().getAsLong()) : "—");
    }

    static List<Views.Bar> bars(List<Groups.Day> days) {
        long max = days.stream().mapToLong(Groups.Day::count).max().orElse(0);
        List<Views.Bar> out = new ArrayList<>();
        for (int i = 0; i < days.size(); i++) {
            Groups.Day d = days.get(i);
            int h = max == 0 ? 1 : (int) Math.max(1, Math.round(d.count() * (double) Views.CHART_HEIGHT / max));
            out.add(new Views.Bar(i * 6, h, java.time.LocalDate.ofEpochDay(d.day()) + ": " + d.count()));
        }
        return out;
    }

    private void render(Context ctx, int status, String template, Object model) {
        StringOutput out = new StringOutput();
        engine.render(template, Map.of("page", model), out);
        ctx.status(status).html(out.toString());
    }
}
