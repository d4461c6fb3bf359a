package dev.crashkit.server.symbolication;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.symbolicator.Report;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A report's {@link Dimensions}: the OS and crash time from the library's model (every reader fills
 * them), the app version and device model from the fields each format names them by (the model has
 * none): {@code .ips} header {@code app_version}/{@code build_version} and body {@code modelCode};
 * {@code .crash} {@code Version:} and {@code Hardware Model:} lines; KSCrash {@code system}
 * {@code CFBundleShortVersionString}/{@code CFBundleVersion} and {@code machine}; Sentry {@code release}
 * and {@code contexts.device.model}; MetricKit {@code metaData.appVersion}/{@code deviceType}; our
 * crashreport/1 {@code process.app_version}. A {@code ???} (what Apple writes when it does not know) is
 * no value. The install or user, where the format names one: Sentry's {@code user} ({@code id}, else
 * {@code email}, {@code username}, {@code ip_address}: the order Sentry counts users by), KSCrash's
 * {@code system.device_app_hash}, Apple's {@code crashReporterKey} (.ips) / {@code CrashReporter Key:}
 * (.crash), the same key in both. MetricKit, PLCrashReporter, hs_err and crashreport/1 carry none.
 */
public final class ReportDimensions {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Greedy to the line's end, stripped after: linear in the line (no backtracking over trailing blanks). */
    private static final Pattern CRASH_VERSION = Pattern.compile("(?m)^Version:[ \\t]+([^\\r\\n]*)");
    private static final Pattern CRASH_MODEL = Pattern.compile("(?m)^Hardware Model:[ \\t]+([^\\r\\n]*)");
    private static final Pattern CRASH_REPORTER_KEY = Pattern.compile("(?m)^CrashReporter Key:[ \\t]+([^\\r\\n]*)");
    /** Sentry's user fields, in the order Sentry picks the one that identifies a user. */
    private static final String[] SENTRY_USER = {"id", "email", "username", "ip_address"};
    /** How Apple (.crash Date/Time, .ips captureTime) and MetricKit write times: {@code 2026-11-21 11:30:00.1234 +0000}. */
    private static final DateTimeFormatter APPLE_TIME = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd HH:mm:ss")
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true).optionalEnd()
            .optionalStart().appendLiteral(' ').appendOffset("+HHMM", "+0000").optionalEnd()
            .toFormatter();
    /** Only the header of a .crash is looked at (its lines come before any thread). */
    private static final int CRASH_HEADER_BYTES = 16 * 1024;

    private ReportDimensions() {
    }

    /** The dimensions of {@code report}, whose stored bytes are {@code body}. Never fails: a value not found is absent. */
    public static Dimensions of(Report report, byte[] body) {
        Optional<String> os = report.model().process().os();
        OptionalLong time = report.model().process().timestamp().map(ReportDimensions::time).orElse(OptionalLong.empty());
        Optional<String> version = Optional.empty();
        Optional<String> device = Optional.empty();
        Optional<String> user = Optional.empty();
        try {
            switch (report.format()) {
                case "ips": {
                    String text = new String(body, StandardCharsets.UTF_8);
                    int nl = text.indexOf('\n');
                    JsonNode header = JSON.readTree(nl > 0 ? text.substring(0, nl) : text);
                    version = join(text(header, "app_version"), text(header, "build_version"));
                    if (nl > 0) {
                        JsonNode ips = JSON.readTree(text.substring(nl + 1));
                        device = text(ips, "modelCode");
                        user = text(ips, "crashReporterKey").map(k -> "apple.crashReporterKey:" + k);
                    }
                    break;
                }
                case "apple_crash": {
                    String head = new String(body, 0, Math.min(body.length, CRASH_HEADER_BYTES), StandardCharsets.UTF_8);
                    // "Version: 1.2 (45)" is CFBundleShortVersionString (CFBundleVersion); "1.0 (1.0)" is just 1.0.
                    version = match(CRASH_VERSION, head).map(ReportDimensions::sameBuildOnce);
                    device = match(CRASH_MODEL, head);
                    user = match(CRASH_REPORTER_KEY, head).map(k -> "apple.crashReporterKey:" + k);
                    if (version.isEmpty() && head.startsWith("{")) {
                        // A .crash behind an .ips header line: the header names the version.
                        int nl = head.indexOf('\n');
                        JsonNode header = JSON.readTree(nl > 0 ? head.substring(0, nl) : head);
                        version = join(text(header, "app_version"), text(header, "build_version"));
                    }
                    break;
                }
                case "kscrash": {
                    JsonNode system = JSON.readTree(body).path("system");
                    version = join(text(system, "CFBundleShortVersionString"), text(system, "CFBundleVersion"));
                    device = text(system, "machine");
                    user = text(system, "device_app_hash").map(h -> "kscrash.device_app_hash:" + h);
                    break;
                }
                case "sentry": {
                    JsonNode root = JSON.readTree(body);
                    version = text(root, "release");
                    device = text(root.path("contexts").path("device"), "model");
                    user = sentryUser(root.path("user"));
                    break;
                }
                case "metrickit": {
                    JsonNode meta = metricKitMeta(JSON.readTree(body));
                    version = text(meta, "appVersion").map(v -> v + text(meta, "appBuildVersion")
                            .filter(b -> !b.equals(v)).map(b -> " (" + b + ")").orElse(""));
                    device = text(meta, "deviceType");
                    break;
                }
                case "crashreport":
                    if (contains(body, "\"app_version\"")) { // spare parsing the whole document again
                        version = text(JSON.readTree(body).path("process"), "app_version");
                    }
                    break;
                default:
                    break;
            }
        } catch (IOException e) {
            // The report was read already; a label it lacks is only absent.
        }
        return new Dimensions(version.filter(ReportDimensions::known), os.filter(ReportDimensions::known),
                device.filter(ReportDimensions::known), time, user);
    }

    /**
     * The first of Sentry's user fields that is set; {@code {{auto}}} (the SDK asking the server to fill in
     * the sender's address) is no value: the server does not fill it in.
     */
    private static Optional<String> sentryUser(JsonNode user) {
        for (String field : SENTRY_USER) {
            Optional<String> v = text(user, field).filter(x -> !x.equals("{{auto}}"));
            if (v.isPresent()) {
                return Optional.of("sentry.user." + field + ":" + v.get());
            }
        }
        return Optional.empty();
    }

    /** A stored MetricKit part is one diagnostic (with {@code diagnosticMetaData}) or a payload holding one. */
    private static JsonNode metricKitMeta(JsonNode root) {
        JsonNode meta = root.findValue("diagnosticMetaData");
        if (meta == null) {
            meta = root.findValue("metaData");
        }
        return meta == null ? JSON.createObjectNode() : meta;
    }

    /**
     * A report's timestamp as epoch milliseconds: ISO-8601 (with or without an offset: UTC), Apple's
     * {@code yyyy-MM-dd HH:mm:ss[.f] [+HHMM]}, or a number of seconds (milliseconds or microseconds when
     * that large, as KSCrash and Sentry write them).
     */
    static OptionalLong time(String text) {
        String t = text.strip();
        if (t.length() > 64) {
            return OptionalLong.empty(); // no way of writing a time is this long
        }
        try {
            if (NUMBER.matcher(t).matches()) {
                double v = Double.parseDouble(t);
                long ms = v >= 1e14 ? (long) (v / 1000) : v >= 1e11 ? (long) v : (long) (v * 1000);
                return OptionalLong.of(ms);
            }
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
        // The likely way first (a failed parse throws, which is not free): Apple's has a space after the day.
        Parser[] ways = t.length() > 10 && t.charAt(10) == ' ' ? APPLE_FIRST : ISO_FIRST;
        for (Parser p : ways) {
            try {
                return OptionalLong.of(p.parse(t));
            } catch (DateTimeParseException | ArithmeticException e) {
                // try the next way of writing it
            }
        }
        return OptionalLong.empty();
    }

    private static long apple(String s) {
        var parsed = APPLE_TIME.parse(s);
        LocalDateTime local = LocalDateTime.from(parsed);
        ZoneOffset offset = parsed.isSupported(ChronoField.OFFSET_SECONDS)
                ? ZoneOffset.ofTotalSeconds(parsed.get(ChronoField.OFFSET_SECONDS)) : ZoneOffset.UTC;
        return local.toInstant(offset).toEpochMilli();
    }

    private interface Parser {
        long parse(String text);
    }

    private static final Pattern NUMBER = Pattern.compile("\\d+(\\.\\d+)?");
    private static final Parser[] ISO_FIRST = {
        s -> Instant.parse(s).toEpochMilli(),
        s -> OffsetDateTime.parse(s).toInstant().toEpochMilli(),
        s -> LocalDateTime.parse(s).toInstant(ZoneOffset.UTC).toEpochMilli(),
        ReportDimensions::apple,
    };
    private static final Parser[] APPLE_FIRST = {ReportDimensions::apple};

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

    private static boolean known(String v) {
        String s = v.strip();
        return !s.isEmpty() && !s.startsWith("???");
    }

    /** {@code 1.0 (1.0)} → {@code 1.0}; anything else as it is. */
    static String sameBuildOnce(String line) {
        int open = line.indexOf('(');
        if (open <= 0 || !line.endsWith(")")) {
            return line;
        }
        String version = line.substring(0, open).strip();
        return version.equals(line.substring(open + 1, line.length() - 1).strip()) ? version : line;
    }

    private static Optional<String> match(Pattern p, String text) {
        Matcher m = p.matcher(text);
        return m.find() ? Optional.of(m.group(1).strip()).filter(v -> !v.isEmpty()) : Optional.empty();
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
