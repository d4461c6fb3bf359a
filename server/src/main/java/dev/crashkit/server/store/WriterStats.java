package dev.crashkit.server.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * How SQLite's one writer is shared, for the ingest bench (issue 32 goal 4): per kind of write transaction, how
 * many committed, how long each waited for the writer and held it, and how many units of work each commit
 * carried. Off unless the system property {@code crashkit.writerStats} names a file; then the summary is
 * rewritten there every few seconds and when the database closes.
 */
final class WriterStats {
    /** Powers of two of microseconds: bucket i counts durations in [2^(i-1), 2^i) µs (bucket 0: under 1 µs). */
    private static final int BUCKETS = 28;

    private static final class Kind {
        final LongAdder commits = new LongAdder();
        final LongAdder units = new LongAdder();
        final LongAdder holdNanos = new LongAdder();
        final LongAdder waitNanos = new LongAdder();
        final LongAdder commitNanos = new LongAdder();
        final AtomicLongArray hold = new AtomicLongArray(BUCKETS);
        final AtomicLongArray wait = new AtomicLongArray(BUCKETS);
    }

    /** One kind of unit run by the group committer: how many, and its thread's CPU and wall time running them. */
    private static final class UnitKind {
        final LongAdder units = new LongAdder();
        final LongAdder cpuNanos = new LongAdder();
        final LongAdder wallNanos = new LongAdder();
    }

    private final Path file;
    private final Map<String, Kind> kinds = new ConcurrentHashMap<>();
    private final Map<String, UnitKind> unitKinds = new ConcurrentHashMap<>();
    private final Thread writer;

    private WriterStats(Path file) {
        this.file = file;
        this.writer = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    Thread.sleep(2000);
                } catch (InterruptedException e) {
                    return;
                }
                dump();
            }
        }, "crashkit-writer-stats");
        writer.setDaemon(true);
        writer.start();
    }

    /** Stats into the file the system property names, or none. */
    static java.util.Optional<WriterStats> fromSystemProperty() {
        String f = System.getProperty("crashkit.writerStats");
        return f == null || f.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(new WriterStats(Path.of(f)));
    }

    /** The kind of a unit of work: the class that wrote the lambda ({@code Queue}, {@code Results}, ...). */
    static String kindOf(Object work) {
        String name = work.getClass().getName();
        int lambda = name.indexOf("$$");
        name = lambda < 0 ? name : name.substring(0, lambda);
        return name.substring(name.lastIndexOf('.') + 1);
    }

    /** One commit of {@code units} units of work of {@code kind}. */
    void record(String kind, int units, long waitNanos, long holdNanos, long commitNanos) {
        Kind k = kinds.computeIfAbsent(kind, x -> new Kind());
        k.commits.increment();
        k.units.add(units);
        k.waitNanos.add(waitNanos);
        k.holdNanos.add(holdNanos);
        k.commitNanos.add(commitNanos);
        k.hold.incrementAndGet(bucket(holdNanos));
        k.wait.incrementAndGet(bucket(waitNanos));
    }

    /**
     * One unit of {@code kind} run by the group committer ({@link GroupCommit}) in {@code cpuNanos} of its thread's
     * CPU and {@code wallNanos}. Kinds in parentheses are not units: {@code (queued)} a unit's wait from its
     * submission to its group's start, {@code (savepoints)} the savepoint and release around a unit,
     * {@code (commit)} a write transaction's commit, {@code (group:savepoints+commit+rest)} a group's time
     * outside its units.
     */
    void unit(String kind, long cpuNanos, long wallNanos) {
        UnitKind k = unitKinds.computeIfAbsent(kind, x -> new UnitKind());
        k.units.increment();
        k.cpuNanos.add(cpuNanos);
        k.wallNanos.add(wallNanos);
    }

    private static int bucket(long nanos) {
        long micros = nanos / 1000;
        return Math.min(BUCKETS - 1, 64 - Long.numberOfLeadingZeros(micros));
    }

    /** The upper bound of the bucket in which the {@code q} quantile lies, in µs. */
    private static long quantile(AtomicLongArray h, double q) {
        long total = 0;
        for (int i = 0; i < BUCKETS; i++) {
            total += h.get(i);
        }
        long want = (long) Math.ceil(total * q);
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++) {
            seen += h.get(i);
            if (seen >= want && total > 0) {
                return 1L << i;
            }
        }
        return 0;
    }

    synchronized void dump() {
        StringBuilder out = new StringBuilder("kind commits units hold_ms_total hold_p50_us<= hold_p99_us<= "
                + "wait_ms_total wait_p50_us<= wait_p99_us<= commit_ms_total\n");
        for (Map.Entry<String, Kind> e : new TreeMap<>(kinds).entrySet()) {
            Kind k = e.getValue();
            out.append(e.getKey()).append(' ').append(k.commits.sum()).append(' ').append(k.units.sum()).append(' ')
                    .append(k.holdNanos.sum() / 1_000_000).append(' ').append(quantile(k.hold, 0.5)).append(' ')
                    .append(quantile(k.hold, 0.99)).append(' ').append(k.waitNanos.sum() / 1_000_000).append(' ')
                    .append(quantile(k.wait, 0.5)).append(' ').append(quantile(k.wait, 0.99)).append(' ')
                    .append(k.commitNanos.sum() / 1_000_000).append('\n');
        }
        if (!unitKinds.isEmpty()) {
            out.append("\nunit_kind units cpu_ms_total cpu_us_per_unit wall_ms_total wall_us_per_unit\n");
            for (Map.Entry<String, UnitKind> e : new TreeMap<>(unitKinds).entrySet()) {
                UnitKind k = e.getValue();
                long n = Math.max(1, k.units.sum());
                out.append(e.getKey()).append(' ').append(k.units.sum()).append(' ')
                        .append(k.cpuNanos.sum() / 1_000_000).append(' ').append(k.cpuNanos.sum() / 1000 / n).append(' ')
                        .append(k.wallNanos.sum() / 1_000_000).append(' ').append(k.wallNanos.sum() / 1000 / n)
                        .append('\n');
            }
        }
        try {
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(tmp, out);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            // measuring only: a stats file that cannot be written is not the server's problem
        }
    }

    void close() {
        writer.interrupt();
        dump();
    }
}
