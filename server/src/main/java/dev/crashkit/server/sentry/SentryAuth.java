package dev.crashkit.server.sentry;

import java.net.URI;
import java.util.Optional;

/**
 * Where a Sentry client puts its DSN key: {@code X-Sentry-Auth: Sentry sentry_key=KEY, sentry_version=7, ...}
 * (also accepted in {@code Authorization}), the {@code sentry_key} query parameter, or the {@code dsn} of
 * an envelope header ({@code http://KEY@HOST/ID}).
 */
public final class SentryAuth {
    private SentryAuth() {
    }

    /** The {@code sentry_key} of a {@code Sentry k=v, k=v} header, when it has one. */
    public static Optional<String> keyOfHeader(String header) {
        if (header == null) {
            return Optional.empty();
        }
        String h = header.strip();
        if (!h.regionMatches(true, 0, "Sentry ", 0, 7)) {
            return Optional.empty();
        }
        for (String part : h.substring(7).split(",")) {
            int eq = part.indexOf('=');
            if (eq > 0 && part.substring(0, eq).strip().equals("sentry_key")) {
                String v = part.substring(eq + 1).strip();
                return v.isEmpty() ? Optional.empty() : Optional.of(v);
            }
        }
        return Optional.empty();
    }

    /** The public key of a DSN, when it is a URL with a user part. */
    public static Optional<String> keyOfDsn(String dsn) {
        try {
            String user = URI.create(dsn).getRawUserInfo();
            if (user == null || user.isEmpty()) {
                return Optional.empty();
            }
            int colon = user.indexOf(':'); // an old DSN's KEY:SECRET
            return Optional.of(colon >= 0 ? user.substring(0, colon) : user);
        } catch (IllegalArgumentException e) {
            return Optional.empty(); // not a URL: no key from it
        }
    }
}
