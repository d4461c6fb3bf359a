package dev.crashkit.server.web;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** Times as the pages show them (UTC, to the minute). */
final class Times {
    private static final DateTimeFormatter SHOW = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")
            .withZone(ZoneOffset.UTC);

    private Times() {
    }

    static String show(long epochMillis) {
        return SHOW.format(Instant.ofEpochMilli(epochMillis));
    }
}
