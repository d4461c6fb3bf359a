package dev.crashkit.server.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.server.store.Projects;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * {@code GET /api/projects} (with each project's DSN), {@code POST /api/projects {"name"}} and
 * {@code POST /api/projects/{id}/upload-token}; admin token. An upload token is answered once, when made:
 * only its SHA-256 is kept.
 */
final class ProjectsApi {
    private final Projects projects;
    private final Optional<String> publicUrl;

    ProjectsApi(Projects projects, Optional<String> publicUrl) {
        this.projects = projects;
        this.publicUrl = publicUrl;
    }

    void register(Javalin app) {
        app.get("/api/projects", ctx -> {
            ArrayNode out = Api.JSON.createArrayNode();
            for (Projects.Project p : projects.list()) {
                out.add(json(p, ctx));
            }
            Api.json(ctx, 200, out);
        });
        app.post("/api/projects", this::create);
        app.post("/api/projects/{id}/upload-token", this::newUploadToken);
    }

    private void newUploadToken(Context ctx) throws IOException {
        Projects.Project p;
        try {
            p = projects.get(Long.parseLong(ctx.pathParam("id"))).orElseThrow(() -> new ApiError(404, "no such project"));
        } catch (NumberFormatException e) {
            throw new ApiError(404, "no such project");
        }
        String token = newToken(p);
        Api.json(ctx, 201, Api.JSON.createObjectNode().put("id", p.id()).put("name", p.name())
                .put("upload_token", token));
    }

    private String newToken(Projects.Project p) throws IOException {
        return projects.newUploadToken(p.id());
    }

    private void create(Context ctx) throws IOException {
        byte[] body = ctx.req().getInputStream().readNBytes(4096);
        JsonNode n;
        try {
            n = Api.JSON.readTree(new String(body, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new ApiError(400, "body is not JSON: " + e.getOriginalMessage());
        }
        JsonNode name = n == null ? null : n.get("name");
        if (name == null || !name.isTextual()) {
            throw new ApiError(400, "body must be {\"name\": \"...\"}");
        }
        try {
            Projects.checkName(name.asText());
            Projects.Project made = projects.create(name.asText());
            String token = newToken(made);
            Api.json(ctx, 201, json(made, ctx).put("has_upload_token", true).put("upload_token", token));
        } catch (Projects.BadName e) {
            throw new ApiError(e.taken ? 409 : 400, e.getMessage());
        }
    }

    private ObjectNode json(Projects.Project p, Context ctx) {
        String dsn = dsn(p, ctx);
        return Api.JSON.createObjectNode().put("id", p.id()).put("name", p.name()).put("public_key", p.publicKey())
                .put("dsn", dsn).put("minidump_url", minidumpUrl(dsn, p))
                .put("has_upload_token", p.uploadTokenSha256().isPresent());
    }

    /** Where Crashpad and sentry-native post minidumps: {@code SCHEME://HOST/api/ID/minidump/?sentry_key=KEY}. */
    static String minidumpUrl(String dsn, Projects.Project p) {
        URI u = URI.create(dsn);
        String path = Optional.ofNullable(u.getRawPath()).orElse("");
        String prefix = path.substring(0, Math.max(0, path.lastIndexOf('/')));
        return u.getScheme() + "://" + u.getRawAuthority().substring(u.getRawAuthority().indexOf('@') + 1) + prefix
                + "/api/" + p.id() + "/minidump/?sentry_key=" + p.publicKey();
    }

    /** {@code SCHEME://KEY@HOST[:PORT][/PATH]/ID}: from --public-url, else the address the request came in on. */
    String dsn(Projects.Project p, Context ctx) {
        if (publicUrl.isPresent()) {
            URI u = URI.create(publicUrl.get());
            String path = Optional.ofNullable(u.getRawPath()).orElse("");
            if (path.endsWith("/")) {
                path = path.substring(0, path.length() - 1);
            }
            return u.getScheme() + "://" + p.publicKey() + "@" + u.getRawAuthority() + path + "/" + p.id();
        }
        String host = Optional.ofNullable(ctx.header("Host")).filter(h -> !h.isBlank())
                .orElse(ctx.req().getLocalAddr() + ":" + ctx.req().getLocalPort());
        return "http://" + p.publicKey() + "@" + host + "/" + p.id();
    }
}
