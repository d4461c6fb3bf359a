package dev.crashkit.server.blob;

import java.util.regex.Pattern;

/**
 * The keys of the blob store: content addresses by SHA-256, under one prefix per kind, the first two hex
 * digits as a level of their own (a folder of a few thousand names rather than millions on a shared disk).
 * Keys are ASCII {@code [a-z0-9/-]} and never start with a dot (temporary files of a folder store do).
 */
public final class BlobKeys {
    public static final String REPORTS = "reports/";
    public static final String DEBUG_FILES = "debug-files/";
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");
    private static final Pattern KEY = Pattern.compile("[a-z0-9-]+(/[a-z0-9-]+)*");

    private BlobKeys() {
    }

    /** The key of a raw report with these bytes. */
    public static String report(String sha256) {
        return REPORTS + sharded(sha256);
    }

    /** The key of an uploaded debug file with these bytes. */
    public static String debugFile(String sha256) {
        return DEBUG_FILES + sharded(sha256);
    }

    /** The content's SHA-256 of a key made by {@link #report} or {@link #debugFile}. */
    public static String sha256Of(String key) {
        String sha256 = key.substring(key.lastIndexOf('/') + 1);
        if (!SHA256.matcher(sha256).matches() || !(key.equals(report(sha256)) || key.equals(debugFile(sha256)))) {
            throw new IllegalArgumentException("not a report or debug file key: " + key);
        }
        return sha256;
    }

    private static String sharded(String sha256) {
        if (!SHA256.matcher(sha256).matches()) {
            throw new IllegalArgumentException("not a lower-case hex SHA-256: " + sha256);
        }
        return sha256.substring(0, 2) + "/" + sha256;
    }

    /** Refuses a key a store must not be asked for (a bug in the caller: keys are made here). */
    static String check(String key) {
        if (!KEY.matcher(key).matches()) {
            throw new IllegalArgumentException("not a blob key: " + key);
        }
        return key;
    }

    /** Refuses a list prefix that is not a key's beginning. */
    static String checkPrefix(String prefix) {
        if (!prefix.isEmpty() && !KEY.matcher(prefix.endsWith("/") ? prefix + "x" : prefix).matches()) {
            throw new IllegalArgumentException("not a blob key prefix: " + prefix);
        }
        return prefix;
    }
}
