package dev.crashkit.symbolicate.cli;

import dev.crashkit.symbolicator.batch.BatchRun;
import dev.crashkit.symbolicator.InputLimits;
import dev.crashkit.symbolicator.Symbolicator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Symbolicate many reports in parallel, for CI. */
@Command(name = "batch", mixinStandardHelpOptions = true,
        description = "Symbolicate every report under INPUT (files, folders, zip/tar/tar.gz archives) into DIR.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every report symbolicated (missing debug files are listed in the summary)",
                "1:with --fail-on-missing: some frames fell into images without debug files",
                "2:usage error", "3:some reports could not be read (each is listed in the summary)",
                "4:internal error (for some reports: each is listed in the summary)"})
public final class BatchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "INPUT", arity = "1..*", description = "report files, folders or archives of reports")
    List<Path> inputs = new ArrayList<>();

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "output folder (created)")
    Path out;

    @Option(names = "--format", defaultValue = "same", description = "same, text or json (default: ${DEFAULT-VALUE})")
    FormatOption format;

    @Option(names = "--fail-on-missing", description = "exit 1 when frames fell into images without debug files")
    boolean failOnMissing;

    @Option(names = {"-j", "--jobs"}, paramLabel = "N", description = "worker threads (default: all cores)")
    int jobs = Runtime.getRuntime().availableProcessors();

    @Mixin
    DebugFileOptions debugFiles = new DebugFileOptions();

    @Mixin
    ReportLimitOptions limits = new ReportLimitOptions();

    @Override
    public Integer call() throws IOException {
        if (jobs < 1) {
            throw UsageErrors.of(spec, "--jobs must be at least 1");
        }
        return run(spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    /**
     * The command once its options are set and checked (by picocli, or by {@link FastBatchArgs} for
     * a plain command line, which leaves bad values to picocli's messages).
     */
    int run(PrintWriter stdout, PrintWriter err) throws IOException {
        InputLimits reportLimits = limits.limits(spec);
        BatchRun.Result r;
        try (Symbolicator symbolicator = debugFiles.open(err,
                debugFiles.config(err, true, 0).withInputLimits(reportLimits))) {
            BatchRun run = new BatchRun(symbolicator, format.value(), out, jobs, System.console() != null, err);
            r = run.run(inputs);
        }
        r.summary().accept(stdout);
        long problems = debugFiles.lookupProblems();
        if (problems > 0) {
            stdout.println("Problems in debug files: " + problems
                    + " (other name sources used instead; --verbose lists them)");
        }
        return exitCode(r, failOnMissing);
    }

    /** 4 when a report met a bug, 3 when one could not be read, 1 (if asked) for missing debug files. */
    static int exitCode(BatchRun.Result r, boolean failOnMissing) {
        if (r.internalErrors() > 0) {
            return ExitCodes.INTERNAL_ERROR;
        }
        if (r.failedReports() > 0) {
            return ExitCodes.INVALID_INPUT;
        }
        return failOnMissing && r.missingDebugFiles() ? ExitCodes.MISSING_DEBUG_FILES : ExitCodes.OK;
    }

}
