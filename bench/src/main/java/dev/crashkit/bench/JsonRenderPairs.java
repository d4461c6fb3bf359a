package dev.crashkit.bench;

import dev.crashkit.core.Diagnostics;
import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.output.JsonReportWriter;
import dev.crashkit.symbolicate.symbolize.ImageStatus;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import dev.crashkit.symbolicate.symbolize.Symbolizer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code symbolicated/1} rendering alone, both implementations ({@link Side}) paired in one
 * JVM: after a warm-up of both, each round renders the same report with one, then the other (the order
 * alternating from round to round), so a change of load on the shared machine hits both sides of a pair.
 * Prints, per report and target, the median and range of the per-document wall time and process CPU time
 * of each side, and the median and range of the per-round ratio hand-written / generator.
 *
 * <p>Reports: {@code small} = {@code testdata/reports/sample-crash.json} against {@code testdata/macho}
 * (5 threads, 20 input frames, DWARF names and inlined frames); {@code medium} =
 * {@code testdata/reports/native-crash/report-gcc.json} against its libraries and {@code testdata/elf}
 * (a JVM's crash: 21 threads, 284 frames, 18 images); {@code large} = the threads of both cycled into
 * 10 threads of 1,000 frames (the size of bench/dsym's report.json, which needs clang-19). Targets:
 * {@code bytes} (a stream that drops them: batch, files) and {@code string} (a {@code StringWriter}, as
 * the server and Spark keep the document).
 *
 * <p>{@code java [JVM options] -cp bench/target/benchmarks.jar dev.crashkit.bench.JsonRenderPairs
 * [ROUNDS [MS_PER_SIDE [REPORTS [TARGETS [SIDE]]]]]} from the repository root; REPORTS and TARGETS
 * comma-separated; SIDE ({@code GENERATOR} or {@code HAND_WRITTEN}) measures that writer alone, the other
 * never run in the JVM (alternate such JVMs to pair them). {@code ... JsonRenderPairs check} compares the
 * two writers' output on every testdata report.
 */
public final class JsonRenderPairs {
    private JsonRenderPairs() {
    }

    /** The two writers compared: the same bytes, checked before anything is timed. */
    enum Side {
        /** Jackson's generator ({@link GeneratorJsonWriter}). */
        GENERATOR {
            @Override
            void write(SymbolicatedReport r, OutputStream out) throws IOException {
                GeneratorJsonWriter.write(r, out);
            }

            @Override
            void write(SymbolicatedReport r, java.io.Writer out) throws IOException {
                GeneratorJsonWriter.write(r, out);
            }
        },
        /** The library's {@link JsonReportWriter} ({@code PrettyJson}, {@code FrameJson}). */
        HAND_WRITTEN {
            @Override
            void write(SymbolicatedReport r, OutputStream out) throws IOException {
                JsonReportWriter.write(r, out);
            }

            @Override
            void write(SymbolicatedReport r, java.io.Writer out) throws IOException {
                JsonReportWriter.write(r, out);
            }
        };

        abstract void write(SymbolicatedReport r, OutputStream out) throws IOException;

        abstract void write(SymbolicatedReport r, java.io.Writer out) throws IOException;
    }

    /** Drops what it is handed. */
    private static final class Dropping extends OutputStream {
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

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("check")) {
            check();
            return;
        }
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        long msPerSide = args.length > 1 ? Long.parseLong(args[1]) : 300;
        List<String> reports = List.of((args.length > 2 ? args[2] : "small,medium,large").split(","));
        List<String> targets = List.of((args.length > 3 ? args[3] : "bytes,string").split(","));
        // One side only: the other writer never runs in this JVM (as in a server, which loads one).
        Optional<Side> alone = args.length > 4 ? Optional.of(Side.valueOf(args[4])) : Optional.empty();
        System.out.println("JVM: " + ManagementFactory.getRuntimeMXBean().getInputArguments() + ", "
                + Runtime.getRuntime().availableProcessors() + " processors");

        Symbolizer macho = symbolizer(List.of(Path.of("testdata", "macho")));
        Symbolizer elf = symbolizer(List.of(Path.of("testdata", "reports", "native-crash"), Path.of("testdata", "elf")));
        SymbolicatedReport small = macho.symbolicate(read("testdata/reports/sample-crash.json"));
        SymbolicatedReport medium = elf.symbolicate(read("testdata/reports/native-crash/report-gcc.json"));
        SymbolicatedReport large = cycled(small, medium, 10, 1_000);

        for (String target : targets) {
            for (String name : reports) {
                SymbolicatedReport r = switch (name) {
                    case "small" -> small;
                    case "medium" -> medium;
                    case "large" -> large;
                    default -> throw new IllegalArgumentException("report: small, medium or large, not " + name);
                };
                if (alone.isPresent()) {
                    alone(name, r, target, rounds, msPerSide, alone.get());
                } else {
                    pairs(name, r, target, rounds, msPerSide);
                }
            }
        }
    }

    /**
     * Both writers on every report under {@code testdata/reports} (symbolicated against {@code testdata/macho},
     * {@code testdata/elf} and the native-crash libraries), as bytes and as characters: the same output, or
     * an exception naming the first report that differs.
     */
    private static void check() throws Exception {
        Symbolizer symbolizer = symbolizer(List.of(Path.of("testdata", "macho"), Path.of("testdata", "elf"),
                Path.of("testdata", "reports", "native-crash")));
        int reports = 0;
        List<Path> files;
        try (java.util.stream.Stream<Path> s = java.nio.file.Files.walk(Path.of("testdata", "reports"))) {
            files = s.filter(java.nio.file.Files::isRegularFile).sorted().toList();
        }
        for (Path f : files) {
            SymbolicatedReport r;
            try {
                r = symbolizer.symbolicate(ReportFormats.standard().read(f).model());
            } catch (IOException e) {
                continue; // not a report (scripts, expectations)
            }
            java.io.ByteArrayOutputStream a = new java.io.ByteArrayOutputStream();
            java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
            Side.GENERATOR.write(r, a);
            Side.HAND_WRITTEN.write(r, b);
            StringWriter c = new StringWriter();
            StringWriter d = new StringWriter();
            Side.GENERATOR.write(r, c);
            Side.HAND_WRITTEN.write(r, d);
            if (!Arrays.equals(a.toByteArray(), b.toByteArray()) || !c.toString().equals(d.toString())) {
                throw new IllegalStateException("the two writers differ on " + f);
            }
            reports++;
        }
        // Escapes, non-ASCII, a surrogate pair, a lone surrogate and a name longer than either writer's buffer.
        List<String> odd = List.of("tab\there \"q\" \\ \u0001\u001f\u007f", "caf\u00e9 \u2028 \ud83d\ude00 \ud800 x\udc00",
                "\u4e2d\u6587", "x".repeat(70_000) + "\ud83d\ude00");
        SymbolicatedReport small = symbolizer.symbolicate(read("testdata/reports/sample-crash.json"));
        List<SymbolicatedThread> threads = new ArrayList<>();
        int k = 0;
        for (SymbolicatedThread t : small.threads()) {
            List<SymbolicatedFrame> frames = new ArrayList<>();
            for (SymbolicatedFrame f : t.frames()) {
                Optional<String> name = Optional.of(odd.get(k++ % odd.size()));
                frames.add(new SymbolicatedFrame(f.index(), f.address(), name, f.imageLoadAddress(), f.imageId(), name,
                        f.mangled(), f.symbolAddress(), f.offset(), Optional.of(odd.get(k % odd.size())), f.line(),
                        f.column(), f.inlined(), f.status(), f.source(), f.trust(), f.reported(),
                        f.keptFromCapture(), f.symbolVersion()));
            }
            threads.add(new SymbolicatedThread(t.thread(), frames));
        }
        SymbolicatedReport tricky = new SymbolicatedReport(small.input(), small.images(), threads);
        java.io.ByteArrayOutputStream a = new java.io.ByteArrayOutputStream();
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        Side.GENERATOR.write(tricky, a);
        Side.HAND_WRITTEN.write(tricky, b);
        StringWriter c = new StringWriter();
        StringWriter d = new StringWriter();
        Side.GENERATOR.write(tricky, c);
        Side.HAND_WRITTEN.write(tricky, d);
        if (!Arrays.equals(a.toByteArray(), b.toByteArray()) || !c.toString().equals(d.toString())) {
            throw new IllegalStateException("the two writers differ on names with escapes and surrogates");
        }
        System.out.println(reports + " reports under testdata/reports and one of names with escapes and surrogates:"
                + " the same bytes and characters from both writers");
    }

    private static dev.crashkit.core.model.CrashReport read(String path) throws IOException {
        return ReportFormats.standard().read(Path.of(path)).model();
    }

    private static Symbolizer symbolizer(List<Path> roots) throws Exception {
        return new Symbolizer(new ModuleCache(DebugFileIndex.scan(roots, Diagnostics.ignore())),
                Optional.of(DemangleStyle.SIMPLIFIED));
    }

    /** The threads of {@code a} and {@code b} cycled into {@code threads} threads of {@code frames} frames. */
    static SymbolicatedReport cycled(SymbolicatedReport a, SymbolicatedReport b, int threads, int frames) {
        List<SymbolicatedThread> sources = new ArrayList<>();
        for (SymbolicatedReport r : List.of(a, b)) {
            for (SymbolicatedThread t : r.threads()) {
                if (!t.frames().isEmpty()) {
                    sources.add(t);
                }
            }
        }
        List<SymbolicatedThread> out = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            List<SymbolicatedFrame> fs = new ArrayList<>(frames);
            for (int j = 0; fs.size() < frames; j++) {
                SymbolicatedThread t = sources.get((i + j) % sources.size());
                fs.addAll(t.frames().subList(0, Math.min(t.frames().size(), frames - fs.size())));
            }
            out.add(new SymbolicatedThread(sources.get(i % sources.size()).thread(), fs));
        }
        List<ImageStatus> images = new ArrayList<>(a.images());
        images.addAll(b.images());
        return new SymbolicatedReport(a.input(), images, out);
    }

    private static void pairs(String name, SymbolicatedReport r, String target, int rounds, long msPerSide)
            throws IOException {
        Side[] sides = Side.values();
        long size = render(sides[0], r, target);
        java.io.ByteArrayOutputStream a = new java.io.ByteArrayOutputStream();
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        sides[0].write(r, a);
        sides[1].write(r, b);
        if (!Arrays.equals(a.toByteArray(), b.toByteArray())) {
            throw new IllegalStateException("the two renderings of " + name + " differ");
        }
        // Warm-up: both sides, ten times as long as one round each (and at least 20 documents), so C2 has
        // compiled both before anything is measured.
        for (int i = 0; i < 10; i++) {
            for (Side s : sides) {
                timed(s, r, target, msPerSide * 1_000_000L, 2);
            }
        }
        double[][] wall = new double[2][rounds];
        double[][] cpu = new double[2][rounds];
        double[] ratioWall = new double[rounds];
        double[] ratioCpu = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            for (int k = 0; k < 2; k++) {
                int side = (round + k) % 2; // generator first in even rounds, hand-written first in odd ones
                double[] t = timed(sides[side], r, target, msPerSide * 1_000_000L, 1);
                wall[side][round] = t[0] / 1_000.0;
                cpu[side][round] = t[1] / 1_000.0;
            }
            ratioWall[round] = wall[1][round] / wall[0][round];
            ratioCpu[round] = cpu[1][round] / cpu[0][round];
        }
        System.out.printf(Locale.ROOT, "%s (%,d bytes), %s, %d rounds x %d ms per side:%n", name, size, target,
                rounds, msPerSide);
        for (int side = 0; side < 2; side++) {
            System.out.printf(Locale.ROOT, "  %-17s wall %s us/doc, process CPU %s us/doc%n", sides[side],
                    summary(wall[side]), summary(cpu[side]));
        }
        System.out.printf(Locale.ROOT, "  hand-written / generator: wall %s, CPU %s%n", ratios(ratioWall),
                ratios(ratioCpu));
    }

    /**
     * As {@link #pairs} for one side alone, no ratio; warmed up three times as long (30 rounds' time): process
     * CPU counts the compiler threads, which on the loaded 2-core host were still at work after 10.
     */
    private static void alone(String name, SymbolicatedReport r, String target, int rounds, long msPerSide, Side side)
            throws IOException {
        for (int i = 0; i < 30; i++) {
            timed(side, r, target, msPerSide * 1_000_000L, 2);
        }
        double[] wall = new double[rounds];
        double[] cpu = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            double[] t = timed(side, r, target, msPerSide * 1_000_000L, 1);
            wall[round] = t[0] / 1_000.0;
            cpu[round] = t[1] / 1_000.0;
        }
        System.out.printf(Locale.ROOT, "%s, %s, %d rounds x %d ms, %s alone: wall %s us/doc, process CPU %s us/doc%n",
                name, target, rounds, msPerSide, side, summary(wall), summary(cpu));
    }

    /** Renders once; returns the length (bytes, or characters for a string). */
    private static long render(Side s, SymbolicatedReport r, String target) throws IOException {
        if (target.equals("string")) {
            StringWriter w = new StringWriter();
            s.write(r, w);
            return w.toString().length();
        }
        Dropping d = new Dropping();
        s.write(r, d);
        return d.bytes;
    }

    /**
     * Renders {@code docs} documents (or for {@code minNanos}, whichever is more); returns the wall and
     * process CPU nanoseconds per document.
     */
    private static double[] timed(Side s, SymbolicatedReport r, String target, long minNanos, int docs)
            throws IOException {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long c0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        int n = 0;
        long sink = 0;
        while (n < docs || System.nanoTime() - t0 < minNanos) {
            sink += render(s, r, target);
            n++;
        }
        long wall = System.nanoTime() - t0;
        long cpu = os.getProcessCpuTime() - c0;
        if (sink == 42) {
            System.out.print(""); // keeps the renderings observable
        }
        return new double[] {(double) wall / n, (double) cpu / n};
    }

    private static String summary(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return String.format(Locale.ROOT, "median %.1f (%.1f-%.1f)", s[s.length / 2], s[0], s[s.length - 1]);
    }

    private static String ratios(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return String.format(Locale.ROOT, "median %.3f (quartiles %.3f-%.3f, range %.3f-%.3f)", s[s.length / 2],
                s[s.length / 4], s[(3 * s.length) / 4], s[0], s[s.length - 1]);
    }
}
