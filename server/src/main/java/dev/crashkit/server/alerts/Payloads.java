package dev.crashkit.server.alerts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.server.store.Outbox;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The bodies webhooks receive: the stored payload with links to the group and report pages
 * ({@code application/json}), or Slack's incoming-webhook {@code {"text": ...}}; and their signature.
 */
public final class Payloads {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Slack's incoming webhooks' host: a webhook of format {@code auto} there gets Slack's format. */
    static final String SLACK_HOST = "hooks.slack.com";

    private Payloads() {
    }

    /** The body for {@code d}, links made from {@code baseUrl} (the server's address, no trailing slash). */
    public static byte[] body(Outbox.Delivery d, String baseUrl) {
        try {
            ObjectNode p = (ObjectNode) JSON.readTree(d.payload());
            String groupUrl = baseUrl + "/groups/" + enc(d.groupId());
            p.put("url", groupUrl);
            JsonNode report = p.path("report");
            if (report instanceof ObjectNode r && r.hasNonNull("id")) {
                r.put("url", baseUrl + "/reports/" + enc(r.get("id").asText()));
            }
            Object body = slack(d) ? JSON.createObjectNode().put("text", slackText(p, groupUrl)) : p;
            return JSON.writeValueAsBytes(body);
        } catch (IOException e) {
            // The payload was written by AlertEvents as JSON: unreadable is a bug, not bad input.
            throw new UncheckedIOException("stored alert payload " + d.id() + " is not JSON", e);
        }
    }

    /** True when {@code d} goes out in Slack's format. */
    static boolean slack(Outbox.Delivery d) {
        if (d.format().equals("slack")) {
            return true;
        }
        if (!d.format().equals("auto")) {
            return false;
        }
        String host = URI.create(d.url()).getHost();
        return host != null && host.equalsIgnoreCase(SLACK_HOST);
    }

    /** Slack mrkdwn: {@code <url|text>} links, and {@code & < >} escaped as Slack asks. */
    static String slackText(JsonNode p, String groupUrl) {
        String project = esc(p.path("project").path("name").asText(p.path("project").path("id").asText()));
        String link = "<" + groupUrl + "|" + esc(p.path("group").path("title").asText(p.path("group").path("id").asText()))
                + ">";
        String what = switch (p.path("event").asText()) {
            case "group.created" -> "New crash group in *" + project + "*: " + link;
            case "group.regressed" -> {
                JsonNode r = p.path("regression");
                String since = r.hasNonNull("resolved_in_version") ? "resolved in " + esc(r.get("resolved_in_version").asText())
                        : "resolved";
                String version = r.hasNonNull("version") ? " in version " + esc(r.get("version").asText()) : "";
                yield "Regression in *" + project + "*: " + link + " seen again" + version + " after it was " + since;
            }
            case "group.spike" -> {
                JsonNode s = p.path("spike");
                yield "Spike in *" + project + "*: " + link + ": more than " + s.path("threshold").asLong()
                        + " reports in " + s.path("window_minutes").asLong() + " minutes";
            }
            default -> esc(p.path("event").asText()) + " in *" + project + "*: " + link;
        };
        String report = p.path("report").path("url").asText("");
        return report.isEmpty() ? what : what + " (<" + report + "|report>)";
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** {@code sha256=} and the hex HMAC-SHA256 of {@code body} keyed with {@code secret} (its UTF-8 bytes). */
    public static String signature(byte[] body, String secret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return "sha256=" + HexFormat.of().formatHex(mac.doFinal(body));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HmacSHA256 is required of every JVM", e);
        }
    }
}
