package dev.crashkit.server.store;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every search SQLite runs reads an index in the list's order: no full scan of a table, no sort of the
 * matching rows (SQLite's own EXPLAIN QUERY PLAN says so), so a page costs the rows it walks, not the table.
 */
class SearchPlanTest {
    @TempDir
    Path dir;

    @Test
    void everyFilterWalksAnIndexInPageOrder() throws Exception {
        try (Database db = Database.open("jdbc:sqlite:" + dir.resolve("plan.db"), 1)) {
            Optional<Search.Cursor> after = Optional.of(new Search.Cursor(1_700_000_000_000L, "id"));
            for (Search.Filter f : filters()) {
                for (Optional<Search.Cursor> cursor : List.of(Optional.<Search.Cursor>empty(), after)) {
                    if (f.status().isEmpty()) { // a report's status is checked on the rows walked (no index: see Search)
                        check(db, Search.reportQuery(f, 50, cursor), "reports", f);
                    }
                    if (f.group().isEmpty()) {
                        check(db, Search.groupQuery(f, 50, cursor), "crash_groups", f);
                    }
                }
            }
        }
    }

    private static List<Search.Filter> filters() {
        Search.Filter none = Search.Filter.none();
        List<Search.Filter> out = new ArrayList<>();
        out.add(none);
        Optional<String> v = Optional.of("x");
        out.add(new Search.Filter(v, none.version(), none.os(), none.device(), none.exception(), none.since(), none.until(), none.q(), none.project(), none.group()));
        out.add(new Search.Filter(none.status(), v, none.os(), none.device(), none.exception(), none.since(), none.until(), none.q(), none.project(), none.group()));
        out.add(new Search.Filter(none.status(), none.version(), v, none.device(), none.exception(), none.since(), none.until(), none.q(), none.project(), none.group()));
        out.add(new Search.Filter(none.status(), none.version(), none.os(), v, none.exception(), none.since(), none.until(), none.q(), none.project(), none.group()));
        out.add(new Search.Filter(none.status(), none.version(), none.os(), none.device(), v, none.since(), none.until(), none.q(), none.project(), none.group()));
        out.add(new Search.Filter(none.status(), none.version(), none.os(), none.device(), none.exception(), OptionalLong.of(5), OptionalLong.of(9), none.q(), none.project(), none.group()));
        out.add(new Search.Filter(none.status(), none.version(), none.os(), none.device(), none.exception(), none.since(), none.until(), v, none.project(), none.group()));
        out.add(new Search.Filter(none.status(), none.version(), none.os(), none.device(), none.exception(), none.since(), none.until(), none.q(), v, none.group()));
        out.add(none.withGroup("g"));
        return out;
    }

    private static void check(Database db, Search.Query q, String table, Search.Filter f) throws Exception {
        List<String> plan = db.read(c -> {
            List<String> lines = new ArrayList<>();
            try (PreparedStatement p = Search.prepare(c, new Search.Query("EXPLAIN QUERY PLAN " + q.sql(), q.params()));
                 ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    lines.add(r.getString("detail"));
                }
            }
            return lines;
        });
        String all = String.join(" | ", plan) + "  ← " + q.sql() + "  for " + f;
        for (String line : plan) {
            assertFalse(line.matches("SCAN \\w+") || line.matches("SCAN \\w+ \\w+"), "a full scan: " + all);
        }
        assertFalse(all.contains("TEMP B-TREE"), "a sort of the matching rows: " + all);
        assertTrue(plan.get(0).contains("USING INDEX") || plan.get(0).contains("USING COVERING INDEX")
                || plan.get(0).contains("PRIMARY KEY"), all);
    }
}
