package dev.crashkit.server.web;

import dev.crashkit.server.store.Outbox;
import dev.crashkit.server.store.Projects;
import dev.crashkit.server.store.Webhooks;
import dev.crashkit.server.web.view.ProjectsView;
import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The projects page: each project's DSN and minidump URL, and its alert settings (webhooks, spike rule) with
 * the newest deliveries (signed in as the other pages are). Forms post and the page is shown again.
 */
final class ProjectPages {
    /** Deliveries the page lists (the API has the rest). */
    static final int DELIVERIES = 20;

    private final Projects projects;
    private final ProjectsApi api;
    private final Optional<WebhooksApi> webhooks;
    private final Auth auth;
    private final TemplateEngine engine = TemplateEngine.createPrecompiled(ContentType.Html);

    ProjectPages(Projects projects, ProjectsApi api, Optional<WebhooksApi> webhooks, Auth auth) {
        this.projects = projects;
        this.api = api;
        this.webhooks = webhooks;
        this.auth = auth;
    }

    void register(Javalin app) {
        app.get("/projects", ctx -> {
            if (signedIn(ctx)) {
                render(ctx, 200, Optional.empty(), Optional.empty());
            }
        });
        if (webhooks.isEmpty()) {
            return;
        }
        WebhooksApi w = webhooks.get();
        app.post("/projects/{id}/webhooks", ctx -> form(ctx, () -> {
            Projects.Project p = w.project(ctx);
            String secret = Optional.ofNullable(ctx.formParam("secret")).map(String::strip).orElse("");
            if (!secret.isEmpty() && (secret.length() < 16 || secret.length() > 200)) {
                throw new ApiError(400, "secret must be 16 to 200 characters (or left empty: one is made)");
            }
            Webhooks.Webhook made = w.add(p, Optional.ofNullable(ctx.formParam("url")).orElse(""),
                    secret.isEmpty() ? Optional.empty() : Optional.of(secret),
                    Optional.ofNullable(ctx.formParam("format")).orElse("auto"));
            return "Webhook " + made.id() + " added to " + p.name() + ". Its signing secret, shown only now: "
                    + made.secret().orElseThrow();
        }));
        app.post("/projects/{id}/webhooks/{webhook}/delete", ctx -> form(ctx, () -> {
            Projects.Project p = w.project(ctx);
            if (!w.webhooksStore().delete(p.id(), ctx.pathParam("webhook"))) {
                throw new ApiError(404, "no such webhook");
            }
            return "Webhook " + ctx.pathParam("webhook") + " deleted from " + p.name() + ".";
        }));
        app.post("/projects/{id}/alert-settings", ctx -> form(ctx, () -> {
            Projects.Project p = w.project(ctx);
            w.setSettings(p, number(ctx, "spike_threshold"), number(ctx, "spike_window_minutes"));
            return "Spike rule of " + p.name() + " saved.";
        }));
    }

    /** A form's action: the page again with its message, or with its error (and the error's status). */
    @FunctionalInterface
    private interface Action {
        String run() throws IOException;
    }

    private void form(Context ctx, Action action) throws IOException {
        if (!signedIn(ctx)) {
            return;
        }
        String message;
        try {
            message = action.run();
        } catch (ApiError e) {
            render(ctx, e.status, Optional.empty(), Optional.of(e.getMessage()));
            return;
        }
        render(ctx, 200, Optional.of(message), Optional.empty());
    }

    private boolean signedIn(Context ctx) {
        if (!auth.pageOk(ctx)) {
            ctx.redirect("/login");
            return false;
        }
        return true;
    }

    private static OptionalInt number(Context ctx, String name) {
        String v = Optional.ofNullable(ctx.formParam(name)).map(String::strip).orElse("");
        if (v.isEmpty()) {
            return OptionalInt.empty();
        }
        try {
            return OptionalInt.of(Integer.parseInt(v));
        } catch (NumberFormatException e) {
            throw new ApiError(400, name + " must be a whole number (or empty: the server's)");
        }
    }

    private void render(Context ctx, int status, Optional<String> message, Optional<String> error) throws IOException {
        List<ProjectsView.Row> rows = new ArrayList<>();
        List<ProjectsView.Alerts> alerts = new ArrayList<>();
        List<ProjectsView.Delivery> deliveries = new ArrayList<>();
        for (Projects.Project p : projects.list()) {
            String dsn = api.dsn(p, ctx);
            rows.add(new ProjectsView.Row(p.id(), p.name(), dsn, ProjectsApi.minidumpUrl(dsn, p),
                    p.uploadTokenSha256().isPresent()));
            if (webhooks.isPresent()) {
                alerts.add(alerts(p, webhooks.get()));
            }
        }
        if (webhooks.isPresent()) {
            for (Outbox.Logged l : webhooks.get().outboxStore().log(DELIVERIES, Optional.empty(), Optional.empty())) {
                String outcome = l.state().equals("delivered") ? "HTTP " + l.lastStatus().orElse(0)
                        : l.lastError().orElse("not tried yet");
                deliveries.add(new ProjectsView.Delivery(l.id(), l.event(), l.groupId(), l.projectId(),
                        l.webhookId().orElse("--webhook"), WebhooksApi.redact(l.url()), l.state(), l.attempts(),
                        Times.show(l.createdAt()), outcome));
            }
        }
        StringOutput out = new StringOutput();
        engine.render("projects.jte", Map.of("page", new ProjectsView(rows, alerts, deliveries, message, error)), out);
        ctx.status(status).html(out.toString());
    }

    private static ProjectsView.Alerts alerts(Projects.Project p, WebhooksApi w) throws IOException {
        List<ProjectsView.Webhook> list = new ArrayList<>();
        for (Webhooks.Webhook h : w.webhooksStore().list(p.id())) {
            list.add(new ProjectsView.Webhook(h.id(), h.url(), h.format(), h.secretHint().orElse("none"),
                    Times.show(h.createdAt())));
        }
        com.fasterxml.jackson.databind.JsonNode s = w.settings(p.id());
        return new ProjectsView.Alerts(p.id(), p.name(), list, s.get("spike_threshold").asText(""),
                s.get("spike_window_minutes").asText(""), s.get("effective").get("spike_threshold").asInt(),
                s.get("effective").get("spike_window_minutes").asInt());
    }
}
