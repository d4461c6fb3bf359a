package dev.crashkit.server.blob;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 digests as the store keys them (lower-case hex). */
final class Sha256 {
    private Sha256() {
    }

    static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }

    static String hex(MessageDigest d) {
        return HexFormat.of().formatHex(d.digest());
    }
}
