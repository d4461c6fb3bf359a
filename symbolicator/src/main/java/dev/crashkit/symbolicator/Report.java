package dev.crashkit.symbolicator;

import dev.crashkit.core.ReportException;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportDocument;
import dev.crashkit.symbolicate.report.ReportFormat;
import dev.crashkit.symbolicate.report.xccrashpoint.XcCrashPoint;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A crash report as read, its format detected from its content (never its name): crashreport/1,
 * Apple {@code .ips} and {@code .crash}, KSCrash / SentryCrash JSON, {@code .plcrash}, Sentry events,
 * MetricKit payloads, HotSpot {@code hs_err} logs. Reading needs no {@link Symbolicator}, so it can
 * run while one is built.
 *
 * <p>Some inputs hold several reports: a MetricKit payload one per diagnostic, an Xcode crash point
 * ({@code .xccrashpoint} folder) one per log. {@link #readAll} returns each, named by its
 * {@link #part()}; {@link #read} takes inputs that hold exactly one.
 */
public final class Report {
    /** Shared: the readers keep no state between reports. */
    private static final ReportFormats FORMATS = ReportFormats.standard();

    private final String source;
    private final ParsedReport parsed;
    private final Optional<String> part;
    /** A crash point log's own bytes: what stands alone for it. */
    private final byte[] logBytes;
    /** Whether a minidump's stacks have been walked ({@link Symbolicator#walked}). */
    private final boolean walked;

    private Report(String source, ParsedReport parsed) {
        this(source, parsed, parsed.document().part(), null);
    }

    private Report(String source, ParsedReport parsed, Optional<String> part, byte[] logBytes) {
        this(source, parsed, part, logBytes, false);
    }

    private Report(String source, ParsedReport parsed, Optional<String> part, byte[] logBytes, boolean walked) {
        this.source = source;
        this.parsed = parsed;
        this.part = part;
        this.logBytes = logBytes;
        this.walked = walked;
    }

    /**
     * {@return whether {@code folder} is an Xcode crash point that {@link #readAll(Path, InputLimits)}
     * reads} A folder named {@code *.xccrashpoint}, or one holding {@code Filters/} and {@code PointInfo.json}.
     *
     * @param folder a path
     */
    public static boolean isCrashPoint(Path folder) {
        return XcCrashPoint.isBundle(folder);
    }

    /**
     * Reads every report an input holds: a file of any format (one report, or one per diagnostic of
     * a MetricKit payload), or an Xcode crash point folder (one per log, each named by its path in
     * the bundle). Each report's size is checked before it is read, its counts after.
     *
     * @param file   the report file or crash point folder
     * @param limits the largest report accepted
     * @return the reports in input order, at least one
     * @throws ReportException one line naming the input (and its part) and what is wrong
     */
    public static List<Report> readAll(Path file, InputLimits limits) throws ReportException {
        try {
            return readAllOf(file, limits);
        } catch (OutOfMemoryError e) {
            throw outOfMemory(file.toString());
        }
    }

    private static List<Report> readAllOf(Path file, InputLimits limits) throws ReportException {
        if (Files.isDirectory(file)) {
            if (!XcCrashPoint.isBundle(file)) {
                throw new ReportException(file + ": a folder, not an Xcode crash point (.xccrashpoint); "
                        + "symbolicate the reports in a folder with batch");
            }
            List<Report> all = new ArrayList<>();
            for (XcCrashPoint.Log log : XcCrashPoint.logs(file)) {
                String name = file + "/" + log.part();
                byte[] data;
                try {
                    limits.internal().checkSize(name, Files.size(log.file()));
                    data = Files.readAllBytes(log.file());
                } catch (ReportException e) {
                    throw e;
                } catch (IOException e) {
                    throw new ReportException(name + ": cannot read report: " + e.getMessage(), e);
                }
                for (ParsedReport p : parseAll(name, data, limits)) {
                    String part = p.document().part().map(inner -> log.part() + " " + inner).orElse(log.part());
                    all.add(new Report(file.toString(), p, Optional.of(part),
                            p.document().part().isPresent() ? null : data));
                }
            }
            return List.copyOf(all);
        }
        byte[] data;
        try {
            limits.internal().checkSize(file.toString(), Files.size(file));
            data = Files.readAllBytes(file);
        } catch (ReportException e) {
            throw e;
        } catch (IOException e) {
            throw new ReportException(file + ": cannot read report: " + e.getMessage(), e);
        }
        return readAll(file.toString(), data, limits);
    }

    /**
     * Reads every report of an input's bytes (one per diagnostic of a MetricKit payload; one for
     * other formats).
     *
     * @param source names the input in error messages
     * @param data   its bytes
     * @param limits the largest report accepted
     * @return the reports in input order, at least one
     * @throws ReportException one line naming {@code source} and what is wrong
     */
    public static List<Report> readAll(String source, byte[] data, InputLimits limits) throws ReportException {
        List<Report> all = new ArrayList<>();
        for (ParsedReport p : parseAll(source, data, limits)) {
            all.add(new Report(source, p));
        }
        return List.copyOf(all);
    }

    /**
     * Reads every report of an input from a stream (not closed), reading at most the limit's bytes.
     *
     * @param source names the input in error messages
     * @param in     its bytes
     * @param limits the largest report accepted
     * @return the reports in input order, at least one
     * @throws ReportException the stream fails, holds more than the limit, or is no report
     */
    public static List<Report> readAll(String source, InputStream in, InputLimits limits) throws ReportException {
        return readAll(source, bytes(source, in, limits), limits);
    }

    private static List<ParsedReport> parseAll(String source, byte[] data, InputLimits limits) throws ReportException {
        try {
            return FORMATS.readAll(source, data, limits.internal());
        } catch (OutOfMemoryError e) {
            throw outOfMemory(source);
        }
    }

    private static byte[] bytes(String source, InputStream in, InputLimits limits) throws ReportException {
        try {
            return in.readNBytes((int) Math.min(limits.maxBytes() + 1, InputLimits.MAX_BYTES_CEILING));
        } catch (IOException e) {
            throw new ReportException(source + ": cannot read report: " + e.getMessage(), e);
        }
    }

    /**
     * Reads a report file; its size is checked before it is read, its counts after.
     *
     * @param file   the report
     * @param limits the largest report accepted
     * @return the report, its format detected
     * @throws ReportException one line naming the file and what is wrong with it
     */
    public static Report read(Path file, InputLimits limits) throws ReportException {
        try {
            return new Report(file.toString(), FORMATS.read(file, limits.internal()));
        } catch (OutOfMemoryError e) {
            throw outOfMemory(file.toString());
        }
    }

    /**
     * Reads report bytes.
     *
     * @param source names the report in error messages (a file name, an upload, a record id)
     * @param data   the report's bytes
     * @param limits the largest report accepted
     * @return the report, its format detected
     * @throws ReportException one line naming {@code source} and what is wrong
     */
    public static Report read(String source, byte[] data, InputLimits limits) throws ReportException {
        try {
            return new Report(source, FORMATS.read(source, data, limits.internal()));
        } catch (OutOfMemoryError e) {
            throw outOfMemory(source);
        }
    }

    /**
     * Reads a report from a stream (not closed), reading at most the limit's bytes.
     *
     * @param source names the report in error messages (a file name, an upload, a record id)
     * @param in     the report's bytes
     * @param limits the largest report accepted
     * @return the report, its format detected
     * @throws ReportException the stream fails, holds more than the limit, or is no report
     */
    public static Report read(String source, InputStream in, InputLimits limits) throws ReportException {
        return read(source, bytes(source, in, limits), limits);
    }

    /**
     * A report already in memory as the model (our capture's {@code CrashReport}, or one built by hand):
     * symbolicated as crashreport/1 is.
     *
     * @param source names the report in messages
     * @param model  the report
     * @return the report, ready to symbolicate
     */
    public static Report of(String source, CrashReport model) {
        return new Report(source, new ParsedReport(model, ReportFormat.CRASHREPORT, new ReportDocument() { }));
    }

    private static ReportException outOfMemory(String source) {
        return new ReportException(source + ": out of memory while reading the report (Java heap "
                + (Runtime.getRuntime().maxMemory() >> 20) + " MB); lower the report size limit or raise -Xmx");
    }

    /** {@return what names this report in messages} */
    public String source() {
        return source;
    }

    /**
     * {@return which report of a multi-report input this is} e.g. {@code crashDiagnostics[0]} of a
     * MetricKit payload, {@code Filters/Filter_1/Logs/a.crash} of a crash point; empty for a whole input.
     */
    public Optional<String> part() {
        return part;
    }

    /** {@return the source and, for a part of an input, the part: what names this report to a reader} */
    public String name() {
        return part.map(p -> source + " " + p).orElse(source);
    }

    /**
     * {@return for a part of a multi-report input, the bytes of an input holding this report alone}
     * (a MetricKit payload with only this diagnostic; a crash point's log file), so that each report
     * can be stored apart and read again. Empty for a whole input: its own bytes are that.
     */
    public Optional<byte[]> standalone() {
        Optional<byte[]> own = parsed.document().standalone();
        return own.isPresent() || logBytes == null ? own : Optional.of(logBytes.clone());
    }

    /** {@return the detected format: crashreport, ips, apple_crash, kscrash, plcrash, sentry, metrickit or hs_err} */
    public String format() {
        return parsed.format().name().toLowerCase(Locale.ROOT);
    }

    /** {@return the format-neutral model: process, crash, images, threads with raw frames} */
    public CrashReport model() {
        return parsed.model();
    }

    /**
     * {@return the printed stack trace of the uncaught Java exception that triggered the report}
     * Present when our capture recorded one (crashreport/1's {@code java_exception}).
     */
    public Optional<String> javaException() {
        return parsed.document().javaException();
    }

    /**
     * {@return {@code "hang"} for a report of a hang (our capture's watchdog, a MetricKit hang
     * diagnostic), {@code "crash"} otherwise}
     */
    public String kind() {
        return parsed.document().hang().isPresent() ? "hang" : "crash";
    }

    /** {@return for a report of a hang, which thread stopped answering and for how long} */
    public Optional<Hang> hang() {
        return parsed.document().hang().map(h -> new Hang(h.thread(), h.name(), h.thresholdMs(), h.durationMs(),
                h.ongoing()));
    }

    /**
     * {@return the same report (format, document, part) with other threads} e.g. each thread's top frames
     * only, as a server bounding what it stores does
     *
     * @param threads the threads to symbolicate instead of the report's own
     */
    public Report withThreads(List<ThreadTrace> threads) {
        CrashReport m = parsed.model();
        return withModel(new CrashReport(m.process(), m.crash(), m.images(), threads));
    }

    /** The same report with other threads (after a re-unwind). */
    Report withModel(CrashReport model) {
        return new Report(source, new ParsedReport(model, parsed.format(), parsed.document()), part, logBytes, walked);
    }

    /** The same report with its stacks walked. */
    Report withWalkedModel(CrashReport model) {
        return new Report(source, new ParsedReport(model, parsed.format(), parsed.document()), part, logBytes, true);
    }

    boolean walked() {
        return walked;
    }

    ParsedReport parsed() {
        return parsed;
    }
}
