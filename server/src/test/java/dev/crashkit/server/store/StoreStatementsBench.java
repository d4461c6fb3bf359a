package dev.crashkit.server.store;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.server.bench.Burst;
import dev.crashkit.server.symbolication.DebugFiles;
import dev.crashkit.server.symbolication.Outcome;
import dev.crashkit.server.symbolication.ReportSymbolicator;
import dev.crashkit.symbolicator.InputLimits;
import dev.crashkit.symbolicator.SymbolSources;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The store's share of a report's CPU, SQLite statements kept ({@link CachedStatements}) and prepared afresh,
 * alternated in one JVM (issue 32 goal 4): {@code reports} reports ingested from 8 threads (the ingest
 * writer's group commit), then claimed 4 at a time, read back and completed with the bench report's real
 * symbolication result (the worker's claim, body and result transactions), on the calling thread. Prints
 * per round and mode the process CPU of the ingest phase and the worker thread's CPU of the second, a report.
 * <pre>
 * java -cp server/target/test-classes:server/target/classes:$(cat /tmp/cp.txt) \
 *     dev.crashkit.server.store.StoreStatementsBench [reports 2000] [rounds 6]
 * </pre>
 */
public final class StoreStatementsBench {
    private StoreStatementsBench() {
    }

    public static void main(String[] args) throws Exception {
        int reports = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 6;
        Path tmp = Files.createTempDirectory("crashkit-statements-bench");
        byte[] report = Files.readAllBytes(Path.of("testdata/server/bench-crash.json"));
        Outcome o;
        ReportSymbolicator.Part part;
        try (DebugFiles files = DebugFiles.open(List.of(Path.of("testdata/macho")), SymbolSources.none(),
                tmp.resolve("uploads"), tmp.resolve("cache"), false, m -> { })) {
            ReportSymbolicator s = new ReportSymbolicator(files, InputLimits.defaults());
            part = s.checkAll(report).get(0);
            o = s.symbolicate(report);
        }
        ObjectMapper json = new ObjectMapper();
        Results.Written written = new Results.Written(o.status(), o.symbolicatedJson(), json.writeValueAsString(o.appImages()),
                o.group().id(), o.group().title(), o.group().exception(), json.writeValueAsString(o.group().frames()),
                List.of(), o.dimensions(), "frames");
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        var threads = ManagementFactory.getThreadMXBean();
        int n = 0;
        for (int round = 1; round <= rounds; round++) {
            boolean[] order = round % 2 == 1 ? new boolean[] {true, false} : new boolean[] {false, true};
            for (boolean keep : order) {
                Path dir = Files.createDirectories(tmp.resolve("r" + (n++)));
                try (Database db = Database.open("jdbc:sqlite:" + dir.resolve("t.db"), 12, keep)) {
                    ReportStore store = new ReportStore(db);
                    Queue queue = new Queue(db, 60_000);
                    Results results = new Results(db);
                    ExecutorService clients = Executors.newFixedThreadPool(8);
                    try {
                        int base = n * reports;
                        long cpu0 = os.getProcessCpuTime();
                        long wall0 = System.nanoTime();
                        List<Future<?>> sent = new ArrayList<>();
                        for (int i = 0; i < reports; i++) {
                            byte[] body = Burst.unique(report, base + i);
                            String client = "c" + (base + i);
                            sent.add(clients.submit(() -> store.ingest(body, dev.crashkit.server.blob.Sha256.of(body),
                                    part.checked().format(), part.checked().dimensions(), Optional.of(client),
                                    System.currentTimeMillis())));
                        }
                        for (Future<?> f : sent) {
                            f.get();
                        }
                        long ingestCpu = os.getProcessCpuTime() - cpu0;
                        long ingestWall = System.nanoTime() - wall0;
                        long t0 = threads.getCurrentThreadCpuTime();
                        long w0 = System.nanoTime();
                        int done = 0;
                        for (List<Queue.Job> jobs = queue.claim(System.currentTimeMillis(), 4); !jobs.isEmpty();
                             jobs = queue.claim(System.currentTimeMillis(), 4)) {
                            List<Results.Done> batch = new ArrayList<>();
                            for (Queue.Job j : jobs) {
                                store.body(j.reportId()).orElseThrow();
                                batch.add(new Results.Done(j, written, 0));
                            }
                            results.completeAll(batch, d -> false, System.currentTimeMillis());
                            queue.done(jobs);
                            done += jobs.size();
                        }
                        long workerCpu = threads.getCurrentThreadCpuTime() - t0;
                        long workerWall = System.nanoTime() - w0;
                        System.out.printf("round %d %-5s: ingest %.3f ms CPU a report (process; wall %.2f s), "
                                        + "claim + body + result %.3f ms CPU a report (thread; wall %.2f s), %d done%n",
                                round, keep ? "kept" : "fresh", ingestCpu / 1e6 / reports, ingestWall / 1e9,
                                workerCpu / 1e6 / done, workerWall / 1e9, done);
                    } finally {
                        clients.shutdown();
                        store.close();
                    }
                }
            }
        }
    }
}
