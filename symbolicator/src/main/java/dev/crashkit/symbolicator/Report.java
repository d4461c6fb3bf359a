package dev.crashkit.symbolicator;

import dev.crashkit.core.ReportException;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportDocument;
import dev.crashkit.symbolicate.report.ReportFormat;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * A crash report as read, its format detected from its content (never its name): crashreport/1,
 * Apple {@code .ips} and {@code .crash}, KSCrash / SentryCrash JSON, {@code .plcrash}, Sentry events.
 * Reading needs no {@link Symbolicator}, so it can run while one is built.
 */
public final class Report {
    /** Shared: the readers keep no state between reports. */
    private static final ReportFormats FORMATS = ReportFormats.standard();

    private final String source;
    private final ParsedReport parsed;

    private Report(String source, ParsedReport parsed) {
        this.source = source;
        this.parsed = parsed;
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
        byte[] data;
        try {
            data = in.readNBytes((int) Math.min(limits.maxBytes() + 1, InputLimits.MAX_BYTES_CEILING));
        } catch (IOException e) {
            throw new ReportException(source + ": cannot read report: " + e.getMessage(), e);
        }
        return read(source, data, limits);
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

    /** {@return the detected format: crashreport, ips, apple_crash, kscrash, plcrash, sentry or metrickit} */
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

    /** The same report with other threads (after a re-unwind). */
    Report withModel(CrashReport model) {
        return new Report(source, new ParsedReport(model, parsed.format(), parsed.document()));
    }

    ParsedReport parsed() {
        return parsed;
    }
}
