package dev.crashkit.symbolicate.cli;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.symbolicator.OutputFormat;
import dev.crashkit.symbolicator.Report;
import dev.crashkit.symbolicator.Symbolication;
import dev.crashkit.symbolicator.Symbolicator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** The default command: symbolicate one crash report. */
@Command(name = "symbolicate", mixinStandardHelpOptions = true, subcommands = {AtosCommand.class, DemangleCommand.class, BatchCommand.class, DumpSymsCommand.class}, version = "crashkit symbolicate 0.1",
        description = "Symbolicate a crash report with dSYMs / unstripped binaries matched by UUID.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:all frames that have an image were looked up in a debug file",
                "1:done, but some images had no (readable) debug file",
                "2:usage error", "3:unreadable or invalid input", "4:internal error"})
public final class SymbolicateCommand implements Callable<Integer> {


    @Spec
    CommandSpec spec;

    // Optional for picocli so that sub-commands (atos, demangle, ...) can be used without it; call() requires it.
    @Parameters(index = "0", arity = "0..1", paramLabel = "REPORT",
            description = "crash report: crashreport/1, Apple .ips or .crash, KSCrash/SentryCrash JSON, .plcrash, Sentry event, "
                    + "minidump (its stacks walked with the binaries among --dsym), MetricKit payload (every diagnostic), JVM hs_err log (detected from content), or an Xcode .xccrashpoint folder (every log)")
    Path report;

