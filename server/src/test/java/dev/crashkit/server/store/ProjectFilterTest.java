package dev.crashkit.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.crashkit.server.symbolication.Dimensions;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The project filter against reports.project_id (schema 2; no API sets it before the projects work is
 * merged, so the column is written directly here): reports filter on it, groups on their reports' projects.
 */
class ProjectFilterTest {
    @TempDir
    Path dir;

    @Test
    void reportsAndGroupsFilterByProject() throws Exception {
        try (Database db = Database.open("jdbc:sqlite:" + dir.resolve("p.db"), 2)) {
            ReportStore reports = new ReportStore(db);
            Queue queue = new Queue(db, 60_000);
            Results results = new Results(db);
            Search search = new Search(db);
            // Two projects (ids 2 and 3), each report stored in one as the Sentry ingest stores it.
            String a = reports.ingestWithId("a1", 2, new byte[] {1}, "sha", "crashreport", Dimensions.none(), 1000).id();
            String b = reports.ingestWithId("b1", 3, new byte[] {2}, "sha", "crashreport", Dimensions.none(), 1001).id();
            for (Queue.Job j : queue.claim(2000, 4)) {
                String group = j.reportId().equals(a) ? "g-ios" : "g-android";
                results.completeAll(List.of(new Results.Done(j, new Results.Written("symbolicated", "{}", "[]", group,
                        group, "SIGSEGV", "[]", List.of(), Dimensions.none(), ""), 0)), d -> false, 2001);
            }
            Search.Filter none = Search.Filter.none();
            Search.Filter ios = new Search.Filter(none.status(), none.version(), none.os(), none.device(), none.exception(),
                    OptionalLong.empty(), OptionalLong.empty(), none.q(), Optional.of("2"), none.group());
            assertEquals(List.of(a), search.reports(ios, 10, Optional.empty()).items().stream()
                    .map(ReportStore.Report::id).toList());
            assertEquals(List.of("g-ios"), search.groups(ios, 10, Optional.empty()).items().stream()
                    .map(Groups.Group::id).toList());
            assertEquals(2, search.groups(none, 10, Optional.empty()).items().size());
            reports.close();
        }
    }
}
