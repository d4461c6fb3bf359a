package dev.crashkit.bench;

import dev.crashkit.core.crashreport.CrashReportJson;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ProcessInfo;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicator.Symbolicator;
import dev.crashkit.symbolicator.SymbolicatorConfig;
import dev.crashkit.symbolicator.batch.BatchRun;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import dev.crashkit.symbolicate.symtab.SymbolTables;
import dev.crashkit.testkit.TestData;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SplittableRandom;

/**
 * Batch throughput: N crashreport/1 reports (8 threads x 12 frames each, frames in 3–5 of the
 * images) over 20 dSYMs, symbolicated to text by the batch runner with all cores. The 20 dSYMs
 * are copies of the committed testdata dSYMs whose LC_UUID is rewritten, so each is a distinct
 * debug file that must be parsed once.
 *
 * <p>Run: {@code java -cp bench/target/benchmarks.jar dev.crashkit.bench.BatchBench [reports]}
 * from the repository root.
 */
public final class BatchBench {
    /** Under testdata/. */
    private static final String[] SOURCES = {
        "macho/App-arm64.dSYM/Contents/Resources/DWARF/App-arm64",
        "macho/App-ios-arm64.dSYM/Contents/Resources/DWARF/App-ios-arm64",
        "macho/libCrashKitUtil.dylib.dSYM/Contents/Resources/DWARF/libCrashKitUtil.dylib",
        "dwarf/macho/Inline4.dSYM/Contents/Resources/DWARF/Inline4",
        "dwarf/macho/Inline5.dSYM/Contents/Resources/DWARF/Inline5",
        "third-party/sentry-crashprobe/dSYMs/3CD3E3CC-281E-3AF3-84EB-CDE6D56F0559.dSYM/Contents/Resources/DWARF/CrashLibiOS",
    };

    private record Dsym(String name, DebugId id, long text, long[] functionStarts) {
    }

    public static void main(String[] args) throws Exception {
        int reports = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        Path work = Files.createTempDirectory("batch-bench");
        Path dsyms = Files.createDirectories(work.resolve("dsyms"));
        Path in = Files.createDirectories(work.resolve("reports"));
        SplittableRandom rnd = new SplittableRandom(7);
        List<Dsym> made = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            Path src = TestData.file(SOURCES[i % SOURCES.length]);
            Path copy = dsyms.resolve("Image" + i + ".dSYM/Contents/Resources/DWARF/Image" + i);
            Files.createDirectories(copy.getParent());
            byte[] bytes = Files.readAllBytes(src);
            ObjectFile image = ObjectFiles.open(src).get(0);
            byte[] uuid = new byte[16];
            rnd.nextBytes(uuid);
            patchUuid(bytes, image.id().orElseThrow().bytes(), uuid);
            Files.write(copy, bytes);
            SymbolTable t = SymbolTables.build(image.functionSymbols(), new long[0]);
            long[] starts = new long[t.size()];
            for (int k = 0; k < t.size(); k++) {
                starts[k] = t.start(k);
            }
            made.add(new Dsym("Image" + i, DebugId.uuid(uuid), image.linkBase(), starts));
        }
        for (int r = 0; r < reports; r++) {
            writeReport(in.resolve("r" + r + ".json"), made, rnd);
        }
        System.gc();
        long t0 = System.nanoTime();
        StringWriter progress = new StringWriter();
        BatchRun.Result result;
        // Opening the facade is timed with the batch, as building the ModuleCache was before the split.
        try (Symbolicator symbolicator = Symbolicator.open(SymbolicatorConfig.defaults().withDebugFiles(List.of(dsyms)))) {
            result = new BatchRun(symbolicator, dev.crashkit.symbolicator.OutputFormat.TEXT, work.resolve("out"),
                    Runtime.getRuntime().availableProcessors(), false, new PrintWriter(progress)).run(List.of(in));
        }
        long ns = System.nanoTime() - t0;
        long peak = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                peak += p.getPeakUsage().getUsed();
            }
        }
        System.out.printf("reports=%d failed=%d cores=%d wall=%.2fs reports/s=%.0f peak-heap=%dMB%n",
                result.doneReports(), result.failedReports(), Runtime.getRuntime().availableProcessors(), ns / 1e9,
                result.doneReports() / (ns / 1e9), peak >> 20);
    }

    private static void patchUuid(byte[] file, byte[] old, byte[] replacement) {
        for (int i = 0; i + 16 <= file.length; i++) {
            boolean match = true;
            for (int k = 0; k < 16 && match; k++) {
                match = file[i + k] == old[k];
            }
            if (match) {
                System.arraycopy(replacement, 0, file, i, 16);
                return;
            }
        }
        throw new IllegalStateException("UUID not found");
    }

    private static void writeReport(Path file, List<Dsym> dsyms, SplittableRandom rnd) throws IOException {
        List<Image> images = new ArrayList<>();
        List<Long> slides = new ArrayList<>();
        List<Dsym> used = new ArrayList<>();
        int n = 3 + rnd.nextInt(3);
        for (int i = 0; i < n; i++) {
            Dsym d = dsyms.get(rnd.nextInt(dsyms.size()));
            if (used.contains(d)) {
                continue;
            }
            long slide = 0x10_0000_0000L * (i + 1) + ((long) rnd.nextInt(0x1000) << 14);
            used.add(d);
            slides.add(slide);
            images.add(new Image(d.name(), Optional.empty(), Optional.of(d.id()), Optional.of(Arch.Known.ARM64),
                    d.text() + slide, OptionalLong.of(slide), OptionalLong.empty()));
        }
        List<ThreadTrace> threads = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            List<Frame> frames = new ArrayList<>();
            for (int f = 0; f < 12; f++) {
                int which = rnd.nextInt(used.size());
                long[] starts = used.get(which).functionStarts();
                long a = starts.length == 0 ? used.get(which).text() : starts[rnd.nextInt(starts.length)] + 4 + 4 * rnd.nextInt(8);
                frames.add(new Frame(a + slides.get(which), f > 0));
            }
            threads.add(new ThreadTrace(t, Optional.empty(), t == 0, frames));
        }
        try (Writer w = Files.newBufferedWriter(file)) {
            CrashReportJson.write(new CrashReport(ProcessInfo.unknown(), Optional.empty(), images, threads), w);
        }
    }
}
