package dev.crashkit.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.crashkit.server.PostgresSchema;
import dev.crashkit.server.symbolication.Dimensions;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A group's first and last seen are stored counters that keep removed reports: when a stored report later
 * leaves the group (symbolicated again into another one), they are not recomputed from the stored rows alone
 * (Triage.leave reads removed_first_seen / removed_last_seen, schema 7). On SQLite and PostgreSQL.
 */
class RetentionCountersTest {
    @TempDir
    Path data;

    @Test
    void firstSeenKeepsARemovedReportWhenAnotherLeavesTheGroupOnSqlite() throws Exception {
        run("jdbc:sqlite:" + data.resolve("t.db"));
    }

    @Test
    void firstSeenKeepsARemovedReportWhenAnotherLeavesTheGroupOnPostgres() throws Exception {
        try (PostgresSchema schema = PostgresSchema.create("retcounters")) {
            run(schema.url());
        }
    }

    private static void run(String url) throws Exception {
        try (Database db = Database.open(url, 4)) {
            ReportStore reports = new ReportStore(db);
            try {
                Queue queue = new Queue(db, 60_000);
                Results results = new Results(db);
                List<String> ids = new ArrayList<>();
                for (long t : new long[] {1000, 2000, 3000}) {
                    ids.add(reports.ingest(new byte[] {(byte) t}, "00", "test", Dimensions.none(), Optional.empty(), t).id());
                }
                complete(results, queue.claim(4000, 10), "G1", 5000);
                assertEquals(3, new Groups(db).get("G1").orElseThrow().count());

                Retention.Removed removed = new Retention(db).run(new Retention.Policy(0, 2, 0), 6000);
                assertEquals(1, removed.reports());
                assertEquals(Optional.empty(), reports.report(ids.get(0)));
                Groups.Group g1 = new Groups(db).get("G1").orElseThrow();
                assertEquals(List.of(3L, 1L, 1000L, 3000L), List.of(g1.count(), g1.removed(), g1.firstSeen(), g1.lastSeen()));

                // The newest report is symbolicated again into another group.
                db.write(c -> {
                    try (PreparedStatement p = c.prepareStatement("INSERT INTO jobs (report_id, queued_at) VALUES (?, 7000)")) {
                        p.setString(1, ids.get(2));
                        return p.executeUpdate();
                    }
                });
                complete(results, queue.claim(8000, 10), "G2", 9000);
                g1 = new Groups(db).get("G1").orElseThrow();
                assertEquals(2, g1.count(), "the removed report and the one still stored");
                assertEquals(1000, g1.firstSeen(), "the removed report's time, not the oldest stored row's (2000)");
                assertEquals(2000, g1.lastSeen());
                Groups.Group g2 = new Groups(db).get("G2").orElseThrow();
                assertEquals(List.of(1L, 0L, 3000L, 3000L), List.of(g2.count(), g2.removed(), g2.firstSeen(), g2.lastSeen()));
            } finally {
                reports.close();
            }
        }
    }

    private static void complete(Results results, List<Queue.Job> jobs, String group, long now) throws StoreException {
        List<Results.Done> done = new ArrayList<>();
        for (Queue.Job j : jobs) {
            done.add(new Results.Done(j, new Results.Written("symbolicated", "{}", "[]", group, group + " title",
                    "EXC", "[]", List.of(), Dimensions.none(), ""), 0));
        }
        results.completeAll(done, d -> false, now);
    }
}
