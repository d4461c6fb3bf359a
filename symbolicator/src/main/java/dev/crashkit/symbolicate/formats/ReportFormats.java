package dev.crashkit.symbolicate.formats;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.core.ReportException;
import dev.crashkit.core.crashreport.CrashReportJson;
import dev.crashkit.symbolicate.report.JsonTrees;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportFormat;
import dev.crashkit.symbolicate.report.ReportLimits;
import dev.crashkit.symbolicate.report.ReportReader;
import dev.crashkit.symbolicate.report.Texts;
import dev.crashkit.symbolicate.report.applecrash.AppleCrashReader;
import dev.crashkit.symbolicate.report.hserr.HsErrReader;
import dev.crashkit.symbolicate.report.ips.IpsReader;
import dev.crashkit.symbolicate.report.kscrash.KSCrashReader;
import dev.crashkit.symbolicate.report.metrickit.MetricKitReader;
import dev.crashkit.symbolicate.report.minidump.MinidumpReader;
import dev.crashkit.symbolicate.report.plcrash.PlcrashReader;
import dev.crashkit.symbolicate.report.sentry.SentryReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Detects a report's format from its content (never from the file name) and reads it with the
 * matching reader.
 *
 * <p>Order of the checks: the binary {@code plcrash} and {@code MDMP} (minidump) magics; then JSON, where a first line that is a
 * complete object with {@code bug_type} marks an Apple report ({@code .ips} if a JSON body follows,
 * legacy text otherwise) and other documents are told apart by their top-level keys (an array by its
 * first element's: MetricKit payloads); then a HotSpot hs_err log by its {@code #} banner; then Apple
 * legacy text by its header/thread/image lines.
 */
public final class ReportFormats {

    /** Larger inputs are refused rather than risking memory exhaustion. */
    public static final long MAX_REPORT_BYTES = ReportLimits.DEFAULT_MAX_BYTES;

    private static final byte[] PLCRASH_MAGIC = "plcrash".getBytes(StandardCharsets.US_ASCII);

    private final Map<ReportFormat, ReportReader> readers = new EnumMap<>(ReportFormat.class);

    /** A detector that reads with the given readers (one per format; later ones win). */
    public ReportFormats(List<ReportReader> readers) {
        for (ReportReader r : readers) {
            this.readers.put(r.format(), r);
        }
    }

    /**
     * Every reader: ips, Apple text, KSCrash/SentryCrash, PLCrashReporter, Sentry events, MetricKit,
     * hs_err logs, minidumps, crashreport/1.
     * Each reader but ours is made when a report of its format is first read: their classes compile
     * regular expressions when initialised (~30 of them, a few ms of a one-report run whose report
     * is crashreport/1; BENCHMARKS.md, start path).
     */
    public static ReportFormats standard() {
        return new ReportFormats(List.of(new Deferred(ReportFormat.IPS), new Deferred(ReportFormat.APPLE_CRASH),
                new Deferred(ReportFormat.KSCRASH), new Deferred(ReportFormat.PLCRASH),
                new Deferred(ReportFormat.SENTRY), new Deferred(ReportFormat.METRICKIT),
                new Deferred(ReportFormat.HS_ERR), new Deferred(ReportFormat.MINIDUMP),
                new CrashReportJsonReader()));
    }

    /** A standard reader made on first use (a race makes it twice: they keep no state). */
    private static final class Deferred implements ReportReader {
        private final ReportFormat format;
        private volatile ReportReader reader;

        Deferred(ReportFormat format) {
            this.format = format;
        }

        @Override
        public ReportFormat format() {
            return format;
        }

        @Override
        public ParsedReport read(String source, byte[] data) throws ReportException {
            return reader().read(source, data);
        }

        @Override
        public List<ParsedReport> readAll(String source, byte[] data) throws ReportException {
            return reader().readAll(source, data);
        }

        private ReportReader reader() {
            ReportReader r = reader;
            if (r == null) {
                r = made(format);
                reader = r;
            }
            return r;
        }

        private static ReportReader made(ReportFormat format) {
            return switch (format) {
                case IPS -> new IpsReader();
                case APPLE_CRASH -> new AppleCrashReader();
                case KSCRASH -> new KSCrashReader();
                case PLCRASH -> new PlcrashReader();
                case SENTRY -> new SentryReader();
                case METRICKIT -> new MetricKitReader();
                case HS_ERR -> new HsErrReader();
                case MINIDUMP -> new MinidumpReader();
                default -> throw new IllegalArgumentException("no standard reader for " + format);
            };
        }
    }

    /** A copy that also reads {@code reader}'s format (replacing a reader of the same format). */
    public ReportFormats with(ReportReader reader) {
        List<ReportReader> all = new java.util.ArrayList<>(readers.values());
        all.add(reader);
        return new ReportFormats(all);
    }

    /** Reads a report file, detecting its format, within the default {@link ReportLimits}. */
    public ParsedReport read(Path file) throws ReportException {
        return read(file, ReportLimits.defaults());
    }

    /** Reads a report file, detecting its format; its size is checked before it is read, its counts after. */
    public ParsedReport read(Path file, ReportLimits limits) throws ReportException {
        String source = file.toString();
        byte[] data;
        try {
            limits.checkSize(source, Files.size(file));
            data = Files.readAllBytes(file);
        } catch (IOException e) {
            if (e instanceof ReportException re) {
                throw re;
            }
            throw new ReportException(source + ": cannot read report: " + e.getMessage(), e);
        }
        return read(source, data, limits);
    }

    /** Reads report bytes, detecting their format, and applies {@code limits} to what they hold. */
    public ParsedReport read(String source, byte[] data, ReportLimits limits) throws ReportException {
        limits.checkSize(source, data.length);
        ParsedReport parsed = read(source, data);
        limits.checkCounts(source, parsed.model());
        return parsed;
    }

    /** Reads report bytes, detecting their format. */
    public ParsedReport read(String source, byte[] data) throws ReportException {
        Detected d = detectOrRead(source, data);
        if (d.parsed() != null) {
            return d.parsed();
        }
        return reader(source, d.format()).read(source, data);
    }

    /**
     * Reads every report an input holds (one per diagnostic of a MetricKit payload, one for other
     * formats), detecting the format, and applies {@code limits} to each.
     */
    public List<ParsedReport> readAll(String source, byte[] data, ReportLimits limits) throws ReportException {
        limits.checkSize(source, data.length);
        Detected d = detectOrRead(source, data);
        List<ParsedReport> all = d.parsed() != null ? List.of(d.parsed())
                : reader(source, d.format()).readAll(source, data);
        if (all.isEmpty()) {
            throw new ReportException(source + ": holds no report");
        }
        for (ParsedReport p : all) {
            limits.checkCounts(p.document().part().map(part -> source + " " + part).orElse(source), p.model());
        }
        return all;
    }

    private ReportReader reader(String source, ReportFormat format) throws ReportException {
        ReportReader reader = readers.get(format);
        if (reader == null) {
            throw new ReportException(source + ": no reader for " + format.name().toLowerCase(Locale.ROOT)
                    + " reports");
        }
        return reader;
    }

    /**
     * Our own crashreport/1 JSON, parsed once for both detection and reading: the document when
     * {@link #detect} would name it {@link ReportFormat#CRASHREPORT} and it is valid for its reader;
     * empty otherwise (then detection and the reader run as for any format, with their own errors).
     * Parsing it twice, a top-level scan then the tree, was ~1% of a warm batch (BENCHMARKS.md).
     */
    /** {@code ascii}: the bytes of {@code text} when all are ASCII, else null. */
    private static Optional<CrashReportJson.Document> parsedCrashReport(String source, byte[] ascii, String text) {
        String body = text.stripLeading();
        // A cheap look first: other JSON formats are not parsed an extra time.
        if (!body.startsWith("{") || !body.contains("\"crashreport/") || appleHeader(source, body)) {
            return Optional.empty();
        }
        Optional<CrashReportJson.Document> doc = CrashReportJson.tryParse(ascii, text);
        if (doc.isEmpty()) {
            return doc;
        }
        CrashReportJson.Document d = doc.get();
        if (d.has("bug_type")) {
            return Optional.empty();
        }
        Optional<String> fmt = d.text("schema");
        if (fmt.isEmpty()) {
            fmt = d.text("format"); // not Optional.or: a capturing lambda per report
        }
        return fmt.isPresent() && fmt.get().startsWith("crashreport/") ? doc : Optional.empty();
    }

    /** A crashreport/1 report already read, or (parsed null) the format of one to read. */
    private record Detected(ReportFormat format, ParsedReport parsed) {
    }

    /**
     * The text is decoded once, for the crashreport/1 look and for detection, and is garbage when
     * this returns, before a reader decodes it again (a large report's text is big).
     */
    private Detected detectOrRead(String source, byte[] data) throws ReportException {
        if (data.length == 0 || startsWith(data, PLCRASH_MAGIC) || MinidumpReader.matches(data)) {
            return new Detected(detect(source, data), null);
        }
        // One ASCII scan for both the decoding and the crashreport/1 parse from bytes.
        boolean ascii = Texts.ascii(data);
        String text = ascii ? new String(data, StandardCharsets.ISO_8859_1) : Texts.decode(data);
        if (readers.get(ReportFormat.CRASHREPORT) instanceof CrashReportJsonReader ours) {
            Optional<CrashReportJson.Document> doc = parsedCrashReport(source, ascii ? data : null, text);
            if (doc.isPresent()) {
                return new Detected(ReportFormat.CRASHREPORT, ours.read(source, doc.get()));
            }
        }
        return new Detected(detectText(source, text), null);
    }

    /** The format of {@code data}; a {@link ReportException} when it is no known crash report. */
    public static ReportFormat detect(String source, byte[] data) throws ReportException {
        if (data.length == 0) {
            throw new ReportException(source + ": empty file");
        }
        if (startsWith(data, PLCRASH_MAGIC)) {
            return ReportFormat.PLCRASH;
        }
        if (MinidumpReader.matches(data)) {
            return ReportFormat.MINIDUMP;
        }
        return detectText(source, Texts.decode(data));
    }

    /** {@link #detect} on the decoded text of data that is neither empty nor plcrash. */
    private static ReportFormat detectText(String source, String text) throws ReportException {
        String body = text.stripLeading();
        if (body.startsWith("{")) {
            return detectJson(source, body);
        }
        if (body.startsWith("[")) {
            return detectJsonArray(source, body);
        }
        // Before Apple text: a log may quote lines that look like Apple's ("Thread 3", "Process:").
        if (HsErrReader.looksLikeHsErr(body)) {
            return ReportFormat.HS_ERR;
        }
        if (AppleCrashReader.looksLikeText(body)) {
            return ReportFormat.APPLE_CRASH;
        }
        throw new ReportException(source + ": not a crash report (unknown format)");
    }

    private static ReportFormat detectJson(String source, String body) throws ReportException {
        if (appleHeader(source, body)) {
            String rest = body.substring(body.indexOf('\n') + 1).stripLeading();
            return rest.startsWith("{") || rest.isEmpty() ? ReportFormat.IPS : ReportFormat.APPLE_CRASH;
        }
        // Only the top-level keys matter: stream over the document instead of building a tree that
        // the reader would build again.
        TopLevelKeys keys = TopLevelKeys.scan(source, body);
        if (keys.has("bug_type")) {
            return ReportFormat.IPS;
        }
        Optional<String> fmt = keys.text("schema").or(() -> keys.text("format"));
        if (fmt.isPresent() && fmt.get().startsWith("crashreport/")) {
            return ReportFormat.CRASHREPORT;
        }
        if (keys.has("crash") || keys.has("binary_images")) {
            return ReportFormat.KSCRASH;
        }
        if (keys.has("debug_meta") || (keys.has("threads") && (keys.has("exception") || keys.has("platform")))
                || (keys.has("exception") && keys.has("event_id"))) {
            return ReportFormat.SENTRY;
        }
        if (MetricKitReader.isMarker(keys.names())) {
            return ReportFormat.METRICKIT;
        }
        throw new ReportException(source + ": not a crash report (JSON without known top-level keys)");
    }

    /** A JSON array is a crash report only as MetricKit payloads, told by its first element's keys. */
    private static ReportFormat detectJsonArray(String source, String body) throws ReportException {
        Optional<TopLevelKeys> keys = TopLevelKeys.scanFirstElement(source, body);
        if (keys.isEmpty()) {
            throw new ReportException(source + ": not a crash report (unknown format)");
        }
        if (MetricKitReader.isMarker(keys.get().names())) {
            return ReportFormat.METRICKIT;
        }
        throw new ReportException(source + ": not a crash report (JSON array whose first element has no known keys)");
    }

    /** True when the first line is a complete JSON object with {@code bug_type}: an Apple report's header. */
    private static boolean appleHeader(String source, String body) {
        int nl = body.indexOf('\n');
        if (nl <= 0) {
            return false;
        }
        String line = body.substring(0, nl);
        if (!line.contains("bug_type") && line.indexOf('\\') < 0) {
            // No such key can be in it (written plainly or with escapes): no databind parse of a
            // one-line document that ends with a newline, as crashreport/1 files do.
            return false;
        }
        Optional<JsonNode> header = tryObject(source, line);
        return header.isPresent() && header.get().has("bug_type");
    }

    private static Optional<JsonNode> tryObject(String source, String line) {
        try {
            JsonNode n = JsonTrees.parse(source, line, "header");
            return n.isObject() ? Optional.of(n) : Optional.empty();
        } catch (ReportException e) {
            return Optional.empty(); // not a one-line header; the whole body is tried next
        }
    }

    private static boolean startsWith(byte[] data, byte[] prefix) {
        if (data.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (data[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
