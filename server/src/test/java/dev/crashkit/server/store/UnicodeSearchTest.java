package dev.crashkit.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.crashkit.server.symbolication.Dimensions;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code q} folds case beyond ASCII on SQLite as PostgreSQL's {@code LOWER} does (SQLite's own folds only
 * A–Z): names written in German, Greek and Cyrillic are found by their upper-case spelling.
 */
class UnicodeSearchTest {
    @TempDir
    Path dir;

    @Test
    void frameTextAndGroupTitlesMatchCaseInsensitivelyInAnyScript() throws Exception {
        try (Database db = Database.open("jdbc:sqlite:" + dir.resolve("u.db"), 2)) {
            ReportStore reports = new ReportStore(db);
            Queue queue = new Queue(db, 60_000);
            Results results = new Results(db);
            Search search = new Search(db);
            String a = reports.ingestWithId("a1", 1, new byte[] {1}, "sha", "sentry", Dimensions.none(), 1000).id();
            String b = reports.ingestWithId("b1", 1, new byte[] {2}, "sha", "sentry", Dimensions.none(), 1001).id();
            for (Queue.Job j : queue.claim(2000, 4)) {
                boolean first = j.reportId().equals(a);
                String group = first ? "g-a" : "g-b";
                String title = first ? "Überweisung.prüfe" : "Запуск.старт";
                String frames = first ? "Überweisung.prüfe ψυχή.λέξη" : "Запуск.старт";
                results.completeAll(List.of(new Results.Done(j, new Results.Written("symbolicated", "{}", "[]", group,
                        title, "Error", "[]", List.of(), Dimensions.none(), frames), 0)), d -> false, 2001);
            }
            assertEquals(List.of(a), reportIds(search, "ÜBERWEISUNG.PRÜFE"));
            assertEquals(List.of(a), reportIds(search, "ΨΥΧΉ"));
            assertEquals(List.of(b), reportIds(search, "ЗАПУСК"));
            assertEquals(List.of(), reportIds(search, "UBERWEISUNG"));
            assertEquals(List.of("g-b"), search.groups(q("ЗАПУСК.СТАРТ"), 10, Optional.empty()).items().stream()
                    .map(Groups.Group::id).toList());
            assertEquals(List.of("g-a"), search.groups(q("PRÜFE"), 10, Optional.empty()).items().stream()
                    .map(Groups.Group::id).toList());
            assertEquals(1, (long) db.read(c -> {
                try (var s = c.createStatement(); var r = s.executeQuery("SELECT lower(NULL) IS NULL")) {
                    r.next();
                    return r.getLong(1);
                }
            }));
            reports.close();
        }
    }

    private static List<String> reportIds(Search search, String text) throws StoreException {
        return search.reports(q(text), 10, Optional.empty()).items().stream().map(ReportStore.Report::id).toList();
    }

    private static Search.Filter q(String text) {
        Search.Filter n = Search.Filter.none();
        return new Search.Filter(n.status(), n.version(), n.os(), n.device(), n.exception(), n.since(), n.until(),
                Optional.of(text), n.project(), n.group());
    }
}
