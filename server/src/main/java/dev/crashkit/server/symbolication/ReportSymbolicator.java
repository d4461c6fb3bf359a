package dev.crashkit.server.symbolication;

import dev.crashkit.core.ReportException;
import dev.crashkit.symbolicator.InputLimits;
import dev.crashkit.symbolicator.MissingDebugFile;
import dev.crashkit.symbolicator.OutputFormat;
import dev.crashkit.symbolicator.Report;
import dev.crashkit.symbolicator.Signature;
import dev.crashkit.symbolicator.StackFrame;
import dev.crashkit.symbolicator.SymbolicatedStack;
import dev.crashkit.symbolicator.Symbolication;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import dev.crashkit.symbolicator.ImageOutcome;

/**
 * The one place where the server calls the symbolicator for reports: detect and read a report (within
 * the limits the command line applies), symbolicate it against the current debug files
 * ({@link DebugFiles}), render symbolicated/1 and take its group and missing debug files.
 */
public final class ReportSymbolicator {
    private final DebugFiles debugFiles;
    private final InputLimits limits;
    private final StoredFrames stored;
    private final boolean scrubSentryUsers;
    /**
     * Reports up to 512 KiB read at ingest, 256 or 8 MiB of them at most: more than the backlog of a burst
     * that the workers keep up with (the queue is empty 0.1 s after it, BENCHMARKS.md).
     */
    private final ReadAtIngest readAtIngest = new ReadAtIngest(256, 512 * 1024, 8L * 1024 * 1024);

    /** What ingest learns of a report before storing it. */
    public record Checked(String format, Dimensions dimensions) {
    }

    /** With the command line's default limits. */
    public ReportSymbolicator(DebugFiles debugFiles) {
        this(debugFiles, InputLimits.defaults());
    }

    /**
     * With the given limits.
     *
     * @param debugFiles the debug files to symbolicate with
     * @param limits     the reports refused at ingest (checked before anything is stored) and when read
     *                   again to symbolicate: the command line's {@link InputLimits}, the size the server's
     */
    public ReportSymbolicator(DebugFiles debugFiles, InputLimits limits) {
        this(debugFiles, limits, StoredFrames.DEFAULT);
    }

    /**
     * With the given limits and frame budget.
     *
     * @param stored how many frames of a report are symbolicated and stored (the rest counted as omitted)
     */
    public ReportSymbolicator(DebugFiles debugFiles, InputLimits limits, StoredFrames stored) {
        this(debugFiles, limits, stored, false);
    }

    /**
     * @param scrubSentryUsers whether a Sentry event's user identity is removed from the bytes stored
     *                         ({@link SentryUserScrub}; users are counted by a salted hash either way)
     */
    public ReportSymbolicator(DebugFiles debugFiles, InputLimits limits, StoredFrames stored, boolean scrubSentryUsers) {
        this.scrubSentryUsers = scrubSentryUsers;
        this.debugFiles = debugFiles;
        this.limits = limits;
        this.stored = stored;
    }

    /**
     * One report of an upload, to store on its own: its bytes (the upload's, or for a part of a
     * multi-report upload such as a MetricKit payload, an input holding that part alone) and what
     * ingest learnt of it.
     *
     * @param body    what to store
     * @param part    which part of the upload, when it holds several
     * @param checked its format and app version
     */
    public record Part(byte[] body, Optional<String> part, Checked checked) {
    }

    /**
     * Reads every report of an upload fully (a broken one refuses the whole upload before anything
     * is stored): one part for most formats, one per diagnostic of a MetricKit payload.
     */
    public List<Part> checkAll(byte[] body) throws BadInputException {
        List<Report> all;
        try {
            all = Report.readAll("report", body, limits);
        } catch (ReportException e) {
            throw new BadInputException(e.getMessage());
        }
        if (all.size() == 1 && all.get(0).part().isEmpty()) {
            Report r = all.get(0);
            // The dimensions (the user's hash among them) from the bytes as sent; the bytes stored without the user.
            Dimensions dimensions = ReportDimensions.of(r, body);
            byte[] stored = toStore(r.format(), body);
            if (stored == body) {
                // Stored as uploaded: the worker that symbolicates these bytes here need not read them again.
                readAtIngest.put(body, new ReadAtIngest.Read(r, Optional.of(dimensions)));
            }
            return List.of(new Part(stored, Optional.empty(), new Checked(r.format(), dimensions)));
        }
        List<Part> parts = new ArrayList<>(all.size());
        for (Report r : all) {
            byte[] alone = r.standalone().orElseThrow(() -> new BadInputException("report: " + r.part().orElse("")
                    + ": a part of a multi-report input that cannot be stored on its own"));
            parts.add(new Part(toStore(r.format(), alone), r.part(), new Checked(r.format(), ReportDimensions.of(r, alone))));
        }
        return parts;
    }