    @Option(names = "--format", defaultValue = "text",
            description = "text, json (symbolicated/1) or same (the input's format, symbolicated) (default: ${DEFAULT-VALUE})")
    FormatOption format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "write here instead of standard output")
    Path output;

    @Mixin
    DebugFileOptions debugFiles = new DebugFileOptions();

    @Mixin
    ReportLimitOptions limits = new ReportLimitOptions();

    @Option(names = "--reunwind", description = "unwind threads again from the registers and stack a capture saved "
            + "(x86-64 ELF; needs the very binaries, matched by build-id, among --dsym)")
    boolean reunwind;

    /** The background run that builds the symbol caches a run asked for ({@link SymcacheInBackground}). */
    @Option(names = SymcacheInBackground.OPTION, hidden = true)
    boolean symcacheOnly;

    /**
     * Debug files whose symbol caches are opened while the report is read, when there are no more
     * (the usual {@code --dsym App.dSYM} and a few frameworks); more are opened as the report needs them.
     */
    static final int OPEN_AHEAD_MAX_IDS = 4;

    @Override
    public Integer call() throws IOException {
        if (report == null) {
            throw UsageErrors.of(spec, "Missing required parameter: 'REPORT'");
        }
        if (Files.isDirectory(report) && !Report.isCrashPoint(report)) {
            throw UsageErrors.of(spec, report
                    + " is a folder; to symbolicate every report in it use: symbolicate batch " + report
                    + " --dsym PATH --out DIR");
        }
        if (output != null && Files.isDirectory(output)) {
            throw UsageErrors.of(spec, output
                    + " is a folder; -o takes the file to write");
        }
        return run(spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    /**
     * The command once its options are set and checked (by picocli, or by {@link FastArgs} for a
     * plain command line, which leaves folders and bad values to picocli's messages).
     */
    int run(PrintWriter out, PrintWriter err) throws IOException {
        if (symcacheOnly) {
            return buildSymbolCaches();
        }
        debugFiles.buildApart = SymcacheInBackground.allowed();
        // The debug files are indexed while the report is read (each is a tenth of a second of a
        // short run, mostly on one core), and a few symbol caches opened (~20 ms each). What the
        // indexing prints waits until the report has been read: a report that cannot be read still
        // fails alone, as when the steps ran in turn.
        HeldWriter held = new HeldWriter(err);
        PrintWriter indexErr = new PrintWriter(held, true);
        Alongside<Symbolicator, CrashkitException> indexing = Alongside.start("index-debug-files",
                new Indexing(debugFiles, indexErr));
        List<Report> inputs;
        try {
            inputs = Report.readAll(report, limits.limits(spec));
        } catch (IOException | RuntimeException | Error e) {
            indexing.await(); // not left writing the cache folder after the command has ended
            throw e;
        }
        held.release();
        try (Symbolicator symbolicator = indexing.result()) {
            if (reunwind) {
                // Threads that carry registers + a stack window are unwound again with the binaries' CFI.
                List<Report> unwound = new ArrayList<>(inputs.size());
                for (Report r : inputs) {
                    unwound.add(symbolicator.reunwind(r));
                }
                inputs = unwound;
            }
            List<Symbolication> results = inputs.size() == 1 ? List.of(write(inputs.get(0), symbolicator, out))
                    : writeAll(inputs, symbolicator, out);
            boolean missing = false;
            for (Symbolication result : results) {
                String prefix = inputs.size() == 1 ? "" : result.report().part().orElse("") + ": ";
                for (String problem : result.diagnostics()) {
                    err.println("warning: " + prefix + problem);
                }
                missing |= result.anyDebugFileMissing();
            }
            debugFiles.summariseLookups();
            err.flush();
            if (debugFiles.buildApart) {
                SymcacheInBackground.startIfWanted(symbolicator.symbolCacheStats().wanted());
            }
            return missing ? ExitCodes.MISSING_DEBUG_FILES : ExitCodes.OK;
        }
    }

    /**
     * The background run: the command with every symbol cache built at first use and nothing
     * written, while no other background run holds the cache folder.
     */
    private int buildSymbolCaches() throws IOException {
        java.util.Optional<java.nio.file.Path> folder = debugFiles.cacheFolder();
        if (folder.isEmpty() || debugFiles.noSymcache) {
            return ExitCodes.OK;
        }
        java.util.Optional<AutoCloseable> lock = SymcacheInBackground.lock(folder.get());
        if (lock.isEmpty()) {
            return ExitCodes.OK; // another background run is building them
        }
        try (AutoCloseable held = lock.get()) {
            symcacheOnly = false;
            output = null;
            debugFiles.buildSymcache = true;
            PrintWriter none = new PrintWriter(java.io.Writer.nullWriter());
            return run(none, none);
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e.getMessage(), e); // the lock's close: never, a FileChannel's close is an IOException
        }
    }

    /** Every report of a multi-report input (a MetricKit payload, a crash point) as one output. */
    private List<Symbolication> writeAll(List<Report> inputs, Symbolicator symbolicator, PrintWriter out)
            throws IOException {
        OutputFormat f = format.value();
        if (output != null) {
            return symbolicator.symbolicateAll(inputs, f, output);
        }
        out.flush();
        if (out instanceof Stdout stdout) {
            List<Symbolication> results = symbolicator.symbolicateAll(inputs, f, stdout.bytes());
            stdout.bytes().flush();
            return results;
        }
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        List<Symbolication> results = symbolicator.symbolicateAll(inputs, f, bytes);
        out.write(bytes.toString(java.nio.charset.StandardCharsets.UTF_8));
        out.flush();
        return results;
    }

    /**
     * Indexes the debug files and opens a few symbol caches ahead (a class, not a lambda: the
     * index thread starts before the JDK's method-handle machinery is linked; BENCHMARKS.md).
     */
    private static final class Indexing implements Alongside.Step<Symbolicator, CrashkitException> {
        private final DebugFileOptions debugFiles;
        private final PrintWriter err;

        Indexing(DebugFileOptions debugFiles, PrintWriter err) {
            this.debugFiles = debugFiles;
            this.err = err;
        }

        @Override
        public Symbolicator run() throws CrashkitException {
            return debugFiles.open(err, false, OPEN_AHEAD_MAX_IDS);
        }
    }

    /** Renders straight into standard output or the output file (complete or absent, never truncated). */
    private Symbolication write(Report input, Symbolicator symbolicator, PrintWriter out) throws IOException {
        OutputFormat f = format.value();
        if (output == null && out instanceof Stdout stdout) {
            out.flush();
            Symbolication result = symbolicator.symbolicate(input, f, stdout.bytes());
            stdout.bytes().flush();
            return result;
        }
        if (output == null) {
            Symbolication result = symbolicator.symbolicate(input, f, out);
            out.flush();
            return result;
        }
        return symbolicator.symbolicate(input, f, output);
    }
}
