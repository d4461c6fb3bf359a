package dev.crashkit.bench;

import dev.crashkit.core.model.Image;
import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.locate.ArchiveLimits;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.locate.IndexCache;
import dev.crashkit.symbolicate.locate.MemberStore;
import dev.crashkit.symbolicate.output.JsonReportWriter;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.Symbolizer;
import dev.crashkit.symbolicate.symcache.SymCacheStore;
import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where the time of one {@code symbolicate REPORT --dsym D --format json} run goes, phase by phase
 * (wall and this thread's CPU time), in a fresh JVM: the same steps as the CLI's default command,
 * without picocli (whose cost is measured as the "picocli" phase by building the command line
 * model alone; the CLI itself parses plain command lines without it since FastArgs). The first line is the JVM's own start (process start to {@code main}). Like the
 * CLI it opens modules through the symbol cache in the cache folder (set NO_SYMCACHE=1 not to; SECOND_USE=1
 * builds it on the second use only, as the CLI's symbolicate command: the first use answers from the DWARF).
 *
 * <pre>java -cp bench/target/benchmarks.jar dev.crashkit.bench.CliPhases REPORT DSYM CACHE_DIR|- &gt; /dev/null</pre>
 */
public final class CliPhases {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final List<String> LINES = new ArrayList<>();
    private static long wall = System.nanoTime();
    private static long cpu = THREADS.getCurrentThreadCpuTime();
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static long processCpu = OS.getProcessCpuTime();

    private CliPhases() {
    }

    public static void main(String[] args) throws Exception {
        long startMs = ProcessHandle.current().info().startInstant().map(i -> i.toEpochMilli()).orElse(0L);
        LINES.add(String.format("%-28s %7d ms wall", "JVM start to main", System.currentTimeMillis() - startMs));
        phase("(harness classes)");
        picocli.CommandLine cl = new picocli.CommandLine(Class.forName("dev.crashkit.symbolicate.cli.SymbolicateCommand")
                .getDeclaredConstructor().newInstance());
        cl.parseArgs(args[0], "--dsym", args[1], "--format", "json");
        phase("picocli model + parse");
        ParsedReport input = ReportFormats.standard().read(Path.of(args[0]));
        phase("read report");
        Optional<Path> cache = args[2].equals("-") ? Optional.empty() : Optional.of(Path.of(args[2]));
        DebugFileIndex index = DebugFileIndex.scan(List.of(Path.of(args[1])),
                new DebugFileIndex.ScanOptions(cache.map(IndexCache::open), ArchiveLimits.defaults()), m -> { });
        phase("index scan");
        ModuleCache.Options options = ModuleCache.Options.defaults();
        if (cache.isPresent() && System.getenv("NO_SYMCACHE") == null) {
            // SECOND_USE=1: as the CLI's symbolicate command (first use answers from the DWARF).
            options = options.withSymbolCache(SymCacheStore.in(cache.get()), System.getenv("SECOND_USE") != null
                    ? dev.crashkit.symbolicate.symbolize.SymbolCaching.Build.SECOND_USE
                    : dev.crashkit.symbolicate.symbolize.SymbolCaching.Build.FIRST_USE);
        }
        ModuleCache modules = new ModuleCache(index, new MemberStore(cache, ArchiveLimits.defaults()), options);
        for (Image img : input.model().images()) {
            img.id().ifPresent(id -> modules.get(id));
        }
        phase("module load (headers, symtab, DWARF open; symbol cache build or open)");
        Symbolizer symbolizer = new Symbolizer(modules, Optional.of(DemangleStyle.SIMPLIFIED));
        SymbolicatedReport result = symbolizer.symbolicate(input.model());
        phase("symbolicate (DWARF lookups, demangle)");
        StringWriter json = new StringWriter();
        JsonReportWriter.write(result, json);
        phase("render JSON");
        BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
        out.write(json.toString());
        out.flush();
        phase("write stdout");
        LINES.add("classes loaded: " + ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount());
        LINES.forEach(System.err::println);
    }

    private static void phase(String name) {
        long w = System.nanoTime();
        long c = THREADS.getCurrentThreadCpuTime();
        long p = OS.getProcessCpuTime();
        LINES.add(String.format("%-42s %7.1f ms wall %7.1f ms cpu (main thread) %7.1f ms process cpu", name, (w - wall) / 1e6,
                (c - cpu) / 1e6, (p - processCpu) / 1e6));
        wall = w;
        cpu = c;
        processCpu = p;
    }
}
