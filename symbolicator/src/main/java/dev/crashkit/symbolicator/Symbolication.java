package dev.crashkit.symbolicator;

import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Image;
import dev.crashkit.symbolicate.formats.ReportRenderer;
import dev.crashkit.symbolicate.group.AppImages;
import dev.crashkit.symbolicate.group.CrashSignature;
import dev.crashkit.symbolicate.symbolize.FrameStatus;
import dev.crashkit.symbolicate.symbolize.ImageStatus;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import dev.crashkit.symbolicate.symbolize.Symbolizer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One report symbolicated: the report as read, its threads with named frames, what became of each
 * image, the debug files that were missing, its crash signature, and what went wrong on the way.
 * Immutable; {@link #write} renders it as often as wanted.
 */
public final class Symbolication {
    private final Report report;
    private final ReportRenderer.Symbolicated result;
    /** Simplified names for the signature; the same result when the configuration prints them. */
    private final Symbolizer forSignature;

    Symbolication(Report report, ReportRenderer.Symbolicated result, Symbolizer forSignature) {
        this.report = report;
        this.result = result;
        this.forSignature = forSignature;
    }

    /** {@return the report as read (after a re-unwind, with its new threads)} */
    public Report report() {
        return report;
    }

    /** {@return the report's threads, each with its symbolicated frames, in the report's order} */
    public List<SymbolicatedStack> threads() {
        List<SymbolicatedStack> out = new ArrayList<>(result.result().threads().size());
        for (SymbolicatedThread t : result.result().threads()) {
            out.add(stack(t));
        }
        return out;
    }

    /** {@return the uncaught exception's backtrace ({@code lastExceptionBacktrace}), when the report has one} */
    public Optional<SymbolicatedStack> exceptionBacktrace() {
        return result.exception().map(Symbolication::stack);
    }

    /**
     * How many input frames the report's threads have, and how many of them got a function name (an
     * input frame counts once, however many inlined calls it expands to).
     *
     * @param frames       input frames of every thread
     * @param symbolicated those with a name from a debug file
     */
    public record FrameCounts(long frames, long symbolicated) {
    }

    /**
     * {@return how many input frames there are and how many got a name} Counted without building the
     * {@link #threads()} view (a batch asks it of every report).
     */
    public FrameCounts frameCounts() {
        long frames = 0;
        long symbolicated = 0;
        for (SymbolicatedThread t : result.result().threads()) {
            int lastIndex = -1;
            for (SymbolicatedFrame f : t.frames()) {
                if (f.index() == lastIndex) {
                    continue; // inlined expansions of one input frame count once
                }
                lastIndex = f.index();
                frames++;
                if (f.status() == FrameStatus.SYMBOLICATED) {
                    symbolicated++;
                }
            }
        }
        return new FrameCounts(frames, symbolicated);
    }

    /** {@return every image of the report with its outcome, in the report's order} */
    public List<ImageOutcome> images() {
        List<ImageOutcome> out = new ArrayList<>();
        for (ImageStatus s : result.result().images()) {
            out.add(outcome(s));
        }
        return out;
    }

    /**
     * {@return every image of the report as symbolicated/1's {@code images} lists it, in the report's order}
     * For clients that keep the document as values rather than text (Spark's columns): the same entries,
     * with the status by its printed name and the detail the document gives.
     */
    public List<ImageResult> imageResults() {
        List<ImageResult> out = new ArrayList<>(result.result().images().size());
        for (ImageStatus s : result.result().images()) {
            out.add(new ImageResult(s.image(), s.debugFile(), s.status().jsonName(), s.detail()));
        }
        return out;
    }

    /** {@return whether some frame fell into an image without a usable debug file (the CLI's exit code 1)} */
    public boolean anyDebugFileMissing() {
        return result.result().missingDebugFiles();
    }

    /**
     * {@return the debug files that would have named frames}
     * Each image with a UUID / build-id (not all zero) whose frames got no name for want of its debug
     * file, with how many and whose image it is ({@link ImageOrigin}), in the report's image order.
     */
    public List<MissingDebugFile> missingDebugFiles() {
        SymbolicatedReport r = result.result();
        if (!r.missingDebugFiles()) {
            return List.of();
        }
        Map<DebugId, Integer> frames = new LinkedHashMap<>();
        for (SymbolicatedThread t : r.threads()) {
            for (SymbolicatedFrame f : t.frames()) {
                // Frames without a debug file have no inlined entries: one entry per input frame.
                if (f.status() == FrameStatus.NO_DEBUG_FILE && f.imageId().isPresent() && !f.imageId().get().isZero()) {
                    frames.merge(f.imageId().get(), 1, Integer::sum);
                }
            }
        }
        List<MissingDebugFile> out = new ArrayList<>();
        for (ImageStatus s : r.images()) {
            Optional<DebugId> id = s.image().id();
            if (s.status() != ImageStatus.Status.OK && id.isPresent() && frames.containsKey(id.get())) {
                out.add(new MissingDebugFile(id.get().toString(), s.image().name(),
                        s.image().arch().map(a -> a.label()), frames.remove(id.get()), s.image().path(),
                        ImageOrigin.of(s.image(), report.model().process().name())));
            }
        }
        return out;
    }

    /** {@return the crash signature that groups this crash with its duplicates (always with simplified names)} */
    public Signature signature() {
        SymbolicatedReport simplified = forSignature == null ? result.result()
                : forSignature.symbolicate(report.model());
        CrashSignature s = CrashSignature.of(simplified, report.javaException(), report.kind().equals("hang"));
        return new Signature(s.id(), s.title(), s.exception(), s.frames());
    }

    /** {@return the names of the report's images that are the app's own (not the system's), each once} */
    public List<String> appImages() {
        // A set, not List.contains: a report may hold up to 100,000 images (InputLimits).
        java.util.Set<String> app = new java.util.LinkedHashSet<>();
        for (Image img : report.model().images()) {
            if (AppImages.isApp(img)) {
                app.add(img.name());
            }
        }
        return List.copyOf(app);
    }

    /**
     * {@return the problems with this report's debug files that did not stop it}
     * A debug file found but unreadable, or with another UUID inside; an image without identity matched by
     * its file name only (nothing proves it is the file the process ran); what the report's reader could not
     * place (a frame of a library the report does not map). One line each, naming the image or the frame.
     */
    public List<String> diagnostics() {
        List<String> out = new ArrayList<>();
        for (ImageStatus s : result.result().images()) {
            if (s.status() == ImageStatus.Status.UNREADABLE || s.status() == ImageStatus.Status.UUID_MISMATCH
                    || s.status() == ImageStatus.Status.BY_NAME) {
                out.add(s.image().name() + ": " + s.detail().orElse(s.status().jsonName()));
            }
        }
        out.addAll(report.parsed().document().notes());
        return out;
    }

    /**
     * Renders in UTF-8 to {@code out} (not closed, not flushed).
     *
     * @param format what to render
     * @param out    where to
     * @throws IOException {@code out} fails
     */
    public void write(OutputFormat format, OutputStream out) throws IOException {
        ReportRenderer.write(report.parsed(), result, format.internal(), out);
    }

    /**
     * Renders to {@code out} (not closed, not flushed).
     *
     * @param format what to render
     * @param out    where to
     * @throws IOException {@code out} fails
     */
    public void write(OutputFormat format, Writer out) throws IOException {
        ReportRenderer.write(report.parsed(), result, format.internal(), out);
    }

    /**
     * {@return the file name extension of this report rendered in {@code format}}
     * {@code .json}, {@code .ips}, ...
     *
     * @param format what would be rendered
     */
    public String fileExtension(OutputFormat format) {
        return ReportRenderer.extension(report.parsed(), format.internal());
    }

    /** The public statuses by the internal ones' ordinals (the two enums list the same names in one order). */
    private static final StackFrame.Status[] STATUSES = new StackFrame.Status[FrameStatus.values().length];

    static {
        for (FrameStatus s : FrameStatus.values()) {
            STATUSES[s.ordinal()] = StackFrame.Status.valueOf(s.name());
        }
    }

    private static SymbolicatedStack stack(SymbolicatedThread t) {
        List<StackFrame> frames = new ArrayList<>(t.frames().size());
        for (SymbolicatedFrame f : t.frames()) {
            frames.add(new StackFrame(f.index(), f.address(), f.image(), f.imageId(), f.symbol(), f.mangled(),
                    f.symbolAddress(), f.offset(), f.file(), f.line(), f.column(), f.inlined(),
                    STATUSES[f.status().ordinal()], f.source(), f.trust(), f.symbolVersion(), f.reportedFallback(),
                    f.keptFromCapture()));
        }
        return new SymbolicatedStack(t.thread(), frames);
    }

    private static ImageOutcome outcome(ImageStatus s) {
        switch (s.status()) {
            case OK:
                return new ImageOutcome.Matched(s.image(), s.debugFile().orElseThrow());
            case BY_NAME_VERIFIED:
                return new ImageOutcome.Matched(s.image(), s.debugFile().orElseThrow(),
                        ImageOutcome.Matched.By.FILE_NAME_VERIFIED);
            case BY_NAME:
                return new ImageOutcome.Matched(s.image(), s.debugFile().orElseThrow(),
                        ImageOutcome.Matched.By.FILE_NAME_ONLY);
            case NO_DEBUG_FILE:
            case NO_UUID:
                return new ImageOutcome.Missing(s.image(), s.detail().orElse(s.status().jsonName()));
            default:
                return new ImageOutcome.Failed(s.image(), s.detail().orElse(s.status().jsonName()));
        }
    }
}
