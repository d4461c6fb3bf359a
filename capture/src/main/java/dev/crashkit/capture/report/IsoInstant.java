package dev.crashkit.capture.report;

import java.time.Instant;

/**
 * {@link Instant#toString()} without {@code java.time.format}: the first call of the JDK's
 * formatter loads and initialises some fifty classes, a visible part of a first snapshot. Same
 * text for years 0000–9999 (UTC, seconds always, then 3, 6 or 9 fraction digits as needed);
 * other years go to the JDK.
 */
public final class IsoInstant {
    private static final long SECONDS_PER_DAY = 86_400;

    private IsoInstant() {
    }

    public static String format(Instant t) {
        long secs = t.getEpochSecond();
        long days = Math.floorDiv(secs, SECONDS_PER_DAY);
        int sod = (int) Math.floorMod(secs, SECONDS_PER_DAY);
        // Civil date from days since 1970-01-01 (proleptic Gregorian), in 400-year eras from 0000-03-01.
        long z = days + 719_468;
        long era = Math.floorDiv(z, 146_097);
        long doe = z - era * 146_097;
        long yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        long mp = (5 * doy + 2) / 153;
        long day = doy - (153 * mp + 2) / 5 + 1;
        long month = mp < 10 ? mp + 3 : mp - 9;
        long year = yoe + era * 400 + (month <= 2 ? 1 : 0);
        if (year < 0 || year > 9999) {
            return t.toString();
        }
        StringBuilder sb = new StringBuilder(30);
        pad(sb, year, 4).append('-');
        pad(sb, month, 2).append('-');
        pad(sb, day, 2).append('T');
        pad(sb, sod / 3600, 2).append(':');
        pad(sb, sod / 60 % 60, 2).append(':');
        pad(sb, sod % 60, 2);
        int nano = t.getNano();
        if (nano != 0) {
            sb.append('.');
            if (nano % 1_000_000 == 0) {
                pad(sb, nano / 1_000_000, 3);
            } else if (nano % 1000 == 0) {
                pad(sb, nano / 1000, 6);
            } else {
                pad(sb, nano, 9);
            }
        }
        return sb.append('Z').toString();
    }

    private static StringBuilder pad(StringBuilder sb, long v, int width) {
        String s = Long.toString(v);
        for (int i = s.length(); i < width; i++) {
            sb.append('0');
        }
        return sb.append(s);
    }
}
