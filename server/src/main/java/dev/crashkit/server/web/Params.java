package dev.crashkit.server.web;

import java.time.Instant;
import java.time.format.DateTimeParseException;

/** Query parameters, checked (a bad one is a 400 naming it). */
final class Params {
    private Params() {
    }

    static int intParam(String text, int dflt, int min, int max, String name) {
        if (text == null || text.isBlank()) {
            return dflt;
        }
        try {
            int v = Integer.parseInt(text.strip());
            if (v < min || v > max) {
                throw new ApiError(400, name + " must be between " + min + " and " + max);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new ApiError(400, name + " is not a number");
        }
    }

    /** An ISO-8601 instant or epoch milliseconds. */
    static long time(String text) {
        return time(text, "since");
    }

    /** An ISO-8601 instant or epoch milliseconds; {@code name} names the parameter in the error. */
    static long time(String text, String name) {
        String t = text.strip();
        try {
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            try {
                if (t.length() == 10) {
                    return java.time.LocalDate.parse(t).atStartOfDay(java.time.ZoneOffset.UTC).toInstant().toEpochMilli();
                }
                return Instant.parse(t).toEpochMilli();
            } catch (DateTimeParseException e2) {
                throw new ApiError(400, name + " must be an ISO-8601 time (2026-01-31T00:00:00Z), a day (2026-01-31, UTC) or epoch milliseconds");
            }
        }
    }
}
