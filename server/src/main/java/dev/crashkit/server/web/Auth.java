package dev.crashkit.server.web;

import dev.crashkit.server.blob.Sha256;
import dev.crashkit.server.store.Projects;
import io.javalin.http.Context;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;

/**
 * Bearer-token checks. A bearer credential is the admin token ({@code --token}), a project's ingest key (its
 * DSN public key) or a project's upload token; {@link #credential} tells which and {@link #checkRights} what
 * it may do. The API takes {@code Authorization: Bearer TOKEN}; pages take the admin token too, or the
 * cookie the login form sets, which holds a hash of the token (never the token itself). Comparisons are
 * constant-time. No credential is logged or echoed.
 */
final class Auth {
    static final String COOKIE = "crashkit_session";
    private final Optional<byte[]> token;
    private final Optional<String> cookieValue;

    Auth(Optional<String> token) {
        this.token = token.map(t -> t.getBytes(StandardCharsets.UTF_8));
        this.cookieValue = token.map(t -> Sha256.of("crashkit-ui-session\n" + t));
    }

    /** What a request's bearer header is. */
    enum Kind {
        /** No {@code Authorization: Bearer} header. */
        NONE,
        /** A bearer value that is no credential this server knows. */
        UNKNOWN,
        /** The {@code --token}: reads and changes everything. */
        ADMIN,
        /** A project's ingest key: posts reports into that project. */
        INGEST,
        /** A project's upload token: uploads debug files for that project. */
        UPLOAD
    }

    /** A request's credential, and the project of an ingest key or upload token. */
    record Credential(Kind kind, Optional<Projects.Project> project) {
        private static final String ATTRIBUTE = "crashkit.credential";

        /** The credential the before-filter found for this request (NONE when it did not run). */
        static Credential of(Context ctx) {
            Credential c = ctx.attribute(ATTRIBUTE);
            return c == null ? new Credential(Kind.NONE, Optional.empty()) : c;
        }

        void attach(Context ctx) {
            ctx.attribute(ATTRIBUTE, this);
        }

        /** The project a report posted with this credential belongs to: an ingest key's, else the default. */
        long reportProject() {
            return kind == Kind.INGEST ? project.orElseThrow().id() : Projects.DEFAULT_ID;
        }
    }

    /** Classifies the bearer header; every comparison is constant-time. */
    Credential credential(Context ctx, Optional<Projects> projects) {
        Optional<String> bearer = bearer(ctx);
        if (bearer.isEmpty()) {
            return new Credential(Kind.NONE, Optional.empty());
        }
        byte[] given = bearer.get().getBytes(StandardCharsets.UTF_8);
        if (token.isPresent() && MessageDigest.isEqual(token.get(), given)) {
            return new Credential(Kind.ADMIN, Optional.empty());
        }
        if (projects.isPresent()) {
            Optional<Projects.Project> ingest = projects.get().byIngestKey(bearer.get());
            if (ingest.isPresent()) {
                return new Credential(Kind.INGEST, ingest);
            }
            Optional<Projects.Project> upload = projects.get().byUploadToken(bearer.get());
            if (upload.isPresent()) {
                return new Credential(Kind.UPLOAD, upload);
            }
        }
        return new Credential(Kind.UNKNOWN, Optional.empty());
    }

    private static final java.util.regex.Pattern CHUNK_UPLOAD =
            java.util.regex.Pattern.compile("/api/0/organizations/[^/]+/chunk-upload/?");
    private static final java.util.regex.Pattern ASSEMBLE =
            java.util.regex.Pattern.compile("/api/0/projects/[^/]+/([^/]+)/files/difs/assemble/?");

    /**
     * Least privilege, with {@code --token} set: 401 without a known credential, 403 for a known one outside its
     * rights. The admin token opens everything; an ingest key posts reports ({@code POST /api/reports},
     * {@code /api/kscrash}); an upload token uploads debug files ({@code POST /api/debug-files} and sentry-cli's
     * chunk upload; assembled into its own project only).
     */
    static void checkRights(Credential c, String method, String path) {
        String p = path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        boolean post = method.equals("POST");
        switch (c.kind()) {
            case ADMIN -> {
            }
            case NONE, UNKNOWN -> throw new ApiError(401, "missing or wrong bearer token");
            case INGEST -> {
                if (!(post && (p.equals("/api/reports") || p.equals("/api/kscrash")))) {
                    throw new ApiError(403, "an ingest key may only post reports");
                }
            }
            case UPLOAD -> {
                boolean debugFiles = post && p.equals("/api/debug-files");
                boolean chunks = (post || method.equals("GET")) && CHUNK_UPLOAD.matcher(p).matches();
                java.util.regex.Matcher assemble = ASSEMBLE.matcher(p);
                if (!(debugFiles || chunks || post && assemble.matches())) {
                    throw new ApiError(403, "an upload token may only upload debug files");
                }
                if (assemble.matches()) {
                    // Project names are letters, digits and . _ -: a slug with an escape is no project's.
                    Projects.Project own = c.project().orElseThrow();
                    if (!own.isNamed(assemble.group(1))) {
                        throw new ApiError(403, "this upload token is for project " + own.name());
                    }
                }
            }
        }
    }

    private static Optional<String> bearer(Context ctx) {
        String h = ctx.header("Authorization");
        if (h == null || !h.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return Optional.empty();
        }
        String v = h.substring(7).strip();
        return v.isEmpty() ? Optional.empty() : Optional.of(v);
    }

    boolean enabled() {
        return token.isPresent();
    }

    /** True when no token is configured or the request carries it as a bearer header. */
    boolean bearerOk(Context ctx) {
        if (token.isEmpty()) {
            return true;
        }
        String h = ctx.header("Authorization");
        if (h == null || !h.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return false;
        }
        return MessageDigest.isEqual(token.get(), h.substring(7).strip().getBytes(StandardCharsets.UTF_8));
    }

    /** Bearer header, or the session cookie from the login form. */
    boolean pageOk(Context ctx) {
        if (bearerOk(ctx)) {
            return true;
        }
        String c = ctx.cookie(COOKIE);
        return c != null && MessageDigest.isEqual(cookieValue.get().getBytes(StandardCharsets.US_ASCII),
                c.getBytes(StandardCharsets.UTF_8));
    }

    /** Checks a token typed into the login form; sets the session cookie when it matches. */
    boolean login(Context ctx, String typed) {
        if (token.isEmpty() || typed == null
                || !MessageDigest.isEqual(token.get(), typed.strip().getBytes(StandardCharsets.UTF_8))) {
            return false;
        }
        ctx.header("Set-Cookie", COOKIE + "=" + cookieValue.get() + "; Path=/; HttpOnly; SameSite=Strict");
        return true;
    }
}
