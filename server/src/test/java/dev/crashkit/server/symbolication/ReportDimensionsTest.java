package dev.crashkit.server.symbolication;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicator.InputLimits;
import dev.crashkit.symbolicator.Report;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ReportDimensionsTest {

    /** Each way of writing a time, against java.time's own reading of the same instant. */
    @Test
    void timesAsTheFormatsWriteThem() {
        assertEquals(ms(Instant.parse("2026-11-21T10:00:00Z")), ReportDimensions.time("2026-11-21T10:00:00Z"));
        assertEquals(ms(OffsetDateTime.parse("2026-11-21T12:00:00+02:00").toInstant()),
                ReportDimensions.time("2026-11-21T12:00:00+02:00"));
        assertEquals(ms(Instant.parse("2017-01-26T10:49:57Z")), ReportDimensions.time("2017-01-26T10:49:57"), "Sentry: UTC");
        assertEquals(ms(OffsetDateTime.parse("2022-04-01T10:11:12.3456+02:00").toInstant()),
                ReportDimensions.time("2022-04-01 10:11:12.3456 +0200"), ".crash Date/Time");
        assertEquals(ms(Instant.parse("2026-11-28T00:00:00Z")), ReportDimensions.time("2026-11-28 00:00:00 +0000"));
        assertEquals(OptionalLong.of(1_485_427_797_000L), ReportDimensions.time("1485427797"), "epoch seconds");
        assertEquals(OptionalLong.of(1_485_427_797_250L), ReportDimensions.time("1485427797.25"));
        assertEquals(OptionalLong.of(1_485_427_797_123L), ReportDimensions.time("1485427797123"), "epoch ms");
        assertEquals(OptionalLong.of(1_485_427_797_123L), ReportDimensions.time("1485427797123456"), "epoch µs");
        assertEquals(OptionalLong.empty(), ReportDimensions.time("yesterday"));
        assertEquals(OptionalLong.empty(), ReportDimensions.time("9".repeat(5000)));
        assertEquals(OptionalLong.empty(), ReportDimensions.time(""));
    }

    @Test
    void aVersionAndTheSameBuildIsOneVersion() {
        assertEquals("1.0", ReportDimensions.sameBuildOnce("1.0 (1.0)"));
        assertEquals("1 (1.0)", ReportDimensions.sameBuildOnce("1 (1.0)"));
        assertEquals("4.21.1", ReportDimensions.sameBuildOnce("4.21.1"));
        assertEquals("(1)", ReportDimensions.sameBuildOnce("(1)"));
    }

    /**
     * The install/user identity of real reports, each checked against the field of the file itself (read
     * here with Jackson or as the text line): Apple's CrashReporter Key in an .ips and in a .crash
     * (getsentry/apple-crash-report-parser), KSCrash's device_app_hash (a SentryCrash report of sentry-cocoa),
     * none in a Sentry event without a user (CrashProbe).
     */
    @Test
    void theInstallOrUserEachFormatNames() throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        java.nio.file.Path ips = dev.crashkit.testkit.TestData.file("reports/apple/ios-arm64.ips");
        String ipsText = java.nio.file.Files.readString(ips);
        String key = json.readTree(ipsText.substring(ipsText.indexOf('\n') + 1)).get("crashReporterKey").asText();
        assertEquals(java.util.Optional.of("apple.crashReporterKey:" + key), user(ips));

        java.nio.file.Path crash = dev.crashkit.testkit.TestData.thirdParty("apple-crash-report-parser/fixtures/xcode16.txt");
        String line = java.nio.file.Files.readAllLines(crash).get(1);
        assertTrue(line.startsWith("CrashReporter Key:"), line);
        assertEquals(java.util.Optional.of("apple.crashReporterKey:" + line.substring("CrashReporter Key:".length()).strip()),
                user(crash));

        java.nio.file.Path kscrash = dev.crashkit.testkit.TestData.thirdParty("sentrycrash/crash-report-1.json");
        String hash = json.readTree(kscrash.toFile()).get("system").get("device_app_hash").asText();
        assertEquals(java.util.Optional.of("kscrash.device_app_hash:" + hash), user(kscrash));

        assertEquals(java.util.Optional.empty(),
                user(dev.crashkit.testkit.TestData.thirdParty("sentry-crashprobe/release-arm64/Call abort().json")));
    }

    /** Sentry's user fields in the order Sentry picks one; {@code {{auto}}} is no address. */
    @Test
    void aSentryUserIsItsIdElseEmailElseUsernameElseAddress() throws Exception {
        byte[] event = java.nio.file.Files.readAllBytes(
                dev.crashkit.testkit.TestData.thirdParty("sentry-crashprobe/release-arm64/Call abort().json"));
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        String[][] cases = {
            {"{\"id\":\"42\",\"email\":\"a@example.com\"}", "sentry.user.id:42"},
            {"{\"email\":\"a@example.com\",\"username\":\"a\"}", "sentry.user.email:a@example.com"},
            {"{\"username\":\"a\",\"ip_address\":\"198.51.100.7\"}", "sentry.user.username:a"},
            {"{\"ip_address\":\"198.51.100.7\"}", "sentry.user.ip_address:198.51.100.7"},
            {"{\"ip_address\":\"{{auto}}\"}", null},
        };
        for (String[] c : cases) {
            com.fasterxml.jackson.databind.node.ObjectNode root = (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(event);
            root.set("user", json.readTree(c[0]));
            byte[] body = json.writeValueAsBytes(root);
            Dimensions d = ReportDimensions.of(Report.read("r", body, InputLimits.defaults()), body);
            assertEquals(java.util.Optional.ofNullable(c[1]), d.user(), c[0]);
        }
    }

    private static java.util.Optional<String> user(java.nio.file.Path file) throws Exception {
        byte[] body = java.nio.file.Files.readAllBytes(file);
        return ReportDimensions.of(Report.read("r", body, InputLimits.defaults()), body).user();
    }

    /** A .crash whose header lines are huge, blank-padded or unknown: read in time linear in the header. */
    @Test
    void hostileCrashHeadersStayLinear() throws Exception {
        String template = new String(java.nio.file.Files.readAllBytes(dev.crashkit.testkit.TestData.file("reports/crash/synthetic-macos12-tabs.crash")),
                StandardCharsets.UTF_8);
        int firstLine = template.indexOf('\n') + 1; // after "Process:", which tells the format
        String padded = template.substring(0, firstLine) + "Version:" + " \t".repeat(200_000) + "x\nHardware Model:"
                + " ".repeat(200_000) + "\n" + template.substring(firstLine);
        String unknown = template.substring(0, firstLine) + "Version:      ??? (???)\nHardware Model:   ???\n"
                + template.substring(firstLine);
        Report read = Report.read("r", padded.getBytes(StandardCharsets.UTF_8), InputLimits.defaults());
        long start = System.nanoTime();
        Dimensions d = ReportDimensions.of(read, padded.getBytes(StandardCharsets.UTF_8));
        // Only the first 16 KB are looked at, in one linear pass.
        assertTrue(System.nanoTime() - start < 1_000_000_000L, "bounded time");
        assertTrue(d.appVersion().isEmpty() || d.appVersion().get().length() <= Dimensions.MAX_LENGTH, d.toString());
        Dimensions none = ReportDimensions.of(Report.read("r", unknown.getBytes(StandardCharsets.UTF_8), InputLimits.defaults()),
                unknown.getBytes(StandardCharsets.UTF_8));
        assertTrue(none.appVersion().isEmpty() && none.device().isEmpty(), "??? is no value: " + none);
    }

    private static OptionalLong ms(Instant i) {
        return OptionalLong.of(i.toEpochMilli());
    }
}
