package dev.crashkit.server.blob;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 digests as the server keeps them everywhere (lower-case hex): blob keys, report and token hashes. */
public final class Sha256 {
    private Sha256() {
    }

    /** {@return the lower-case hex SHA-256 of {@code data}} */
    public static String of(byte[] data) {
        return HexFormat.of().formatHex(digest().digest(data));
    }

    /** {@return the lower-case hex SHA-256 of {@code text} in UTF-8} */
    public static String of(String text) {
        return of(text.getBytes(StandardCharsets.UTF_8));
    }

    /** A new SHA-256 digest. */
    public static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }

    /** {@return the digest's result in lower-case hex (the digest is reset)} */
    public static String hex(MessageDigest d) {
        return HexFormat.of().formatHex(d.digest());
    }
}
