package dev.crashkit.symbolicator.batch;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.symbolicate.output.AtomicFile;
import dev.crashkit.symbolicator.InputLimits;
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
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * One batch: every input report read, symbolicated and written by a pool of workers sharing one
 * {@link Symbolicator} (each debug file is loaded once per run).
 *
 * <p>No report is ever lost: each one ends as an output or as a listed failure, including when its
 * worker runs out of memory or hits a bug (any {@link Throwable} is caught per report), and a final
 * check lists any report that somehow finished neither way. Outputs are written under a temporary
 * name and renamed when complete; {@link BatchJournal} records progress as it happens. Archive
 * members are fed to the workers one at a time, so at most {@code jobs + 1} of them are in memory
 * (besides the reports each worker reads); files are listed ahead and read by the worker.
 *
 * <p>A worker takes the listed inputs in chunks (at most {@link #MAX_CHUNK} inputs and
 * {@link #MAX_CHUNK_BYTES} bytes; fewer when few are waiting, so the last ones are shared out):
 * it reads them all, looks up their frames' addresses in the symbol caches together in address
 * order ({@link Symbolicator#lookAhead}), then writes and records each report in turn as before.
 */
public final class BatchRun {

    /**
     * What the run produced.
     *
     * @param doneReports       reports symbolicated and written
     * @param failedReports     reports that could not be read or symbolicated (each listed in the summary)
     * @param internalErrors    of those, how many met a bug rather than bad input
     * @param missingDebugFiles some frames fell into images without debug files
     * @param summary           prints the summary (counts, missing debug files, failures)
     */
    public record Result(long doneReports, int failedReports, int internalErrors, boolean missingDebugFiles,
                         Consumer<PrintWriter> summary) {

    }

    /**
     * Files listed ahead of the workers (a queued file is its name and path, not its bytes): enough
     * that the workers never wait for the listing thread, which wakes once per finished report
     * only when this many are waiting.
     */
    private static final int FILES_AHEAD = 256;

    /**
     * Most inputs a worker takes at once: its reports' lookups in a symbol cache are made together,
     * in address order (BENCHMARKS.md, seventh pass: 100,000 lookups sorted in chunks of 10,000, a
     * hundred reports, take 40% less CPU than one report after another). Not more: the chunk's
     * reports and answers stay live until it is written, and the batch's small young generation
     * copies them at each collection (64 cost more than they saved; 32 and 16 saved CPU).
     */
    static final int MAX_CHUNK = 32;

    /** Most bytes of reports a worker holds at once: a chunk stops growing at this many. */
    static final long MAX_CHUNK_BYTES = 8L << 20;

    /** Reads one input's reports (tests give readers that fail in ways real input cannot yet). */
    @FunctionalInterface
    public interface Reader {
        /**
         * Reads one report.
         *
         * @param source the report's name in messages
         * @param data   its bytes
         * @param limits the largest report accepted
         * @return the report
         * @throws CrashkitException it cannot be read (one line naming {@code source})
         */
        Report read(String source, byte[] data, InputLimits limits) throws CrashkitException;

        /**
         * Reads every report of one input (a MetricKit payload holds one per diagnostic); by default
         * the one {@link #read} returns.
         *
         * @param source the input's name in messages
         * @param data   its bytes
         * @param limits the largest report accepted
         * @return its reports, at least one
         * @throws CrashkitException it cannot be read (one line naming {@code source})
         */
        default List<Report> readAll(String source, byte[] data, InputLimits limits) throws CrashkitException {
            return List.of(read(source, data, limits));
        }
    }

    /** {@link Report#read} and {@link Report#readAll}: every report of every input. */
    private static final class Standard implements Reader {
        @Override
        public Report read(String source, byte[] data, InputLimits limits) throws CrashkitException {
            return Report.read(source, data, limits);
        }

        @Override
        public List<Report> readAll(String source, byte[] data, InputLimits limits) throws CrashkitException {
            return Report.readAll(source, data, limits);
        }
    }

    private final Symbolicator symbolicator;
    private final OutputFormat format;
    private final Path outDir;
    private final int jobs;
    private final boolean tty;
    private final PrintWriter progress;
    private final InputLimits limits;
    private final Reader reader;
    private final AtomicInteger found = new AtomicInteger();
    private final AtomicInteger finished = new AtomicInteger();
    /** Inputs listed and not taken by a worker yet, each with the permit it holds. */
    private final LinkedBlockingQueue<Listed> waiting = new LinkedBlockingQueue<>();

    /** An input listed: its number among the unfinished, and the permit to release when it is done. */
    private record Listed(int id, BatchInput input, Semaphore bound) {
    }

    /**
     * A batch that reads reports as {@link Report#readAll(String, byte[], InputLimits)} does: each
     * report of a multi-report input (a MetricKit payload's diagnostics) is written, counted and
     * listed on its own, named {@code INPUT PART}, its output {@code INPUT.PART.EXT}.
     *
     * @param symbolicator the debug files, shared by the workers; its input limits bound each report
     * @param format       what each output is
     * @param outDir       where the outputs, {@code summary.json} and the journal go (created)
     * @param jobs         worker threads
     * @param tty          draw a progress bar rather than a line per report
     * @param progress     where a line per report (or the bar) is written
     */
    public BatchRun(Symbolicator symbolicator, OutputFormat format, Path outDir, int jobs, boolean tty,
                    PrintWriter progress) {
        this(symbolicator, format, outDir, jobs, tty, progress, new Standard());
    }

    /**
     * A batch with another report reader.
     *
     * @param symbolicator the debug files, shared by the workers; its input limits bound each report
     * @param format       what each output is
     * @param outDir       where the outputs, {@code summary.json} and the journal go (created)
     * @param jobs         worker threads
     * @param tty          draw a progress bar rather than a line per report
     * @param progress     where a line per report (or the bar) is written
     * @param reader       reads each report
     */
    public BatchRun(Symbolicator symbolicator, OutputFormat format, Path outDir, int jobs, boolean tty,
                    PrintWriter progress, Reader reader) {
        this.symbolicator = symbolicator;
        this.format = format;
        this.outDir = outDir;
        this.jobs = jobs;
        this.tty = tty;
        this.progress = progress;
        this.limits = symbolicator.config().inputLimits();
        this.reader = reader;
    }

    /**
     * Symbolicates every report under {@code inputs} (files, folders, zip/tar/tar.gz archives of reports):
     * each ends as an output or as a listed failure.
     *
     * @param inputs report files, folders or archives
     * @return what the run produced
     * @throws IOException an input does not exist, or the output folder cannot be written
     */
    public Result run(List<Path> inputs) throws IOException {
        BatchInputs.checkExist(inputs);
        Files.createDirectories(outDir);
        BatchSummary summary = new BatchSummary();
        Map<Integer, String> unfinished = new ConcurrentHashMap<>();
        try (BatchJournal journal = BatchJournal.open(outDir, summary)) {
            ExecutorService pool = Executors.newFixedThreadPool(jobs);
            // Back-pressure: an archive member's bytes are read only when a worker is free for it;
            // files, read by the worker that takes them, are queued well ahead so that a worker
            // finishing a report never waits for this thread to list the next one.
            Semaphore free = new Semaphore(jobs);
            Semaphore ahead = new Semaphore(jobs + FILES_AHEAD);
            try {
                BatchInputs.forEach(inputs, limits, in -> {
                    Semaphore bound = in.held() ? free : ahead;
                    bound.acquire();
                    int id = found.incrementAndGet();
                    unfinished.put(id, in.name());
                    waiting.add(new Listed(id, in, bound));
                    // One task per input, each taking a chunk of those waiting (none when others
                    // took them all): every input is taken, since a task finding some waiting
                    // takes at least one, and each input's task runs after it was queued.
                    pool.execute(() -> takeChunk(summary, journal, unfinished));
                });
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            } finally {
                pool.shutdown();
                awaitQuietly(pool);
            }
            for (String lost : unfinished.values()) {
                // A worker died without recording its report (e.g. an error while recording): say so.
                summary.failed(lost, "not finished: its worker stopped", true);
                journal.failed(lost, "not finished: its worker stopped", true);
            }
            if (tty) {
                progress.println();
            }
            journal.complete();
        }
        return new Result(summary.done(), summary.failedCount(), summary.internalCount(),
                !summary.missing().isEmpty(), summary::print);
    }

    private static void awaitQuietly(ExecutorService pool) {
        boolean interrupted = false;
        while (true) {
            try {
                if (pool.awaitTermination(1, TimeUnit.SECONDS)) {
                    break;
                }
            } catch (InterruptedException e) {
                interrupted = true; // every started report still finishes and is recorded
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Inputs handed to the workers so far (tests watch the listing run ahead of them). */
    int listed() {
        return found.get();
    }

    /** How one report ended; {@code name} is the input's, or {@code INPUT PART} for a part of one. */
    private record Outcome(String name, Optional<Symbolication> result, String output, String error,
                           boolean internal) {
        static Outcome ok(String name, Symbolication r, String output) {
            return new Outcome(name, Optional.of(r), output, "", false);
        }

        static Outcome failed(String name, String error, boolean internal) {
            return new Outcome(name, Optional.empty(), "", error, internal);
        }
    }

    /**
     * Takes a chunk of the inputs waiting, reads them, looks their lookups up ahead, and symbolicates,
     * writes and records each in turn; every input taken ends recorded (or unfinished, as before) and
     * its permit released, whatever happens.
     */
    private void takeChunk(BatchSummary summary, BatchJournal journal, Map<Integer, String> unfinished) {
        List<Taken> chunk = new ArrayList<>();
        int released = 0;
        try {
            int want = Math.max(1, Math.min(MAX_CHUNK, waiting.size() / jobs));
            long bytes = 0;
            while (chunk.size() < want && bytes < MAX_CHUNK_BYTES) {
                Listed next = waiting.poll();
                if (next == null) {
                    break;
                }
                Taken t = read(next);
                chunk.add(t);
                bytes += t.bytes();
            }
            Symbolicator.LookedAhead ahead = lookAhead(chunk);
            try {
                while (released < chunk.size()) {
                    Taken t = chunk.get(released++); // counted before: its permit is released here only
                    try {
                        finish(t.listed().id(), t.listed().input(), process(t), summary, journal, unfinished);
                    } finally {
                        t.listed().bound().release();
                    }
                }
            } finally {
                if (ahead != null) {
                    ahead.close();
                }
            }
        } finally {
            for (int i = released; i < chunk.size(); i++) {
                chunk.get(i).listed().bound().release();
            }
        }
    }

    /** An input taken: its reports, or why they could not be read; its bytes' length. */
    private record Taken(Listed listed, List<Report> reports, Outcome unread, long bytes) {
    }

    /** Reads every report of one input; never throws, whatever happens inside. */
    private Taken read(Listed listed) {
        BatchInput in = listed.input();
        try {
            byte[] data = in.bytes().get();
            return new Taken(listed, reader.readAll(in.name(), data, limits), null, data.length);
        } catch (IOException e) {
            return new Taken(listed, null, Outcome.failed(in.name(), e.getMessage(), false), 0);
        } catch (OutOfMemoryError e) {
            return new Taken(listed, null, Outcome.failed(in.name(), outOfMemory(in.name()), false), 0);
        } catch (RuntimeException | Error e) { // a bug must not take the other reports down; it is listed per report
            return new Taken(listed, null, Outcome.failed(in.name(), internal(e), true), 0);
        }
    }

    /**
     * The lookups of a chunk's reports answered ahead, or null for a chunk of one input (nothing to
     * gain). A failure here only loses the speed: each report then looks up as it would have.
     */
    private Symbolicator.LookedAhead lookAhead(List<Taken> chunk) {
        if (chunk.size() < 2) {
            return null;
        }
        List<Report> reports = new ArrayList<>();
        for (Taken t : chunk) {
            if (t.reports() != null) {
                reports.addAll(t.reports());
            }
        }
        try {
            return symbolicator.lookAhead(reports);
        } catch (RuntimeException | Error e) {
            return null;
        }
    }

    /** Symbolicates and writes every report of one input taken; never throws, whatever happens inside. */
    private List<Outcome> process(Taken taken) {
        if (taken.reports() == null) {
            return List.of(taken.unread());
        }
        BatchInput in = taken.listed().input();
        List<Report> reports = taken.reports();
        List<Outcome> outcomes = new ArrayList<>(reports.size());
        for (Report r : reports) {
            // Each part of an input ends on its own: one that cannot be written does not lose the rest.
            String name = r.part().map(p -> in.name() + " " + p).orElse(in.name());
            outcomes.add(write(name, outputName(in.name(), r), r));
        }
        return outcomes;
    }

    private Outcome write(String reportName, String outputName, Report parsed) {
        try {
            Path target = outDir.resolve(outputName);
            if (!target.getParent().equals(outDir)) {
                Files.createDirectories(target.getParent()); // a member of an archive, a report in a sub-folder
            }
            Symbolication[] result = new Symbolication[1];
            AtomicFile.writeBytes(target, out -> result[0] = symbolicator.symbolicate(parsed, format, out));
            return Outcome.ok(reportName, result[0], outputName);
        } catch (CrashkitException e) {
            return Outcome.failed(reportName, e.getMessage(), false);
        } catch (IOException e) {
            return Outcome.failed(reportName, e.getMessage(), false);
        } catch (OutOfMemoryError e) {
            // The report's objects are unreachable once we are here, so the other workers go on.
            return Outcome.failed(reportName, outOfMemory(reportName), false);
        } catch (RuntimeException | Error e) {
            return Outcome.failed(reportName, internal(e), true);
        }
    }

    private static String outOfMemory(String name) {
        return name + ": out of memory (heap " + (Runtime.getRuntime().maxMemory() >> 20)
                + " MB): too large for this heap; lower --max-report-size/--max-frames or raise -Xmx";
    }

    private static String internal(Throwable e) {
        StackTraceElement[] at = e.getStackTrace();
        return "internal error: " + e + (at.length > 0 ? " at " + at[0] : "");
    }

    private void finish(int id, BatchInput in, List<Outcome> outcomes, BatchSummary summary, BatchJournal journal,
                        Map<Integer, String> unfinished) {
        try {
            // Loops, not streams: this runs once per report, interpreted for the first few hundred.
            int failed = 0;
            String firstError = null;
            for (Outcome o : outcomes) {
                if (o.result().isPresent()) {
                    summary.succeeded(o.result().get());
                    journal.succeeded(o.name(), o.output());
                } else {
                    summary.failed(o.name(), o.error(), o.internal());
                    journal.failed(o.name(), o.error(), o.internal());
                    failed++;
                    if (firstError == null) {
                        firstError = o.error();
                    }
                }
            }
            unfinished.remove(id);
            String outcome = failed == 0 ? "ok" : outcomes.size() == 1 ? "failed: " + outcomes.get(0).error()
                    : failed + " of " + outcomes.size() + " reports failed: " + firstError;
            report(finished.incrementAndGet(), found.get(), in.name(), outcome);
        } catch (IOException e) {
            // The journal could not be written (disk full?): the report stays "unfinished" and is
            // listed at the end from memory.
            progress.println("warning: " + outDir.resolve(BatchJournal.JOURNAL) + ": " + e.getMessage());
        }
    }

    /**
     * Same name as the input for format "same", else the input name with .txt / .json added; a part
     * of a multi-report input adds its part name ({@code payload.json.crashDiagnostics[0].json}).
     */
    private String outputName(String input, Report parsed) {
        String name = parsed.part().map(p -> input + "." + partFileName(p)).orElse(input);
        if (format == OutputFormat.SAME) {
            String ext = Symbolicator.fileExtension(parsed, format);
            return ext.equals(".txt") ? name + ".txt" : name;
        }
        return name + Symbolicator.fileExtension(parsed, format);
    }

    /** A part name as one file-name component: no separators, no spaces. */
    static String partFileName(String part) {
        StringBuilder b = new StringBuilder(part.length());
        for (int i = 0; i < part.length(); i++) {
            char c = part.charAt(i);
            boolean keep = Character.isLetterOrDigit(c) || c == '[' || c == ']' || c == '-' || c == '_' || c == '.';
            b.append(keep ? c : '_');
        }
        return b.toString();
    }

    private synchronized void report(int done, int total, String name, String outcome) {
        if (tty) {
            int width = 30;
            int filled = total == 0 ? width : Math.min(width, done * width / total);
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
