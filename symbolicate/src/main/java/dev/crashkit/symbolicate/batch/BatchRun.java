package dev.crashkit.symbolicate.batch;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.formats.ReportRenderer;
import dev.crashkit.symbolicate.output.OutputFormat;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import dev.crashkit.symbolicate.symbolize.Symbolizer;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * One batch: every input report read, symbolicated and written by a pool of workers sharing one
 * {@link ModuleCache} (each debug file is parsed once per run). A report that fails is recorded
 * in the summary with its reason and never stops the others.
 */
public final class BatchRun {

    /** What the run produced. */
    public record Result(long doneReports, int failedReports, boolean missingDebugFiles, Consumer<PrintWriter> summary) {
    }

    private final Symbolizer symbolizer;
    private final OutputFormat format;
    private final Path outDir;
    private final int jobs;
    private final boolean tty;
    private final PrintWriter progress;
    private final ReportFormats formats = ReportFormats.standard();

    public BatchRun(ModuleCache modules, Optional<DemangleStyle> demangle, OutputFormat format, Path outDir, int jobs,
                    boolean tty, PrintWriter progress) {
        this.symbolizer = new Symbolizer(modules, demangle);
        this.format = format;
        this.outDir = outDir;
        this.jobs = jobs;
        this.tty = tty;
        this.progress = progress;
    }

    public Result run(List<Path> inputs) throws IOException {
        List<BatchInput> reports = BatchInputs.expand(inputs);
        Files.createDirectories(outDir);
        BatchSummary summary = new BatchSummary();
        AtomicInteger finished = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(jobs);
        try {
            for (BatchInput in : reports) {
                pool.execute(() -> {
                    String outcome = process(in, summary);
                    report(finished.incrementAndGet(), reports.size(), in.name(), outcome);
                });
            }
        } finally {
            pool.shutdown();
        }
        try {
            while (!pool.awaitTermination(1, TimeUnit.SECONDS)) {
                // keep waiting: every report finishes (or fails) on its own
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        if (tty) {
            progress.println();
        }
        try (Writer w = Files.newBufferedWriter(outDir.resolve("summary.json"), StandardCharsets.UTF_8)) {
            summary.writeJson(w);
        }
        return new Result(summary.done(), summary.failedCount(), !summary.missing().isEmpty(), summary::print);
    }

    /** Reads, symbolicates and writes one report; returns "ok" or the error. */
    private String process(BatchInput in, BatchSummary summary) {
        try {
            ParsedReport parsed = formats.read(in.name(), in.bytes().get());
            ReportRenderer.Rendered r = ReportRenderer.render(parsed, symbolizer, format);
            Path target = outDir.resolve(outputName(in.name(), parsed));
            Files.createDirectories(target.getParent());
            Files.writeString(target, r.text(), StandardCharsets.UTF_8);
            summary.succeeded(r.result());
            return "ok";
        } catch (CrashkitException e) {
            summary.failed(in.name(), e.getMessage());
            return "failed: " + e.getMessage();
        } catch (IOException e) {
            summary.failed(in.name(), e.getMessage());
            return "failed: " + e.getMessage();
        } catch (RuntimeException e) { // a bug must not take the other reports down; it is reported per report
            String why = "internal error: " + e;
            summary.failed(in.name(), why);
            return "failed: " + why;
        }
    }

    /** Same name as the input for format "same", else the input name with .txt / .json added. */
    private String outputName(String name, ParsedReport parsed) {
        if (format == OutputFormat.same) {
            String ext = ReportRenderer.extension(parsed, format);
            return ext.equals(".txt") ? name + ".txt" : name;
        }
        return name + ReportRenderer.extension(parsed, format);
    }

    private synchronized void report(int done, int total, String name, String outcome) {
        if (tty) {
            int width = 30;
            int filled = total == 0 ? width : done * width / total;
            progress.print("\r[" + "#".repeat(filled) + " ".repeat(width - filled) + "] " + done + "/" + total);
            if (!outcome.equals("ok")) {
                progress.print("\r" + name + ": " + outcome + "\n");
            }
        } else {
            progress.println("[" + done + "/" + total + "] " + name + ": " + outcome);
        }
        progress.flush();
    }
}
