package dev.crashkit.server.web;

import io.javalin.Javalin;
import java.util.Optional;
import java.util.function.Consumer;

/** The HTTP side: Javalin (on Jetty) with the API, the pages, auth and error handling. */
public final class WebServer implements AutoCloseable {
    private final Javalin app;

    private WebServer(Javalin app) {
        this.app = app;
    }

    /** Starts listening; {@code port} 0 picks a free port. */
    public static WebServer start(Services services, Optional<String> token, String bind, int port,
                                  Consumer<String> log) {
        return start(services, token, bind, port, SentryIngest.none(), log);
    }

    /**
     * Projects and Sentry ingest.
     *
     * @param projects            the projects (DSN keys)
     * @param publicUrl           the server's address for DSNs, when configured
     * @param sentryRatePerMinute events a project may send per minute; 0 is no limit
     */
    public record SentryIngest(Optional<dev.crashkit.server.store.Projects> projects, Optional<String> publicUrl,
                               int sentryRatePerMinute) {
        static SentryIngest none() {
            return new SentryIngest(Optional.empty(), Optional.empty(), 0);
        }
    }

    /** Starts listening, with Sentry ingest for the projects given; {@code port} 0 picks a free port. */
    public static WebServer start(Services services, Optional<String> token, String bind, int port,
                                  SentryIngest sentry, Consumer<String> log) {
        return start(services, token, bind, port, sentry, Optional.empty(), log);
    }

    /**
     * Per-project webhooks and the delivery log (with projects only).
     *
     * @param config the command line's alert options (the spike rule a project without its own follows)
     */
    public record Alerts(dev.crashkit.server.store.Webhooks webhooks, dev.crashkit.server.store.Outbox outbox,
                         dev.crashkit.server.alerts.AlertConfig config) {
    }

    /** As above, with the alerts' API and page settings when {@code alerts} is given. */
    public static WebServer start(Services services, Optional<String> token, String bind, int port,
                                  SentryIngest sentry, Optional<Alerts> alerts, Consumer<String> log) {
        Auth auth = new Auth(token);
        Javalin app = Javalin.create(cfg -> {
            cfg.showJavalinBanner = false;
            cfg.useVirtualThreads = false;
            cfg.startupWatcherEnabled = false;
            cfg.jetty.multipartConfig.maxFileSize(services.limits().maxDebugFileBytes(), io.javalin.config.SizeUnit.BYTES);
            cfg.jetty.multipartConfig.maxTotalRequestSize(services.limits().maxDebugFileBytes() + 1024 * 1024, io.javalin.config.SizeUnit.BYTES);
            cfg.jetty.multipartConfig.maxInMemoryFileSize(1, io.javalin.config.SizeUnit.MB);
            cfg.jetty.multipartConfig.cacheDirectory(services.debugFileStore().folder().resolveSibling("tmp").toString());
        });
        app.before("/api/*", ctx -> {
            Auth.Credential credential = auth.credential(ctx, sentry.projects());
            credential.attach(ctx);
            if (sentry.projects().isPresent() && SentryApi.isIngestPath(ctx.path())) {
                // Sentry SDKs present their DSN key, checked by SentryApi, instead of a bearer credential.
                if (auth.enabled() && credential.kind() == Auth.Kind.UPLOAD) {
                    throw new ApiError(403, "an upload token may only upload debug files");
                }
                return;
            }
            if (auth.enabled()) { // without --token (loopback only) everything is open
                Auth.checkRights(credential, ctx.method().name(), ctx.path());
            }
        });
        app.before("/metrics", ctx -> {
            if (auth.enabled()) { // admin only: 403 for an ingest key or upload token
                Auth.checkRights(auth.credential(ctx, sentry.projects()), ctx.method().name(), ctx.path());
            }
        });
        // Reports in memory at once: room for four of the largest allowed, at least 256 MiB.
        MemoryBudget budget = new MemoryBudget(Math.max(256L * MemoryBudget.MIB, 4 * services.limits().maxReportBytes()),
                30_000);
        Api api = new Api(services, budget);
        api.register(app);
        if (sentry.projects().isPresent()) {
            ProjectsApi projectsApi = new ProjectsApi(sentry.projects().get(), sentry.publicUrl());
            projectsApi.register(app);
            Optional<WebhooksApi> webhooksApi = alerts.map(a -> new WebhooksApi(sentry.projects().get(), a.webhooks(),
                    a.outbox(), a.config()));
            webhooksApi.ifPresent(w -> w.register(app));
            new ProjectPages(sentry.projects().get(), projectsApi, webhooksApi, auth).register(app);
            new SentryApi(services, sentry.projects().get(), budget,
                    new dev.crashkit.server.sentry.RateLimiter(sentry.sentryRatePerMinute(), System::currentTimeMillis))
                    .register(app);
        }
        try {
            new ChunkUploadApi(services, new DebugFileIntake(services), budget, sentry.projects()).register(app);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot prepare the chunk upload folder", e);
        }
        new Pages(services, auth, api).register(app);
        app.exception(ApiError.class, (e, ctx) -> {
            if (e.status == 503) {
                ctx.header("Retry-After", "5");
            }
            error(ctx, e.status, e.getMessage());
        });
        app.exception(dev.crashkit.server.store.StoreUnavailableException.class, (e, ctx) -> {
            // The shared blob store failed: nothing was stored or acknowledged; the client retries.
            log.accept(ctx.method() + " " + ctx.path() + ": " + e.getMessage());
            ctx.header("Retry-After", "5");
            error(ctx, 503, e.getMessage());
        });
        app.exception(Exception.class, (e, ctx) -> {
            // One line for the operator; the client gets no stack trace.
            log.accept("error on " + ctx.method() + " " + ctx.path() + ": " + e);
            error(ctx, 500, "internal error: " + e.getClass().getSimpleName());
        });
        app.error(404, ctx -> {
            String body = ctx.result();
            // Handlers that answered 404 themselves wrote JSON already; Javalin's own "Endpoint ... not found" is replaced.
            if (body == null || body.isEmpty() || !body.startsWith("{")) {
                error(ctx, 404, "not found");
            }
        });
        app.start(bind, port);
        return new WebServer(app);
    }

    private static void error(io.javalin.http.Context ctx, int status, String message) {
        try {
            Api.json(ctx, status, Api.JSON.createObjectNode().put("error", message));
        } catch (java.io.IOException e) {
            ctx.status(status).result("{\"error\":\"internal error\"}");
        }
    }

    public int port() {
        return app.port();
    }

    @Override
    public void close() {
        app.stop();
    }
}
