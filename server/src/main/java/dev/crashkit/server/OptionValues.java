package dev.crashkit.server;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * The checks of the server's option values, in one place: each refuses a value with one line naming
 * the option and what it takes. Values that may be secrets are never repeated (the callers of
 * {@link #refuse} only quote numbers, paths and URLs that are not secrets).
 */
final class OptionValues {
    private final CommandSpec spec;

    OptionValues(CommandSpec spec) {
        this.spec = spec;
    }

    /** {@code value} as a whole number from {@code min} to {@code max}. */
    long number(String option, String value, long min, long max) {
        try {
            long n = Long.parseLong(value.strip());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw refuse(option + " must be a whole number from " + min + " to " + max + ", not '" + value + "'");
    }

    /** {@link #number} for an {@code int} range. */
    int intNumber(String option, String value, int min, int max) {
        return (int) number(option, value, min, max);
    }

    Path path(String option, String value) {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            throw refuse(option + ": not a path: " + value);
        }
    }

    /** The server's address as SDKs reach it: http(s)://HOST[:PORT][/PATH], stripped. */
    String publicUrl(String option, String value) {
        URI u = uri(value);
        if (u != null && isHttp(u) && u.getRawAuthority() != null && u.getRawUserInfo() == null
                && u.getRawQuery() == null && u.getRawFragment() == null) {
            return value.strip();
        }
        throw refuse(option + " must be http(s)://HOST[:PORT][/PATH], not '" + value + "'");
    }

    /** An S3-compatible endpoint: http(s)://HOST[:PORT], stripped. */
    String endpoint(String option, String value) {
        URI u = uri(value);
        if (u != null && isHttp(u) && u.getHost() != null && u.getRawUserInfo() == null && u.getRawQuery() == null) {
            return value.strip();
        }
        throw refuse(option + " must be http(s)://HOST[:PORT], not '" + value + "'");
    }

    private static URI uri(String value) {
        try {
            return new URI(value.strip());
        } catch (URISyntaxException e) {
            return null;
        }
    }

    private static boolean isHttp(URI u) {
        return "http".equals(u.getScheme()) || "https".equals(u.getScheme());
    }

    /** A usage error picocli reports as it reports its own (ServerMain turns it into one line, exit 2). */
    ParameterException refuse(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
