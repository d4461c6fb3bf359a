package dev.crashkit.server.web;

import io.javalin.http.Context;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Bearer-token checks. The API takes {@code Authorization: Bearer TOKEN}; pages take that too, or the
 * cookie the login form sets, which holds a hash of the token (never the token itself). Comparisons are
 * constant-time. The token is never logged or echoed.
 */
final class Auth {
    static final String COOKIE = "crashkit_session";
    private final Optional<byte[]> token;
    private final Optional<String> cookieValue;

    Auth(Optional<String> token) {
        this.token = token.map(t -> t.getBytes(StandardCharsets.UTF_8));
        this.cookieValue = token.map(t -> sha256("crashkit-ui-session\n" + t));
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

    private static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }
}
