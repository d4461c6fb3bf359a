package dev.crashkit.bench;

import dev.crashkit.core.model.CrashReport;
import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.locate.ArchiveLimits;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.locate.IndexCache;
import dev.crashkit.symbolicate.locate.MemberStore;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import dev.crashkit.symbolicate.symbolize.SymbolCaching;
import dev.crashkit.symbolicate.symbolize.Symbolizer;
import dev.crashkit.symbolicate.symcache.SymCacheStore;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The batch's symbolication alone, in a loop: the first N reports of a folder read once, then
 * symbolicated round after round against warm symbol caches (round 0 reads and checks the pages;
 * later rounds find them held); main-thread CPU per round. Run with the batch child's options:
 * {@code java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp bench/target/benchmarks.jar
 * dev.crashkit.bench.SymbolicateLoop REPORTS DSYMS CACHE [N [ROUNDS]]}.
 */
public final class SymbolicateLoop {
    private SymbolicateLoop() {
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 3 ? Integer.parseInt(args[3]) : 1000;
        int rounds = args.length > 4 ? Integer.parseInt(args[4]) : 6;
        Symbolizer symbolizer = symbolizer(Path.of(args[1]), Path.of(args[2]));
        List<Path> inputs = firstReports(Path.of(args[0]), n);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long t0 = threads.getCurrentThreadCpuTime();
        List<CrashReport> reports = new ArrayList<>();
        for (Path f : inputs) {
            reports.add(ReportFormats.standard().read(f).model());
        }
        System.out.println(reports.size() + " reports read: " + (threads.getCurrentThreadCpuTime() - t0) / 1_000_000
                + " ms CPU");
        for (int round = 0; round < rounds; round++) {
            t0 = threads.getCurrentThreadCpuTime();
            long frames = 0;
            for (CrashReport r : reports) {
                frames += symbolizer.symbolicate(r).threads().size();
            }
            System.out.println("round " + round + ": " + (threads.getCurrentThreadCpuTime() - t0) / 1_000_000
                    + " ms CPU (" + frames + " threads)");
        }
    }

    /** A symbolizer over the debug files under {@code debugFiles} with symbol caches in {@code cache}, as batch's. */
    static Symbolizer symbolizer(Path debugFiles, Path cache) throws Exception {
        Optional<Path> folder = Optional.of(cache);
        DebugFileIndex index = DebugFileIndex.scan(List.of(debugFiles),
                new DebugFileIndex.ScanOptions(folder.map(IndexCache::open), ArchiveLimits.defaults()), m -> { });
        ModuleCache.Options options = ModuleCache.Options.defaults()
                .withSymbolCache(SymCacheStore.in(cache), SymbolCaching.Build.FIRST_USE);
        ModuleCache modules = new ModuleCache(index, new MemberStore(folder, ArchiveLimits.defaults()), options);
        return new Symbolizer(modules, Optional.of(DemangleStyle.SIMPLIFIED));
    }

    /** The first {@code n} files of {@code folder} by name. */
    static List<Path> firstReports(Path folder, int n) throws Exception {
        try (Stream<Path> s = Files.list(folder)) {
            return s.sorted().limit(n).toList();
        }
    }
}
