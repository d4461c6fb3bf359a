package dev.crashkit.bench;

import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.output.AtomicFile;
import dev.crashkit.symbolicate.output.JsonReportWriter;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.Symbolizer;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The batch's JSON rendering alone, in a loop: the first N reports of a folder symbolicated once
 * (warm symbol caches), then rendered round after round to a stream that only counts; main-thread
 * CPU per round. Run with the batch child's options, e.g.
 * {@code java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp bench/target/benchmarks.jar
 * dev.crashkit.bench.RenderLoop REPORTS DSYMS CACHE [N [ROUNDS [OUT]]]} (OUT: written to files there,
 * as batch writes them, instead of counted). Prints the SHA-256 of one round's
 * bytes, so two builds can be checked to render the same documents.
 */
public final class RenderLoop {
    private RenderLoop() {
    }

    /** Counts what it is handed and drops it. */
    private static final class Counting extends OutputStream {
        long bytes;

        @Override
        public void write(int b) {
            bytes++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            bytes += len;
        }
    }

    /** Hashes what it is handed (the first round only: not timed). */
    private static final class Hashing extends OutputStream {
        final MessageDigest digest;

        Hashing() throws Exception {
            digest = MessageDigest.getInstance("SHA-256");
        }

        @Override
        public void write(int b) {
            digest.update((byte) b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            digest.update(b, off, len);
        }
    }

    public static void main(String[] args) throws Exception {
        Path reports = Path.of(args[0]);
        int n = args.length > 3 ? Integer.parseInt(args[3]) : 300;
        int rounds = args.length > 4 ? Integer.parseInt(args[4]) : 15;
        // A folder: each round writes every report as batch does (AtomicFile), into a fresh sub-folder.
        Optional<Path> files = args.length > 5 ? Optional.of(Path.of(args[5])) : Optional.empty();
        Symbolizer symbolizer = SymbolicateLoop.symbolizer(Path.of(args[1]), Path.of(args[2]));
        List<Path> inputs = SymbolicateLoop.firstReports(reports, n);
        List<SymbolicatedReport> results = new ArrayList<>();
        for (Path f : inputs) {
            results.add(symbolizer.symbolicate(ReportFormats.standard().read(f).model()));
        }
        Hashing h = new Hashing();
        for (SymbolicatedReport r : results) {
            JsonReportWriter.write(r, h);
        }
        System.out.println(results.size() + " reports, sha256 " + HexFormat.of().formatHex(h.digest.digest()));
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[] ms = new long[rounds];
        for (int round = 0; round < rounds; round++) {
            Counting c = new Counting();
            long t0 = threads.getCurrentThreadCpuTime();
            if (files.isPresent()) {
                Path dir = Files.createDirectories(files.get().resolve("r" + round));
                for (int i = 0; i < results.size(); i++) {
                    SymbolicatedReport r = results.get(i);
                    AtomicFile.writeBytes(dir.resolve(i + ".json"), out -> JsonReportWriter.write(r, out));
                }
            } else {
                for (SymbolicatedReport r : results) {
                    JsonReportWriter.write(r, c);
                }
            }
            ms[round] = (threads.getCurrentThreadCpuTime() - t0) / 1_000_000;
            System.out.println("round " + round + ": " + ms[round] + " ms CPU, " + c.bytes + " bytes");
        }
        long[] later = Arrays.copyOfRange(ms, Math.min(2, rounds - 1), rounds);
        Arrays.sort(later);
        System.out.println("median of rounds 2..: " + later[later.length / 2] + " ms CPU, fastest " + later[0] + " ms");
    }
}
