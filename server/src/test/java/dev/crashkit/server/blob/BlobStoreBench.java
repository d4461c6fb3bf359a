package dev.crashkit.server.blob;

import dev.crashkit.server.bench.Burst;
import dev.crashkit.server.bench.ServerProcess;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Ingest with each {@code --blob-store}: {@code db}, a folder, and S3 (S3Proxy in this JVM, in-memory), runs
 * alternating so that the machine's load hits each alike. Each run: a fresh server process, 300 warm-up
 * posts, then {@code --reports} posts from {@code --clients} threads, every body different (so the
 * content-addressed stores write each); prints reports/s, request p50/p99, the server process's CPU (user
 * + sys) and this JVM's (clients, and S3Proxy for s3) during the burst, and the load average.
 * <pre>
 * mvn -o -B -q -pl server -am test-compile
 * mvn -o -B -q -pl server dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt -Dmdep.includeScope=test
 * java -cp server/target/test-classes:server/target/classes:$(cat /tmp/cp.txt) \
 *      dev.crashkit.server.blob.BlobStoreBench --reports 3000 --clients 8 --rounds 2
 * </pre>
 * (from the repository root: the reactor's module classes must be on the class path too, see BENCHMARKS.md).
 */
public final class BlobStoreBench {
    private BlobStoreBench() {
    }

    public static void main(String[] args) throws Exception {
        int reports = 3000;
        int clients = 8;
        int rounds = 2;
        Path report = Path.of("testdata/server/bench-crash.json");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--reports" -> reports = Integer.parseInt(args[++i]);
                case "--clients" -> clients = Integer.parseInt(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--report" -> report = Path.of(args[++i]);
                default -> {
                    System.err.println("usage: BlobStoreBench [--reports N] [--clients N] [--rounds N] [--report FILE]");
                    System.exit(2);
                }
            }
        }
        byte[] body = Files.readAllBytes(report);
        Path root = Files.createTempDirectory("crashkit-blob-bench");
        System.out.println("| run | store | accepted | request p50 / p99 | server CPU user+sys | bench JVM CPU | wall | load before → after |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        try (LocalS3 s3 = LocalS3.start("bench")) {
            int run = 0;
            for (int round = 0; round < rounds; round++) {
                for (String kind : List.of("db", "dir", "s3")) {
                    run++;
                    List<String> serverArgs = new ArrayList<>();
                    Path data = root.resolve(kind + "-" + round);
                    switch (kind) {
                        case "dir" -> serverArgs.addAll(List.of("--blob-store", root.resolve("shared-" + round).toString()));
                        case "s3" -> serverArgs.addAll(s3.serverArgs("run" + round));
                        default -> serverArgs.addAll(List.of("--blob-store", "db"));
                    }
                    serverArgs.addAll(List.of("--dsym", "testdata/macho"));
                    try (ServerProcess server = ServerProcess.start(data, serverArgs)) {
                        String id = kind + round;
                        Burst.run(server.port(), i -> Burst.unique(body, 1_000_000 + i), 300, clients, Optional.empty(),
                                "warm-" + id, n -> { });
                        String loadBefore = load();
                        Duration serverCpu0 = cpu(server.pid());
                        long benchCpu0 = benchCpuNanos();
                        Burst.Result r = Burst.run(server.port(), i -> Burst.unique(body, i), reports, clients,
                                Optional.empty(), "burst-" + id, n -> { });
                        Duration serverCpu = cpu(server.pid()).minus(serverCpu0);
                        long benchCpu = benchCpuNanos() - benchCpu0;
                        System.out.printf("| %d | %s | %.0f reports/s (%d errors) | %.1f / %.1f ms | %.1f s | %.1f s | %.1f s | %s → %s |%n",
                                run, kind, r.perSecond(), r.errors(), r.percentileMillis(50), r.percentileMillis(99),
                                serverCpu.toMillis() / 1000.0, benchCpu / 1e9, r.elapsedNanos() / 1e9, loadBefore, load());
                    }
                }
            }
        }
    }

    private static Duration cpu(long pid) {
        return ProcessHandle.of(pid).flatMap(p -> p.info().totalCpuDuration()).orElse(Duration.ZERO);
    }

    private static long benchCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static String load() throws Exception {
        return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
    }
}