    /**
     * Symbolicates a stored report with the debug files known now: the frames within the budget (see
     * {@link StoredFrames}), the ones left out counted in the document's {@code "omitted"}. Debug files it
     * misses that are stored but not here (another instance's uploads) are fetched first.
     *
     * @throws DebugFiles.Unavailable when such files could not be fetched now (retry later)
     */
    public Outcome symbolicate(byte[] body) throws BadInputException, IOException {
        Optional<ReadAtIngest.Read> atIngest = readAtIngest.take(body);
        ReadAtIngest.Read read = atIngest.isPresent() ? atIngest.get() : unread(body);
        Outcome first = symbolicateOnce(read, body);
        if (first.missing().isEmpty()) {
            return first;
        }
        // Files another instance uploaded are in the shared store: fetched, then the report is read again.
        List<String> ids = first.missing().stream().map(Outcome.MissingImage::debugId).toList();
        return debugFiles.fetchMissing(ids) ? symbolicateOnce(read, body) : first;
    }

    /** The bytes to store of a report read as {@code format} (the same array when stored as sent). */
    private byte[] toStore(String format, byte[] body) throws BadInputException {
        if (!scrubSentryUsers || !format.equals("sentry")) {
            return body;
        }
        try {
            return SentryUserScrub.scrub(body).orElse(body);
        } catch (IOException e) {
            throw new BadInputException("report: " + e.getMessage());
        }
    }

    /** The stored bytes read again, their dimensions not yet taken. */
    private ReadAtIngest.Read unread(byte[] body) throws BadInputException {
        return new ReadAtIngest.Read(parse(body), Optional.empty());
    }

    /** Reports read at ingest and not yet symbolicated here (for tests). */
    int heldFromIngest() {
        return readAtIngest.size();
    }

    private Outcome symbolicateOnce(ReadAtIngest.Read read, byte[] body) throws IOException {
        // A minidump's stacks are walked first, so that the budget applies to the frames the walk finds.
        Report report = debugFiles.symbolicator().walked(read.report());
        // Ingest's dimensions are of this very report unless the walk made another (a minidump's).
        Dimensions dimensions = read.dimensions().filter(d -> report == read.report())
                .orElseGet(() -> ReportDimensions.of(report, body));
        StoredFrames.Cut cut = stored.cut(report);
        Symbolication result = debugFiles.symbolicator().symbolicate(cut.report());
        StringWriter json = new StringWriter();
        result.write(OutputFormat.JSON, json);
        Signature sig = result.signature();
        List<Outcome.MissingImage> missing = new ArrayList<>();
        for (MissingDebugFile m : result.missingDebugFiles()) {
            missing.add(new Outcome.MissingImage(m.debugId(), m.image(), m.arch(), m.frames(), m.origin()));
        }
        // Complete when the app's own images are named: system images without symbols do not keep it partial.
        boolean partial = missing.stream().anyMatch(Outcome.MissingImage::keepsPartial);
        return new Outcome(cut.omitted().into(json.toString()), partial ? "partial" : "symbolicated",
                new Outcome.Group(sig.id(), sig.title(), sig.exception(), sig.frames()), result.appImages(), missing,
                dimensions, frameText(result), usedUploads(result));
    }

    /** The uploaded debug files (by SHA-256) that matched an image of the report. */
    private Set<String> usedUploads(Symbolication result) {
        Set<String> out = new TreeSet<>();
        for (ImageOutcome image : result.images()) {
            if (image instanceof ImageOutcome.Matched m) {
                debugFiles.uploadedSha256(m.debugFile()).ifPresent(out::add);
            }
        }
        return out;
    }

    /** Longest frame text kept per report (what {@code q} searches). */
    static final int MAX_FRAME_TEXT = 16 * 1024;

    /**
     * The function names (else the names the report gave) of the crashed threads and the exception backtrace (else of the first thread),
     * each once, one per line: what a search for text in frame names looks through.
     */
    static String frameText(Symbolication result) {
        java.util.LinkedHashSet<String> names = new java.util.LinkedHashSet<>();
        List<SymbolicatedStack> stacks = new ArrayList<>();
        result.exceptionBacktrace().ifPresent(stacks::add);
        for (SymbolicatedStack s : result.threads()) {
            if (s.thread().crashed()) {
                stacks.add(s);
            }
        }
        if (stacks.isEmpty() && !result.threads().isEmpty()) {
            stacks.add(result.threads().get(0));
        }
        int length = 0;
        for (SymbolicatedStack s : stacks) {
            for (StackFrame f : s.frames()) {
                // A frame without a debug file keeps the name its report gave (KSCrash, .crash, Sentry write them).
                Optional<String> name = f.function().or(() -> reported(s, f));
                if (name.isPresent() && length + name.get().length() + 1 <= MAX_FRAME_TEXT && names.add(name.get())) {
                    length += name.get().length() + 1;
                }
            }
        }
        return String.join("\n", names);
    }

    private Report parse(byte[] body) throws BadInputException {
        try {
            return Report.read("report", body, limits);
        } catch (ReportException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    private static Optional<String> reported(SymbolicatedStack s, StackFrame f) {
        List<dev.crashkit.core.model.Frame> raw = s.thread().frames();
        if (f.index() < 0 || f.index() >= raw.size()) {
            return Optional.empty();
        }
        return raw.get(f.index()).reported().flatMap(dev.crashkit.core.model.ReportedFrame::symbol);
    }

    /** The uncaught Java exception's stack trace a report from our capture carries, for display. */
    public Optional<String> javaExceptionOf(byte[] body) {
        try {
            return parse(body).javaException();
        } catch (BadInputException e) {
            return Optional.empty(); // read at ingest already; here it is only shown
        }
    }
}
