package dev.crashkit.server.symbolication;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The app version a report names, where its format has one (for "affected versions" of a group). */
final class AppVersions {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern CRASH_VERSION = Pattern.compile("(?m)^Version:\\s+(.+?)\\s*$");

    private AppVersions() {
    }

    /** {@code format}: the detected format's name, as {@code Report.format()} gives it. */
    static Optional<String> of(String format, byte[] body) {
        String key = switch (format) {
            case "sentry" -> "\"release\"";
            case "kscrash" -> "CFBundle";
            case "crashreport" -> "\"app_version\"";
            default -> "";
        };
        if (!key.isEmpty() && !contains(body, key)) {
            return Optional.empty(); // spare parsing the whole document a second time at ingest
        }
        try {
            switch (format) {
                case "ips": {
                    String text = new String(body, StandardCharsets.UTF_8);
                    int nl = text.indexOf('\n');
                    JsonNode header = JSON.readTree(nl > 0 ? text.substring(0, nl) : text);
                    return join(text(header, "app_version"), text(header, "build_version"));
                }
                case "apple_crash": {
                    Matcher m = CRASH_VERSION.matcher(new String(body, StandardCharsets.UTF_8));
                    return m.find() ? Optional.of(m.group(1)) : Optional.empty();
                }
                case "sentry":
                    return text(JSON.readTree(body), "release");
                case "kscrash": {
                    JsonNode system = JSON.readTree(body).path("system");
                    return join(text(system, "CFBundleShortVersionString"), text(system, "CFBundleVersion"));
                }
                case "crashreport":
                    return text(JSON.readTree(body).path("process"), "app_version");
                default:
                    return Optional.empty();
            }
        } catch (IOException e) {
            return Optional.empty(); // the report was read already; a version is only a label
        }
    }

    private static boolean contains(byte[] body, String key) {
        byte[] k = key.getBytes(StandardCharsets.US_ASCII);
        outer:
        for (int i = 0; i + k.length <= body.length; i++) {
            for (int j = 0; j < k.length; j++) {
                if (body[i + j] != k[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static Optional<String> join(Optional<String> version, Optional<String> build) {
        if (version.isEmpty()) {
            return build;
        }
        return Optional.of(version.get() + build.filter(b -> !b.equals(version.get())).map(b -> " (" + b + ")")
                .orElse(""));
    }

    private static Optional<String> text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v != null && v.isValueNode() && !v.asText().isBlank() ? Optional.of(v.asText()) : Optional.empty();
    }
}
