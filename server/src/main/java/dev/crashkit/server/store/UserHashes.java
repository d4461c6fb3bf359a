package dev.crashkit.server.store;

import dev.crashkit.server.blob.Sha256;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.HexFormat;

/**
 * Turns a report's install/user identity into what is stored: SHA-256 over this server's salt and the
 * identity, in hex. The raw identity (an e-mail, an IP address, a device key) is never stored; the salt
 * (32 random bytes, made at the first start, kept in {@code server_settings}) stops a hash from being
 * matched against hashes of guessed identities made elsewhere.
 */
public final class UserHashes {
    private static final String SALT = "user_hash_salt";

    private final byte[] salt;

    private UserHashes(byte[] salt) {
        this.salt = salt;
    }

    /** The salt of {@code db}, made now if it has none (two servers starting at once keep the first one's). */
    public static UserHashes load(Database db) throws StoreException {
        byte[] fresh = new byte[32];
        new SecureRandom().nextBytes(fresh);
        String hex = db.write(c -> {
            try (PreparedStatement p = c.prepareStatement(
                    "INSERT INTO server_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING")) {
                p.setString(1, SALT);
                p.setString(2, HexFormat.of().formatHex(fresh));
                p.executeUpdate();
            }
            try (PreparedStatement p = c.prepareStatement("SELECT value FROM server_settings WHERE name = ?")) {
                p.setString(1, SALT);
                try (ResultSet r = p.executeQuery()) {
                    r.next();
                    return r.getString(1);
                }
            }
        });
        return new UserHashes(HexFormat.of().parseHex(hex));
    }

    /** {@return the stored form of {@code identity}: lower-case hex SHA-256 of salt and identity (UTF-8)} */
    public String hash(String identity) {
        MessageDigest d = Sha256.digest();
        d.update(salt);
        d.update(identity.getBytes(StandardCharsets.UTF_8));
        return Sha256.hex(d);
    }
}
