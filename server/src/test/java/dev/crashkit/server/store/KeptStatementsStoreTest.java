package dev.crashkit.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.crashkit.server.metrics.Metrics;
import dev.crashkit.server.symbolication.DebugFiles;
import dev.crashkit.server.symbolication.ReportSymbolicator;
import dev.crashkit.server.worker.Workers;
import dev.crashkit.symbolicator.InputLimits;
import dev.crashkit.symbolicator.SymbolSources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What ingest and the workers store is the same whether SQLite statements are kept ({@link CachedStatements})
 * or prepared afresh, as before (issue 32 goal 4): real reports of six formats, each uploaded twice (one group,
 * counted twice) and once repeated with its client id, symbolicated, and every table compared row by row
 * (report ids by client id; times of the run, and the per-database salted user hashes, masked). Likewise with
 * SQLite's writes group-committed or each alone.
 */
class KeptStatementsStoreTest {
    private static final List<String> TABLES = List.of("reports", "report_bodies", "report_results", "jobs",
            "crash_groups", "missing_images", "group_facets", "group_activity", "group_users");
    /** Set from the clock while the workers run: differ between any two runs. */
    private static final Set<String> RUN_TIMES = Set.of("symbolicated_at", "created_at", "at");

    @TempDir
    Path tmp;

    @Test
    void keptStatementsStoreWhatFreshStatementsStore() throws Exception {
        Map<String, List<String>> kept = run(true, false);
        Map<String, List<String>> fresh = run(false, false);
        assertFalse(kept.get("report_results").isEmpty());
        assertFalse(kept.get("group_facets").isEmpty());
        for (String table : TABLES) {
            assertEquals(fresh.get(table), kept.get(table), table);
        }
    }

    /**
     * The same with every SQLite write group-committed ({@link GroupCommit}: each report, claim and result a
     * savepoint in a shared transaction) as with each write a transaction of its own under the writer lock.
     */
    @Test
    void groupCommitStoresWhatTransactionsAloneStore() throws Exception {
        Map<String, List<String>> grouped = run(true, true);
        Map<String, List<String>> alone = run(true, false);
        assertFalse(grouped.get("report_results").isEmpty());
        assertFalse(grouped.get("group_facets").isEmpty());
        for (String table : TABLES) {
            assertEquals(alone.get(table), grouped.get(table), table);
        }
    }

    private Map<String, List<String>> run(boolean keepStatements, boolean groupCommit) throws Exception {
        List<Path> uploads = List.of(Path.of("testdata/server/bench-crash.json"), Path.of("testdata/minidump/crashy.dmp"),
                dev.crashkit.testkit.TestData.file("reports/apple/ios-arm64.ips"),
                dev.crashkit.testkit.TestData.thirdParty("apple-crash-report-parser/fixtures/xcode16.txt"),
                dev.crashkit.testkit.TestData.thirdParty("sentrycrash/crash-report-1.json"),
                dev.crashkit.testkit.TestData.thirdParty("sentry-crashprobe/release-arm64/Call abort().json"));
        Path dir = Files.createDirectories(tmp.resolve((keepStatements ? "kept" : "fresh") + (groupCommit ? "-grouped" : "")));
        try (Database db = Database.open("jdbc:sqlite:" + dir.resolve("t.db"), 6, keepStatements, groupCommit);
             DebugFiles files = DebugFiles.open(List.of(Path.of("testdata/macho"), Path.of("testdata/minidump/crashy")),
                     SymbolSources.none(), dir.resolve("uploads"), dir.resolve("cache"), false, m -> { })) {
            ReportStore reports = new ReportStore(db);
            Queue queue = new Queue(db, 60_000);
            ReportSymbolicator symbolicator = new ReportSymbolicator(files, InputLimits.defaults());
            try {
                long now = 1_700_000_000_000L;
                for (int i = 0; i < uploads.size(); i++) {
                    byte[] body = Files.readAllBytes(uploads.get(i));
                    for (int copy = 0; copy < 3; copy++) {
                        // copy 2 repeats copy 1's client id: answered with its report, nothing stored.
                        String client = "r" + i + "-" + Math.min(copy, 1);
                        for (ReportSymbolicator.Part p : symbolicator.checkAll(body)) {
                            reports.ingest(p.body(), dev.crashkit.server.blob.Sha256.of(p.body()), p.checked().format(),
                                    p.checked().dimensions(), Optional.of(client), now + 10L * i + copy);
                        }
                    }
                }
                Workers workers = new Workers(queue, reports, new Results(db), symbolicator, files,
                        new Metrics(files::symbolCacheStats), m -> { });
                try {
                    workers.start(1); // one worker: the same order of results (and of activity entries) in both runs
                    workers.wake();
                    long deadline = System.nanoTime() + 120_000_000_000L;
                    while (queue.depth() > 0 && System.nanoTime() < deadline) {
                        Thread.sleep(20);
                    }
                } finally {
                    workers.close();
                }
                assertEquals(0, queue.depth(), "every report symbolicated");
            } finally {
                reports.close();
            }
            return db.read(c -> {
                Map<String, String> clientOf = new HashMap<>();
                try (Statement s = c.createStatement();
                     ResultSet r = s.executeQuery("SELECT id, client_report_id FROM reports")) {
                    while (r.next()) {
                        clientOf.put(r.getString(1), "report of " + r.getString(2));
                    }
                }
                Map<String, List<String>> out = new TreeMap<>();
                for (String table : TABLES) {
                    out.put(table, rows(c, table, clientOf));
                }
                return out;
            });
        }
    }

    /** A table's rows as text, sorted: report ids replaced by their client ids, run times and user hashes masked. */
    private static List<String> rows(java.sql.Connection c, String table, Map<String, String> clientOf)
            throws java.sql.SQLException {
        List<String> rows = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT * FROM " + table)) {
            ResultSetMetaData meta = r.getMetaData();
            while (r.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    String column = meta.getColumnName(i);
                    Object v = r.getObject(i);
                    String text = v instanceof byte[] b ? HexFormat.of().formatHex(b) : String.valueOf(v);
                    if (v != null && RUN_TIMES.contains(column)) {
                        text = "<time>";
                    } else if (v != null && column.equals("user_hash")) {
                        text = "<hash>";
                    } else if (clientOf.containsKey(text)) {
                        text = clientOf.get(text);
                    }
                    row.append(column).append('=').append(text).append("; ");
                }
                rows.add(row.toString());
            }
        }
        rows.sort(null);
        return rows;
    }
}
