package dev.crashkit.server.symbolication;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.group.AppImages;
import dev.crashkit.symbolicate.group.CrashSignature;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Image;
import dev.crashkit.symbolicate.output.JsonReportWriter;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.core.ReportException;
import dev.crashkit.symbolicate.report.ReportFormat;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.symbolize.FrameStatus;
import dev.crashkit.symbolicate.symbolize.ImageStatus;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import dev.crashkit.symbolicate.symbolize.Symbolizer;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The one place where the server calls the symbolicator for reports: detect and read a report, symbolicate
 * it against the current debug files ({@link DebugFiles}), render symbolicated/1 and compute its group.
 */
public final class ReportSymbolicator {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final ReportFormats formats = ReportFormats.standard();
    private final DebugFiles debugFiles;

    /** What ingest learns of a report before storing it. */
    public record Checked(String format, Optional<String> appVersion) {
    }

    public ReportSymbolicator(DebugFiles debugFiles) {
        this.debugFiles = debugFiles;
    }

    /** Reads the report fully (so a broken one is refused before anything is stored). */
    public Checked check(byte[] body) throws BadInputException {
        ParsedReport parsed = parse(body);
        return new Checked(formatName(parsed.format()), AppVersions.of(parsed.format(), body));
    }

    /** Symbolicates a stored report with the debug files known now. */
    public Outcome symbolicate(byte[] body) throws BadInputException, IOException {
        ParsedReport parsed = parse(body);
        Symbolizer symbolizer = new Symbolizer(debugFiles.modules(), Optional.of(DemangleStyle.SIMPLIFIED));
        SymbolicatedReport result = symbolizer.symbolicate(parsed.model());
        StringWriter json = new StringWriter();
        JsonReportWriter.write(result, json);
        Optional<String> javaException = parsed.format() == ReportFormat.CRASHREPORT ? javaException(body)
                : Optional.empty();
        CrashSignature sig = CrashSignature.of(result, javaException);
        List<Outcome.MissingImage> missing = missing(result);
        List<String> app = new ArrayList<>();
        for (Image img : parsed.model().images()) {
            if (AppImages.isApp(img) && !app.contains(img.name())) {
                app.add(img.name());
            }
        }
        return new Outcome(json.toString(), missing.isEmpty() ? "symbolicated" : "partial",
                new Outcome.Group(sig.id(), sig.title(), sig.exception(), sig.frames()), app, missing);
    }

    private ParsedReport parse(byte[] body) throws BadInputException {
        try {
            return formats.read("report", body);
        } catch (ReportException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    /** Images with frames that found no debug file, and how many frames each. */
    private static List<Outcome.MissingImage> missing(SymbolicatedReport result) {
        Map<DebugId, Integer> frames = new LinkedHashMap<>();
        for (SymbolicatedThread t : result.threads()) {
            int lastIndex = -1;
            for (SymbolicatedFrame f : t.frames()) {
                if (f.status() == FrameStatus.NO_DEBUG_FILE && f.imageId().isPresent() && f.index() != lastIndex
                        && !f.imageId().get().isZero()) {
                    frames.merge(f.imageId().get(), 1, Integer::sum);
                }
                lastIndex = f.index();
            }
        }
        List<Outcome.MissingImage> out = new ArrayList<>();
        for (ImageStatus s : result.images()) {
            Optional<DebugId> id = s.image().id();
            if (id.isPresent() && frames.containsKey(id.get())) {
                out.add(new Outcome.MissingImage(id.get().toString(), s.image().name(), s.image().arch().map(a -> a.label()),
                        frames.remove(id.get())));
            }
        }
        return out;
    }

    /** The uncaught Java exception's stack trace a report from our capture carries, for display. */
    public Optional<String> javaExceptionOf(byte[] body) {
        try {
            return ReportFormats.detect("report", body) == ReportFormat.CRASHREPORT ? javaException(body)
                    : Optional.empty();
        } catch (ReportException e) {
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty(); // read at ingest already; here it is only shown
        }
    }

    /** Our capture's {@code java_exception} (the uncaught exception's stack trace), when present. */
    private static Optional<String> javaException(byte[] body) throws IOException {
        JsonNode e = JSON.readTree(body).get("java_exception");
        return e != null && e.isTextual() ? Optional.of(e.asText()) : Optional.empty();
    }

    private static String formatName(ReportFormat f) {
        return f.name().toLowerCase(Locale.ROOT);
    }
}
