package dev.crashkit.server.store;

/** The two databases the server runs on; the schema is the same, only the binary column type differs. */
public enum Dialect {
    SQLITE("BLOB"), POSTGRESQL("BYTEA");

    private final String binaryType;

    Dialect(String binaryType) {
        this.binaryType = binaryType;
    }

    /** The migration text for this database ({@code ${BINARY}} replaced). */
    String adapt(String sql) {
        return sql.replace("${BINARY}", binaryType);
    }

    static Dialect of(String jdbcUrl) throws StoreException {
        if (jdbcUrl.startsWith("jdbc:sqlite:")) {
            return SQLITE;
        }
        if (jdbcUrl.startsWith("jdbc:postgresql:")) {
            return POSTGRESQL;
        }
        throw new StoreException("unsupported database URL (use jdbc:sqlite:FILE or jdbc:postgresql://...): "
                + redact(jdbcUrl));
    }

    /** The URL without query parameters (they may carry a password). */
    static String redact(String jdbcUrl) {
        int q = jdbcUrl.indexOf('?');
        return q < 0 ? jdbcUrl : jdbcUrl.substring(0, q) + "?…";
    }
}
