package dev.crashkit.server.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Ingest benchmark and kill test for crashkit-server on SQLite (a child process per server):
 * <pre>
 * java -cp server/target/crashkit-server.jar dev.crashkit.server.bench.IngestBench [--reports 10000] [--clients 8]
 *      [--report testdata/server/bench-crash.json] [--dsym testdata/macho] [--single 50] [--kill-after N]
 *      [--webhook] [--server-arg ARG]... [--server-jvm-arg OPTION]... [--warmup 500]
 *      [--client socket|urlconnection|httpclient]
 * </pre>
 * Prints reports/s accepted with p50/p99 request latency, the time until the queue drained, upload-to-
 * symbolicated p50/p99 for the burst (queue wait included) and for single reports at idle. With
 * {@code --kill-after N} the server is killed with SIGKILL after N acknowledgements, restarted on the same
 * data, and every 201-acknowledged report must be there and symbolicated (exit 1 otherwise). With
 * {@code --webhook} the server posts its alerts (signed) to a receiver in this process ({@code --webhook URL
 * --webhook-secret S}, default spike rule: the burst is one group, so one group.created and one group.spike).
 * The server process's CPU time (user + system) is printed after the burst drained and at the end, with the
 * burst's share by server thread (Linux) and the bench JVM's own (its clients share the machine). Every body
 * is made different ({@link Burst#unique}), as real reports are, and made before the timed burst. The clients
 * write HTTP/1.1 on one kept-alive connection each ({@link SocketSender}); {@code --client urlconnection} sends
 * with {@code HttpURLConnection} (the default before the fifth session), {@code --client httpclient} with
 * {@code java.net.http.HttpClient} (before issue 32 goal 4; about 2.5 times the client CPU of urlconnection);
 * {@code --server-jvm-arg} adds a JVM option to the server (e.g. {@code -XX:StartFlightRecording=...}).
 */
public final class IngestBench {
    private IngestBench() {
    }

    public static void main(String[] args) throws Exception {
        int reports = 10_000;
        int clients = 8;
        int single = 50;
        int warmup = 500;
        Burst.Client client = Burst.Client.SOCKET;
        int killAfter = -1;
        boolean webhook = false;
        int instances = 0;
        String db = null;
        List<String> extraServerArgs = new ArrayList<>();
        List<String> serverJvm = new ArrayList<>(List.of("-Xmx1g"));
        Path report = Path.of("testdata/server/bench-crash.json");
        Path dsym = Path.of("testdata/macho");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--reports" -> reports = Integer.parseInt(args[++i]);
                case "--clients" -> clients = Integer.parseInt(args[++i]);
                case "--single" -> single = Integer.parseInt(args[++i]);
                case "--kill-after" -> killAfter = Integer.parseInt(args[++i]);
                case "--report" -> report = Path.of(args[++i]);
                case "--dsym" -> dsym = Path.of(args[++i]);
                case "--webhook" -> webhook = true;
                case "--instances" -> instances = Integer.parseInt(args[++i]);
                case "--db" -> db = args[++i];
                case "--server-arg" -> extraServerArgs.add(args[++i]);
                case "--server-jvm-arg" -> serverJvm.add(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--client" -> client = switch (args[++i]) {
                    case "urlconnection" -> Burst.Client.URL_CONNECTION;
                    case "httpclient" -> Burst.Client.HTTP_CLIENT;
                    case "socket" -> Burst.Client.SOCKET;
                    default -> throw new IllegalArgumentException("--client is socket, urlconnection or httpclient");
                };
                default -> {
                    System.err.println("usage: IngestBench [--reports N] [--clients N] [--single N] [--kill-after N] "
                            + "[--report FILE] [--dsym PATH] [--webhook] [--server-arg ARG]... [--server-jvm-arg OPTION]... "
                            + "[--warmup N] [--client socket|urlconnection|httpclient] "
                            + "[--instances N --db JDBC_POSTGRESQL_URL]");
                    System.exit(2);
                }
            }
        }
        Path data = Files.createTempDirectory("crashkit-bench");
        byte[] body = Files.readAllBytes(report);
        List<String> serverArgs = new ArrayList<>(List.of("--dsym", dsym.toString()));
        serverArgs.addAll(extraServerArgs);
        Optional<Receiver> receiver = webhook ? Optional.of(new Receiver()) : Optional.empty();
        receiver.ifPresent(r -> serverArgs.addAll(List.of("--webhook", r.url(), "--webhook-secret", "bench-secret")));
        if (instances > 0) {
            if (db == null) {
                System.err.println("--instances needs --db jdbc:postgresql://...");
                System.exit(2);
            }
            System.out.println(instancesBench(data, db, instances, List.of("--dsym", dsym.toString()), body, reports, clients));
            return;
        }
        if (killAfter >= 0) {
            KillResult k = killTest(data, serverArgs, body, reports, clients, killAfter);
            System.out.println(k.summary());
            System.exit(k.lost().isEmpty() && k.notSymbolicated().isEmpty() ? 0 : 1);
        }
        try (ServerProcess server = ServerProcess.start(data, serverJvm, serverArgs)) {
            Drain drain = new Drain(server.port(), Optional.empty());
            Burst.run(client, server.port(), i -> Burst.unique(body, i), warmup, clients, Optional.empty(), "warmup", n -> { });
            drain.awaitEmptyQueue(Duration.ofMinutes(10));
            // Each body different (trailing whitespace), as real reports are: nothing may profit from repeats.
            // Made before the timed burst: an SDK sends a report it wrote earlier.
            byte[][] bodies = new byte[reports][];
            for (int i = 0; i < reports; i++) {
                bodies[i] = Burst.unique(body, warmup + i);
            }
            Map<String, Duration> threadsBefore = server.cpuByThread();
            Duration serverBefore = server.cpu();
            Duration benchBefore = ownCpu();
            Burst.Result r = Burst.run(client, server.port(), i -> bodies[i], reports, clients, Optional.empty(), "burst", n -> { });
            Duration benchBurst = ownCpu().minus(benchBefore);
            Duration drained = drain.awaitEmptyQueue(Duration.ofMinutes(30));
            Duration serverBurst = server.cpu().minus(serverBefore);
            Map<String, Duration> threadsBurst = minus(server.cpuByThread(), threadsBefore);
            List<Drain.Stored> stored = drain.check(r.acknowledged().values());
            long[] toSym = stored.stream().mapToLong(s -> Duration.between(s.received(), s.symbolicated().orElseThrow())
                    .toMillis()).toArray();
            System.out.printf("ingest: %d reports from %d clients: %.0f reports/s accepted, request p50 %.1f ms, p99 %.1f ms"
                    + " (%d errors)%n", r.acknowledged().size(), clients, r.perSecond(), r.percentileMillis(50),
                    r.percentileMillis(99), r.errors());
            System.out.printf("symbolication: queue drained %.1f s after the burst; %.0f reports/s end to end;"
                    + " upload-to-symbolicated p50 %d ms, p99 %d ms (queue wait included)%n",
                    drained.toMillis() / 1000.0, r.acknowledged().size() / ((r.elapsedNanos() / 1e9) + drained.toMillis() / 1000.0),
                    percentile(toSym, 50), percentile(toSym, 99));
            System.out.printf("server CPU (user + system) after warm-up, burst and drain: %.1f s; in the burst and drain"
                    + " alone %.1f s (%.2f ms a report); the bench JVM (clients) in the burst %.1f s%n",
                    server.cpu().toMillis() / 1000.0, serverBurst.toMillis() / 1000.0,
                    serverBurst.toNanos() / 1e6 / Math.max(1, r.acknowledged().size()), benchBurst.toMillis() / 1000.0);
            if (!threadsBurst.isEmpty()) {
                System.out.println("server CPU in the burst and drain by thread: " + byThread(threadsBurst));
            }
            long[] idle = new long[single];
            for (int i = 0; i < single; i++) {
                Burst.Result one = Burst.run(server.port(), body, 1, 1, Optional.empty(), "single" + i, n -> { });
                String id = one.acknowledged().values().iterator().next();
                Drain.Stored s;
                do {
                    Thread.sleep(2);
                    s = drain.check(List.of(id)).get(0);
                } while (s.symbolicated().isEmpty());
                idle[i] = Duration.between(s.received(), s.symbolicated().get()).toMillis();
            }
            if (single > 0) {
                System.out.printf("idle: upload-to-symbolicated of %d single reports p50 %d ms, p99 %d ms%n", single,
                        percentile(idle, 50), percentile(idle, 99));
            }
            System.out.printf("server CPU (user + system) in all: %.1f s%n", server.cpu().toMillis() / 1000.0);
            if (receiver.isPresent()) {
                Thread.sleep(2000); // the last events' deliveries
                System.out.println("webhook: " + receiver.get().summary());
            }
        } finally {
            receiver.ifPresent(Receiver::close);
        }
    }

    /** A webhook receiver on loopback (the JDK's HTTP server) that answers 204 and counts events by kind. */
    private static final class Receiver implements AutoCloseable {
        private final com.sun.net.httpserver.HttpServer http;
        private final Map<String, Integer> events = new java.util.TreeMap<>();

        Receiver() throws IOException {
            http = com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
            http.createContext("/", ex -> {
                ex.getRequestBody().readAllBytes();
                synchronized (events) {
                    events.merge(String.valueOf(ex.getRequestHeaders().getFirst("X-Crashkit-Event")), 1, Integer::sum);
                }
                ex.sendResponseHeaders(204, -1);
                ex.close();
            });
            http.start();
        }

        String url() {
            return "http://127.0.0.1:" + http.getAddress().getPort() + "/hook";
        }

        String summary() {
            synchronized (events) {
                return "received " + events;
            }
        }

        @Override
        public void close() {
            http.stop(0);
        }
    }

    /** This JVM's CPU time (user + system) so far. */
    private static Duration ownCpu() {
        return ProcessHandle.current().info().totalCpuDuration().orElse(Duration.ZERO);
    }

    private static Map<String, Duration> minus(Map<String, Duration> after, Map<String, Duration> before) {
        Map<String, Duration> out = new java.util.HashMap<>();
        after.forEach((name, cpu) -> out.put(name, cpu.minus(before.getOrDefault(name, Duration.ZERO))));
        return out;
    }

    /** The thread groups that used 0.1 s or more, most first: {@code name 1.2 s, ...}. */
    private static String byThread(Map<String, Duration> cpu) {
        return cpu.entrySet().stream().filter(e -> e.getValue().toMillis() >= 100)
                .sorted(Map.Entry.<String, Duration>comparingByValue().reversed())
                .map(e -> String.format("%s %.1f s", e.getKey(), e.getValue().toMillis() / 1000.0))
                .collect(java.util.stream.Collectors.joining(", "));
    }

    static long percentile(long[] values, double p) {
        long[] s = values.clone();
        Arrays.sort(s);
        int i = (int) Math.min(s.length - 1, Math.ceil(p / 100.0 * s.length) - 1);
        return s[Math.max(0, i)];
    }

    /** What the kill test found. */
    public record KillResult(int acknowledged, int storedBeforeKill, List<String> lost, List<String> notSymbolicated,
                             long survivingDuplicates) {
        public String summary() {
            return "kill -9 after " + storedBeforeKill + " acknowledgements: " + acknowledged
                    + " reports acknowledged (201) in all; after restart " + (acknowledged - lost.size())
                    + " present, " + lost.size() + " lost, " + notSymbolicated.size() + " not symbolicated; "
                    + survivingDuplicates + " repeats answered 200 with the stored id";
        }
    }

    /**
     * Starts a server, posts {@code total} reports from {@code clients} threads, kills the server with
     * SIGKILL once {@code killAfter} were acknowledged, restarts it on the same data and checks that every
     * acknowledged report is there and, once the queue drained, symbolicated; repeats of acknowledged uploads
     * must answer 200 with the same id.
     */
    public static KillResult killTest(Path data, List<String> serverArgs, byte[] body, int total, int clients,
                                      int killAfter) throws IOException, InterruptedException {
        Map<String, String> acked;
        ServerProcess server = ServerProcess.start(data, serverArgs);
        AtomicBoolean killed = new AtomicBoolean();
        try {
            Burst.Result r = Burst.run(server.port(), body, total, clients, Optional.empty(), "kill", n -> {
                if (n >= killAfter && killed.compareAndSet(false, true)) {
                    try {
                        server.kill9();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            });
            acked = r.acknowledged();
        } finally {
            if (!killed.get()) {
                server.kill9();
            }
        }
        try (ServerProcess again = ServerProcess.start(data, serverArgs)) {
            Drain drain = new Drain(again.port(), Optional.empty());
            List<String> lost = new ArrayList<>();
            for (Map.Entry<String, String> e : acked.entrySet()) {
                try {
                    drain.get("/api/reports/" + e.getValue());
                } catch (IOException ex) {
                    lost.add(e.getKey());
                }
            }
            drain.awaitEmptyQueue(Duration.ofMinutes(10));
            List<String> notSymbolicated = new ArrayList<>();
            List<String> present = new ArrayList<>(acked.values());
            present.removeIf(id -> lostIds(lost, acked).contains(id));
            for (Drain.Stored s : drain.check(present)) {
                if (!s.status().equals("symbolicated")) {
                    notSymbolicated.add(s.id() + " (" + s.status() + ")");
                }
            }
            // A client that never saw the 201 (killed mid-answer) uploads again: same id, nothing stored twice.
            List<String> sample = new ArrayList<>(acked.keySet()).subList(0, Math.min(20, acked.size()));
            long repeats = 0;
            for (String clientId : sample) {
                repeats += Repeat.post(again.port(), body, clientId).equals(acked.get(clientId)) ? 1 : 0;
            }
            return new KillResult(acked.size(), killAfter, lost, notSymbolicated, repeats);
        }
    }

    private static List<String> lostIds(List<String> lostClientIds, Map<String, String> acked) {
        return lostClientIds.stream().map(acked::get).toList();
    }

    /**
     * {@code instances} servers on one PostgreSQL database (a schema of their own, created and dropped here)
     * and one data folder, the clients spread over them: reports/s accepted, and until the queue drained.
     */
    public static String instancesBench(Path data, String db, int instances, List<String> serverArgs, byte[] body,
                                        int reports, int clients) throws Exception {
        String schema = "bench_" + Long.toString(System.nanoTime(), 36);
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(db); java.sql.Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        }
        List<ServerProcess> servers = new ArrayList<>();
        try {
            List<String> args = new ArrayList<>(serverArgs);
            args.addAll(List.of("--db", db + (db.contains("?") ? "&" : "?") + "currentSchema=" + schema));
            for (int i = 0; i < instances; i++) {
                servers.add(ServerProcess.start(data, args));
            }
            Drain drain = new Drain(servers.get(0).port(), Optional.empty());
            spread(servers, body, 200 * instances, clients, "warmup");
            drain.awaitEmptyQueue(Duration.ofMinutes(10));
            long cpu0 = cpuNanos(servers);
            long t0 = System.nanoTime();
            Burst.Result r = spread(servers, body, reports, clients, "burst");
            Duration drained = drain.awaitEmptyQueue(Duration.ofMinutes(30));
            double seconds = (System.nanoTime() - t0) / 1e9;
            double cpu = (cpuNanos(servers) - cpu0) / 1e9;
            return String.format("instances %d on PostgreSQL: %d reports from %d clients: %.0f reports/s accepted "
                    + "(request p50 %.1f ms, p99 %.1f ms, %d errors); queue drained %.1f s after the burst: %.0f reports/s "
                    + "end to end; servers' CPU (user+sys) %.1f s", instances, r.acknowledged().size(), clients, r.perSecond(),
                    r.percentileMillis(50), r.percentileMillis(99), r.errors(), drained.toMillis() / 1000.0,
                    r.acknowledged().size() / seconds, cpu);
        } finally {
            for (ServerProcess p : servers) {
                p.close();
            }
            try (java.sql.Connection c = java.sql.DriverManager.getConnection(db); java.sql.Statement s = c.createStatement()) {
                s.execute("DROP SCHEMA " + schema + " CASCADE");
            }
        }
    }

    /** One burst, the clients spread evenly over the servers. */
    private static Burst.Result spread(List<ServerProcess> servers, byte[] body, int reports, int clients, String runId)
            throws Exception {
        List<java.util.concurrent.Future<Burst.Result>> parts = new ArrayList<>();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(servers.size());
        try {
            for (int i = 0; i < servers.size(); i++) {
                int port = servers.get(i).port();
                int share = reports / servers.size() + (i < reports % servers.size() ? 1 : 0);
                int clientShare = Math.max(1, clients / servers.size());
                String id = runId + "-" + i;
                parts.add(pool.submit(() -> Burst.run(port, body, share, clientShare, Optional.empty(), id, n -> { })));
            }
            java.util.Map<String, String> acked = new java.util.HashMap<>();
            List<long[]> latencies = new ArrayList<>();
            long elapsed = 0;
            int errors = 0;
            for (java.util.concurrent.Future<Burst.Result> f : parts) {
                Burst.Result r = f.get();
                acked.putAll(r.acknowledged());
                latencies.add(r.latenciesNanos());
                elapsed = Math.max(elapsed, r.elapsedNanos());
                errors += r.errors();
            }
            long[] all = latencies.stream().flatMapToLong(java.util.Arrays::stream).toArray();
            return new Burst.Result(acked, all, elapsed, errors);
        } finally {
            pool.shutdown();
        }
    }

    /** The servers' processes' CPU time so far (user+sys, from the operating system). */
    private static long cpuNanos(List<ServerProcess> servers) {
        long total = 0;
        for (ServerProcess p : servers) {
            total += ProcessHandle.of(p.pid()).flatMap(h -> h.info().totalCpuDuration()).map(Duration::toNanos).orElse(0L);
        }
        return total;
    }
}
