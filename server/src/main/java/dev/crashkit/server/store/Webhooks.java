package dev.crashkit.server.store;

import java.net.URI;
import java.net.URISyntaxException;
import java.security.SecureRandom;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/** Per-project webhooks and spike settings (schema 6), read by {@link AlertEvents} in each result transaction. */
public final class Webhooks {
    /** Formats a webhook may have: {@code auto} is {@code slack} for Slack's hooks.slack.com, else {@code json}. */
    public static final List<String> FORMATS = List.of("auto", "json", "slack");
    private static final SecureRandom RANDOM = new SecureRandom();
    /** Generated secrets start with it (told apart from the other credentials at a glance). */
    private static final String SECRET_PREFIX = "ckw_";

    /** A project's webhook; {@code secret} signs its bodies (never shown again after it is made). */
    public record Webhook(String id, long projectId, String url, Optional<String> secret, String format, long createdAt) {
        /** The secret's last 4 characters, for telling secrets apart (the rest is never shown). */
        public Optional<String> secretHint() {
            return secret.map(s -> "…" + s.substring(Math.max(0, s.length() - 4)));
        }
    }

    /** A project's spike rule as set through the API; empty values follow the command line's. */
    public record SpikeSettings(OptionalInt threshold, OptionalInt windowMinutes) {
    }

    /** A webhook or setting refused (400), with a one-line reason. */
    public static final class BadWebhook extends Exception {
        public BadWebhook(String message) {
            super(message);
        }
    }

    private final Database db;

    public Webhooks(Database db) {
        this.db = db;
    }

    /** Checks a webhook URL: http(s), a host, no user info or fragment, at most 2,000 characters. */
    public static String checkUrl(String url) throws BadWebhook {
        String u = url == null ? "" : url.strip();
        try {
            URI parsed = new URI(u);
            if (u.length() <= 2000 && ("http".equals(parsed.getScheme()) || "https".equals(parsed.getScheme()))
                    && parsed.getHost() != null && parsed.getRawUserInfo() == null && parsed.getRawFragment() == null) {
                return u;
            }
        } catch (URISyntaxException e) {
            // answered below
        }
        throw new BadWebhook("url must be an http(s)://HOST[:PORT]/PATH URL of at most 2000 characters, without user "
                + "info or #fragment");
    }

    /** Checks a format (auto, json, slack). */
    public static String checkFormat(String format) throws BadWebhook {
        if (!FORMATS.contains(format)) {
            throw new BadWebhook("format must be one of " + String.join(", ", FORMATS));
        }
        return format;
    }

    /** A new secret: 32 random bytes in hex, prefixed {@code ckw_}. */
    public static String newSecret() {
        byte[] random = new byte[32];
        RANDOM.nextBytes(random);
        return SECRET_PREFIX + HexFormat.of().formatHex(random);
    }

    /** Adds a webhook to a project (which must exist; checked by the caller). */
    public Webhook create(long projectId, String url, Optional<String> secret, String format) throws StoreException,
            BadWebhook {
        byte[] random = new byte[8];
        RANDOM.nextBytes(random);
        Webhook w = new Webhook("wh_" + HexFormat.of().formatHex(random), projectId, checkUrl(url), secret,
                checkFormat(format), System.currentTimeMillis());
        db.write(c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO webhooks (id, project_id, url, secret, format, "
                    + "created_at) VALUES (?, ?, ?, ?, ?, ?)")) {
                p.setString(1, w.id());
                p.setLong(2, w.projectId());
                p.setString(3, w.url());
                p.setString(4, w.secret().orElse(null));
                p.setString(5, w.format());
                p.setLong(6, w.createdAt());
                return p.executeUpdate();
            }
        });
        return w;
    }

    /** A project's webhooks, oldest first. */
    public List<Webhook> list(long projectId) throws StoreException {
        return db.read(c -> {
            List<Webhook> out = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT id, project_id, url, secret, format, created_at "
                    + "FROM webhooks WHERE project_id = ? ORDER BY created_at, id")) {
                p.setLong(1, projectId);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(new Webhook(r.getString(1), r.getLong(2), r.getString(3),
                                Optional.ofNullable(r.getString(4)), r.getString(5), r.getLong(6)));
                    }
                }
            }
            return out;
        });
    }

    /**
     * Deletes a project's webhook; false when it has none of that id. Its deliveries still pending are given up
     * when their turn comes (the log keeps them).
     */
    public boolean delete(long projectId, String id) throws StoreException {
        return db.write(c -> {
            try (PreparedStatement p = c.prepareStatement("DELETE FROM webhooks WHERE project_id = ? AND id = ?")) {
                p.setLong(1, projectId);
                p.setString(2, id);
                return p.executeUpdate() == 1;
            }
        });
    }

    /** A project's spike settings. */
    public SpikeSettings spikeSettings(long projectId) throws StoreException {
        return db.read(c -> {
            try (PreparedStatement p = c.prepareStatement(
                    "SELECT spike_threshold, spike_window_minutes FROM projects WHERE id = ?")) {
                p.setLong(1, projectId);
                try (ResultSet r = p.executeQuery()) {
                    if (!r.next()) {
                        return new SpikeSettings(OptionalInt.empty(), OptionalInt.empty());
                    }
                    return new SpikeSettings(r.getObject(1) == null ? OptionalInt.empty() : OptionalInt.of(r.getInt(1)),
                            r.getObject(2) == null ? OptionalInt.empty() : OptionalInt.of(r.getInt(2)));
                }
            }
        });
    }

    /** Sets a project's spike settings (empty: the command line's). Threshold 0 turns spike alerts off. */
    public void setSpikeSettings(long projectId, SpikeSettings s) throws StoreException, BadWebhook {
        if (s.threshold().isPresent() && (s.threshold().getAsInt() < 0 || s.threshold().getAsInt() > 1_000_000_000)) {
            throw new BadWebhook("spike_threshold must be a whole number from 0 (off) to 1000000000");
        }
        if (s.windowMinutes().isPresent() && (s.windowMinutes().getAsInt() < 1 || s.windowMinutes().getAsInt() > 10080)) {
            throw new BadWebhook("spike_window_minutes must be a whole number from 1 to 10080 (a week)");
        }
        db.write(c -> {
            try (PreparedStatement p = c.prepareStatement(
                    "UPDATE projects SET spike_threshold = ?, spike_window_minutes = ? WHERE id = ?")) {
                if (s.threshold().isPresent()) {
                    p.setLong(1, s.threshold().getAsInt());
                } else {
                    p.setNull(1, java.sql.Types.BIGINT);
                }
                if (s.windowMinutes().isPresent()) {
                    p.setLong(2, s.windowMinutes().getAsInt());
                } else {
                    p.setNull(2, java.sql.Types.BIGINT);
                }
                p.setLong(3, projectId);
                return p.executeUpdate();
            }
        });
    }
}
