package dev.crashkit.server.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import org.sqlite.Function;

/**
 * SQLite's built-in {@code LOWER} folds only ASCII letters, so a search for "ÜBER" or "ЗАПУСК" missed
 * names PostgreSQL finds. Each SQLite connection gets {@code LOWER} replaced by Java's
 * {@link String#toLowerCase(Locale)} with {@link Locale#ROOT} (what {@link Search#like} applies to the
 * query text), so both sides of the {@code LIKE} fold the same way on either database. No index or
 * stored value uses {@code LOWER}, so the replacement changes nothing already written.
 */
final class UnicodeLower extends Function {
    private UnicodeLower() {
    }

    static void register(Connection c) throws SQLException {
        Function.create(c, "lower", new UnicodeLower(), 1, Function.FLAG_DETERMINISTIC);
    }

    @Override
    protected void xFunc() throws SQLException {
        String text = value_text(0);
        if (text == null) {
            result();
        } else {
            result(text.toLowerCase(Locale.ROOT));
        }
    }
}
