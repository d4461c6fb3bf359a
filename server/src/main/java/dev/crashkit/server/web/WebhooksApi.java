package dev.crashkit.server.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.server.alerts.AlertConfig;
import dev.crashkit.server.store.Outbox;
import dev.crashkit.server.store.Projects;
import dev.crashkit.server.store.Webhooks;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Alerts in the API (admin token): a project's webhooks ({@code POST/GET /api/projects/{id}/webhooks},
 * {@code DELETE /api/projects/{id}/webhooks/{webhook}}), its spike rule ({@code GET/PUT
 * /api/projects/{id}/alert-settings}) and the delivery log ({@code GET /api/webhooks/deliveries}). A webhook's
 * secret is answered once, when made; afterwards only its last 4 characters. Logged URLs show scheme and host
 * only (a Slack webhook URL is itself a secret).
 */
final class WebhooksApi {
    /** Rows the delivery log answers at most. */
    static final int MAX_LOG = 1000;
    static final List<String> STATES = List.of("pending", "delivered", "failed");

    private final Projects projects;
    private final Webhooks webhooks;
    private final Outbox outbox;
    private final AlertConfig config;

    WebhooksApi(Projects projects, Webhooks webhooks, Outbox outbox, AlertConfig config) {
        this.projects = projects;
        this.webhooks = webhooks;
        this.outbox = outbox;
        this.config = config;
    }

    Webhooks webhooksStore() {
        return webhooks;
    }

    Outbox outboxStore() {
        return outbox;
    }

    void register(Javalin app) {
        app.post("/api/projects/{id}/webhooks", this::create);
        app.get("/api/projects/{id}/webhooks", ctx -> {
            ArrayNode out = Api.JSON.createArrayNode();
            for (Webhooks.Webhook w : webhooks.list(project(ctx).id())) {
                out.add(json(w));
            }
            Api.json(ctx, 200, Api.JSON.createObjectNode().set("webhooks", out));
        });
        app.delete("/api/projects/{id}/webhooks/{webhook}", ctx -> {
            if (!webhooks.delete(project(ctx).id(), ctx.pathParam("webhook"))) {
                throw new ApiError(404, "no such webhook");
            }
            ctx.status(204);
        });
        app.get("/api/projects/{id}/alert-settings", ctx -> Api.json(ctx, 200, settings(project(ctx).id())));
        app.put("/api/projects/{id}/alert-settings", this::putSettings);
        app.get("/api/webhooks/deliveries", this::deliveries);
    }

    Projects.Project project(Context ctx) {
        try {
            return projects.get(Long.parseLong(ctx.pathParam("id"))).orElseThrow(() -> new ApiError(404, "no such project"));
        } catch (NumberFormatException e) {
            throw new ApiError(404, "no such project");
        }
    }

    private void create(Context ctx) throws IOException {
        Projects.Project p = project(ctx);
        JsonNode body = body(ctx, "{\"url\": \"https://...\", \"secret\": \"...\" (optional), \"format\": \"auto\" (optional)}");
        JsonNode url = body.get("url");
        JsonNode secret = body.get("secret");
        JsonNode format = body.get("format");
        if (url == null || !url.isTextual()) {
            throw new ApiError(400, "url must be a string");
        }
        if (secret != null && !secret.isNull() && !(secret.isTextual() && secret.asText().length() >= 16
                && secret.asText().length() <= 200)) {
            throw new ApiError(400, "secret must be a string of 16 to 200 characters (or left out: one is made)");
        }
        if (format != null && !format.isTextual()) {
            throw new ApiError(400, "format must be a string: auto, json or slack");
        }
        Webhooks.Webhook made = add(p, url.asText(), secret == null || secret.isNull() ? Optional.empty()
                : Optional.of(secret.asText()), format == null ? "auto" : format.asText());
        // The only time the secret is answered.
        Api.json(ctx, 201, json(made).put("secret", made.secret().orElseThrow()));
    }

    /** Adds a webhook (the API and the project page's form); a secret is made when none is given. */
    Webhooks.Webhook add(Projects.Project p, String url, Optional<String> secret, String format) throws IOException {
        try {
            return webhooks.create(p.id(), url, Optional.of(secret.orElseGet(Webhooks::newSecret)), format);
        } catch (Webhooks.BadWebhook e) {
            throw new ApiError(400, e.getMessage());
        }
    }

    private void putSettings(Context ctx) throws IOException {
        Projects.Project p = project(ctx);
        JsonNode body = body(ctx, "{\"spike_threshold\": N or null, \"spike_window_minutes\": M or null}");
        setSettings(p, optionalInt(body, "spike_threshold"), optionalInt(body, "spike_window_minutes"));
        Api.json(ctx, 200, settings(p.id()));
    }

