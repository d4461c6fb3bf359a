package dev.crashkit.server.store;

import dev.crashkit.server.blob.Sha256;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Projects: a name, a numeric id and a public key, which together make the DSN a Sentry SDK is given
 * ({@code http://KEY@HOST:PORT/ID}). Read once and kept in memory (ingest checks a key per request);
 * changed only through {@link #create} and {@link #newUploadToken}, which refresh the copy.
 */
public final class Projects {
    /** The project that exists on every server, holding reports posted without one. */
    public static final String DEFAULT = "default";
    /** Its id: reports stored before projects existed were given it by the migration. */
    public static final long DEFAULT_ID = 1;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    private static final SecureRandom RANDOM = new SecureRandom();
    /** Upload tokens start with it: told apart from ingest keys (32 hex digits) at a glance. */
    private static final String UPLOAD_TOKEN_PREFIX = "cku_";

    /**
     * A project; {@code publicKey} is the 32 hex digits a DSN carries before the {@code @} (also the ingest key
     * for {@code Authorization: Bearer}); {@code uploadTokenSha256} the hex SHA-256 of its upload token, when
     * one was made.
     */
    public record Project(long id, String name, String publicKey, long createdAt, Optional<String> uploadTokenSha256) {
        /** True when {@code key} is this project's public key (constant-time). */
        public boolean keyMatches(String key) {
            return MessageDigest.isEqual(publicKey.getBytes(StandardCharsets.US_ASCII),
                    key.getBytes(StandardCharsets.UTF_8));
        }

        /** True when {@code token} is this project's upload token (its SHA-256 compared in constant time). */
        public boolean uploadTokenMatches(String token) {
            return uploadTokenSha256.isPresent() && MessageDigest.isEqual(
                    uploadTokenSha256.get().getBytes(StandardCharsets.US_ASCII),
                    Sha256.of(token).getBytes(StandardCharsets.US_ASCII));
        }

        /** True when {@code slug} names this project (its name, or its id as a number). */
        public boolean isNamed(String slug) {
            return name.equals(slug) || String.valueOf(id).equals(slug);
        }
    }

    /** A name that cannot be a project's, or one taken already. */
    public static final class BadName extends Exception {
        /** True when the name is fine but another project has it. */
        public final boolean taken;

        BadName(String message, boolean taken) {
            super(message);
            this.taken = taken;
        }
    }

    private final Database db;
    private volatile Map<Long, Project> byId = Map.of();
    /** When {@link #byId} was read (nanoTime); another server may change projects, so it is read again. */
    private volatile long loadedAt;

    /** Loads the projects, creating the default one (and each of {@code names}) when missing. */
    public Projects(Database db, List<String> names) throws StoreException {
        this.db = db;
        ensure(DEFAULT);
        for (String n : names) {
            ensure(n);
        }
        reload();
    }

    /** Checks a name: 1 to 64 of letters, digits, {@code . _ -}, starting with a letter or digit. */
    public static void checkName(String name) throws BadName {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new BadName("project name must be 1 to 64 letters, digits, '.', '_' or '-', starting with a letter "
                    + "or digit", false);
        }
    }

    private void ensure(String name) throws StoreException {
        for (int attempt = 1; ; attempt++) {
            try {
                db.write(c -> {
                    if (byName(c, name).isEmpty()) {
                        insert(c, name);
                    }
                    return null;
                });
                return;
            } catch (StoreException e) {
                // Another server starting on the same database created it (or took the id) meanwhile: look again.
                if (attempt >= 3) {
                    throw e;
                }
            }
        }
    }

    /**
     * The projects as cached, read again when older than {@link #FRESH_NANOS}: another server on the same
     * database may have created a project or replaced an upload token (the old one must stop working here
     * too). If the database cannot be read the cached ones serve.
     */
    private Map<Long, Project> current() {
        if (System.nanoTime() - loadedAt > FRESH_NANOS) {
            try {
                reload();
            } catch (StoreException e) {
                loadedAt = System.nanoTime(); // not again at once; the next try in a second
            }
        }
        return byId;
    }

    /** How long projects read from the database are used as they are. */
    private static final long FRESH_NANOS = 1_000_000_000L;

    /** Creates a project. */
    public Project create(String name) throws StoreException, BadName {
        checkName(name);
        Optional<Project> made = db.write(c -> byName(c, name).isPresent() ? Optional.empty()
                : Optional.of(insert(c, name)));
        if (made.isEmpty()) {
            throw new BadName("a project named " + name + " exists already", true);
        }
        reload();
        return made.get();
    }

    /**
     * Makes a new upload token for project {@code id}, replacing the one it had (which stops working), and
     * answers it: the only time it is seen, as only its SHA-256 is kept.
     */
    public String newUploadToken(long id) throws StoreException {
        byte[] random = new byte[32];
        RANDOM.nextBytes(random);
        String token = UPLOAD_TOKEN_PREFIX + HexFormat.of().formatHex(random);
        int changed = db.write(c -> {
            try (PreparedStatement p = c.prepareStatement(
                    "UPDATE projects SET upload_token_sha256 = ?, upload_token_created_at = ? WHERE id = ?")) {
                p.setString(1, Sha256.of(token));
                p.setLong(2, System.currentTimeMillis());
                p.setLong(3, id);
                return p.executeUpdate();
            }
        });
        if (changed != 1) {
            throw new StoreException("no project " + id);
        }
        reload();
        return token;
    }

    /** The project whose ingest key (public key) this is; every project is compared, in constant time each. */
    public Optional<Project> byIngestKey(String key) {
        Project found = null;
        for (Project p : current().values()) {
            if (p.keyMatches(key)) {
                found = p;
            }
        }
        return Optional.ofNullable(found);
    }

    /** The project whose upload token this is; every project is compared, in constant time each. */
    public Optional<Project> byUploadToken(String token) {
        Project found = null;
        for (Project p : current().values()) {
            if (p.uploadTokenMatches(token)) {
                found = p;
            }
        }
        return Optional.ofNullable(found);
    }

    /** Every project, by id. */
    public List<Project> list() {
        return new ArrayList<>(current().values());
    }

    public Optional<Project> get(long id) {
        return Optional.ofNullable(current().get(id));
    }

    private void reload() throws StoreException {
        loadedAt = System.nanoTime();
        byId = db.read(c -> {
            Map<Long, Project> out = new TreeMap<>();
            try (PreparedStatement p = c.prepareStatement(
                    "SELECT id, name, public_key, created_at, upload_token_sha256 FROM projects ORDER BY id");
                 ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.put(r.getLong(1), new Project(r.getLong(1), r.getString(2), r.getString(3), r.getLong(4),
                            Optional.ofNullable(r.getString(5))));
                }
            }
            return java.util.Collections.unmodifiableMap(out);
        });
    }

    private static Optional<Long> byName(Connection c, String name) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT id FROM projects WHERE name = ?")) {
            p.setString(1, name);
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? Optional.of(r.getLong(1)) : Optional.empty();
            }
        }
    }

    /** Inside a write transaction: the default project takes id 1, every other the next free id. */
    private static Project insert(Connection c, String name) throws SQLException {
        long id;
        if (name.equals(DEFAULT)) {
            id = DEFAULT_ID;
        } else {
            try (PreparedStatement p = c.prepareStatement("SELECT COALESCE(MAX(id), 1) + 1 FROM projects");
                 ResultSet r = p.executeQuery()) {
                r.next();
                id = r.getLong(1);
            }
        }
        byte[] key = new byte[16];
        RANDOM.nextBytes(key);
        Project made = new Project(id, name, HexFormat.of().formatHex(key), System.currentTimeMillis(),
                Optional.empty());
        try (PreparedStatement p = c.prepareStatement(
                "INSERT INTO projects (id, name, public_key, created_at) VALUES (?, ?, ?, ?)")) {
            p.setLong(1, made.id());
            p.setString(2, made.name());
            p.setString(3, made.publicKey());
            p.setLong(4, made.createdAt());
            p.executeUpdate();
        }
        return made;
    }
}