    /** Sets a project's spike rule (the API and the project page's form). */
    void setSettings(Projects.Project p, OptionalInt threshold, OptionalInt windowMinutes) throws IOException {
        try {
            webhooks.setSpikeSettings(p.id(), new Webhooks.SpikeSettings(threshold, windowMinutes));
        } catch (Webhooks.BadWebhook e) {
            throw new ApiError(400, e.getMessage());
        }
    }

    private static OptionalInt optionalInt(JsonNode body, String name) {
        JsonNode n = body.get(name);
        if (n == null || n.isNull()) {
            return OptionalInt.empty();
        }
        if (!n.canConvertToInt() || !n.isIntegralNumber()) {
            throw new ApiError(400, name + " must be a whole number or null");
        }
        return OptionalInt.of(n.asInt());
    }

    /** A project's spike rule: what is set ({@code null}: the command line's) and what applies. */
    ObjectNode settings(long projectId) throws IOException {
        Webhooks.SpikeSettings s = webhooks.spikeSettings(projectId);
        ObjectNode out = Api.JSON.createObjectNode();
        if (s.threshold().isPresent()) {
            out.put("spike_threshold", s.threshold().getAsInt());
        } else {
            out.putNull("spike_threshold");
        }
        if (s.windowMinutes().isPresent()) {
            out.put("spike_window_minutes", s.windowMinutes().getAsInt());
        } else {
            out.putNull("spike_window_minutes");
        }
        out.putObject("effective").put("spike_threshold", s.threshold().orElse(config.spikeThreshold()))
                .put("spike_window_minutes", s.windowMinutes().orElse(config.spikeWindowMinutes()));
        return out;
    }

    private void deliveries(Context ctx) throws IOException {
        int limit = Params.intParam(ctx.queryParam("limit"), 100, 1, MAX_LOG, "limit");
        Optional<Long> project = Optional.ofNullable(ctx.queryParam("project")).map(v -> {
            try {
                return Long.parseLong(v);
            } catch (NumberFormatException e) {
                throw new ApiError(400, "project must be a project id");
            }
        });
        Optional<String> state = Optional.ofNullable(ctx.queryParam("state"));
        if (state.isPresent() && !STATES.contains(state.get())) {
            throw new ApiError(400, "state must be one of " + String.join(", ", STATES));
        }
        ArrayNode out = Api.JSON.createArrayNode();
        for (Outbox.Logged l : outbox.log(limit, project, state)) {
            out.add(json(l));
        }
        Api.json(ctx, 200, Api.JSON.createObjectNode().set("deliveries", out));
    }

    static ObjectNode json(Outbox.Logged l) {
        ObjectNode n = Api.JSON.createObjectNode().put("id", l.id()).put("event_id", l.eventId()).put("event", l.event())
                .put("group", l.groupId()).put("report", l.reportId().orElse(null)).put("project", l.projectId())
                .put("webhook", l.webhookId().orElse("--webhook")).put("url", redact(l.url())).put("state", l.state())
                .put("attempts", l.attempts()).put("created_at", Instant.ofEpochMilli(l.createdAt()).toString());
        n.put("next_attempt_at", l.state().equals("pending") ? Instant.ofEpochMilli(l.nextAttemptAt()).toString() : null);
        if (l.lastStatus().isPresent()) {
            n.put("last_status", l.lastStatus().getAsInt());
        } else {
            n.putNull("last_status");
        }
        n.put("last_error", l.lastError().orElse(null));
        n.put("delivered_at", l.deliveredAt().isPresent() ? Instant.ofEpochMilli(l.deliveredAt().getAsLong()).toString()
                : null);
        return n;
    }

    /** A webhook as listed: its URL in full (admins set it), its secret only by its last 4 characters. */
    static ObjectNode json(Webhooks.Webhook w) {
        return Api.JSON.createObjectNode().put("id", w.id()).put("project", w.projectId()).put("url", w.url())
                .put("format", w.format()).put("secret_hint", w.secretHint().orElse(null))
                .put("created_at", Instant.ofEpochMilli(w.createdAt()).toString());
    }

    /** {@code scheme://host[:port]/…}: where a delivery went, without the path (Slack's path is its secret). */
    static String redact(String url) {
        try {
            URI u = URI.create(url);
            return u.getScheme() + "://" + u.getRawAuthority() + "/…";
        } catch (IllegalArgumentException e) {
            return "…";
        }
    }

    private static JsonNode body(Context ctx, String expected) throws IOException {
        byte[] bytes = ctx.req().getInputStream().readNBytes(8192);
        JsonNode n;
        try {
            n = Api.JSON.readTree(new String(bytes, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new ApiError(400, "body is not JSON: " + e.getOriginalMessage());
        }
        if (n == null || !n.isObject()) {
            throw new ApiError(400, "expected " + expected);
        }
        return n;
    }
}
