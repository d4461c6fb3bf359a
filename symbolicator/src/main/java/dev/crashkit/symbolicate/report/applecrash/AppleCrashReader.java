package dev.crashkit.symbolicate.report.applecrash;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.core.ReportException;
import dev.crashkit.symbolicate.report.JsonTrees;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportFormat;
import dev.crashkit.symbolicate.report.ReportReader;
import dev.crashkit.symbolicate.report.Texts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads Apple legacy text crash reports ({@code .crash}, iOS and macOS, old and new layouts,
 * symbolicated or not, optionally preceded by an {@code .ips} JSON header line).
 */
public final class AppleCrashReader implements ReportReader {

    /** Lines longer than this are kept but never matched against the line patterns. */
    static final int MAX_PARSED_LINE = 8192;

    private static final Pattern THREAD_NAME = Pattern.compile("^Thread (\\d{1,6}) name:(.*)$");
    private static final Pattern THREAD = Pattern.compile("^Thread (\\d{1,6})( Crashed)?:(.*)$");
    private static final Pattern THREAD_STATE = Pattern.compile("^Thread (\\d{1,6}) crashed with ");
    private static final Pattern HEADER = Pattern.compile("^([A-Za-z][A-Za-z0-9 /_()-]{0,60}?):(.*)$");
    private static final Pattern TEXT_MARKERS = Pattern.compile(
            "(?m)^(Incident Identifier:|Process:|Hardware Model:|Binary Images:|Exception Type:|Thread \\d+)");

    private enum Section { HEADER, THREAD, STATE, IMAGES, LAST_EXCEPTION, OTHER }

    @Override
    public ReportFormat format() {
        return ReportFormat.APPLE_CRASH;
    }

    /** Cheap content check used by format detection. */
    public static boolean looksLikeText(String text) {
        String head = text.length() > 65536 ? text.substring(0, 65536) : text;
        return TEXT_MARKERS.matcher(head).find();
    }

    @Override
    public ParsedReport read(String source, byte[] data) throws ReportException {
        String text = Texts.decode(data);
        List<String> lines = new ArrayList<>();
        List<String> terms = new ArrayList<>();
        split(text, lines, terms);
        Optional<String> ipsHeader = Optional.empty();
        int first = 0;
        if (!lines.isEmpty() && lines.get(0).stripLeading().startsWith("{")) {
            ipsHeader = Optional.of(lines.get(0));
            first = 1;
            JsonNode h = JsonTrees.parse(source, lines.get(0), "JSON header line");
            String bugType = JsonTrees.textOrNumber(h, "bug_type").orElse(null);
            // 109 = legacy crash text, 309 = crash; other types (hangs, jetsam, panics) are no crash report.
            if (bugType != null && !bugType.equals("109") && !bugType.equals("309")) {
                throw new ReportException(source + ": not a crash report (bug_type " + bugType + ")");
            }
        }

        // Values are built in place: a value continued over many lines joined by String + was quadratic
        // (issue 32: a 4 MB report took 18 s and allocated several GB).
        Map<String, StringBuilder> header = new LinkedHashMap<>();
        Map<Integer, String> names = new LinkedHashMap<>();
        List<ThreadBuilder> threads = new ArrayList<>();
        Map<Integer, Map<String, Long>> registers = new LinkedHashMap<>();
        List<FrameLine> lastException = new ArrayList<>();
        List<ImageLine> images = new ArrayList<>();

        Section section = Section.HEADER;
        ThreadBuilder current = null;
        Map<String, Long> regs = null;
        String multiKey = null;
        for (int i = first; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.length() > MAX_PARSED_LINE) {
                continue;
            }
            Matcher m = null;
            boolean threadLine = line.startsWith("Thread ");
            if (threadLine && (m = THREAD_NAME.matcher(line)).matches()) {
                names.put(Integer.parseInt(m.group(1)), m.group(2).strip());
                section = Section.OTHER;
                continue;
            }
            if (threadLine && (m = THREAD_STATE.matcher(line)).lookingAt() && line.contains("State") && line.strip().endsWith(":")) {
                regs = registers.computeIfAbsent(Integer.parseInt(m.group(1)), k -> new LinkedHashMap<>());
                section = Section.STATE;
                continue;
            }
            if (threadLine && (m = THREAD.matcher(line)).matches()) {
                current = new ThreadBuilder(Integer.parseInt(m.group(1)), m.group(2) != null, trailingName(m.group(3)));
                threads.add(current);
                section = Section.THREAD;
                continue;
            }
            if (line.startsWith("Binary Images")) {
                section = Section.IMAGES;
                continue;
            }
            if (line.startsWith("Last Exception Backtrace")) {
                section = Section.LAST_EXCEPTION;
                continue;
            }
            switch (section) {
                case HEADER -> multiKey = headerLine(line, header, multiKey);
                case THREAD -> {
                    Optional<FrameLine> f = TextLineParsers.frame(i, line);
                    if (f.isPresent()) {
                        addFrame(current.frames, f.get());
                    }
                }
                case LAST_EXCEPTION -> {
                    Optional<FrameLine> f = TextLineParsers.frame(i, line);
                    if (f.isPresent()) {
                        addFrame(lastException, f.get());
                    }
                }
                case STATE -> {
                    if (line.isBlank()) {
                        section = Section.OTHER;
                    } else {
                        for (TextLineParsers.Register r : TextLineParsers.registers(line)) {
                            regs.putIfAbsent(r.name(), r.value());
                        }
                    }
                }
                case IMAGES -> TextLineParsers.image(i, line).ifPresent(images::add);
                case OTHER -> { }
            }
        }
        if (threads.isEmpty() && images.isEmpty() && header.isEmpty()) {
            throw new ReportException(source + ": not a crash report (no header, thread or binary image section)");
        }
        List<TextThread> textThreads = new ArrayList<>();
        for (ThreadBuilder t : threads) {
            Optional<String> name = t.name.isPresent() ? t.name : Optional.ofNullable(names.get(t.number));
            textThreads.add(new TextThread(t.number, name, t.crashed, t.frames,
                    registers.getOrDefault(t.number, Map.of())));
        }
        Map<String, String> headerValues = new LinkedHashMap<>();
        header.forEach((k, v) -> headerValues.put(k, v.toString()));
        AppleCrashDocument doc = new AppleCrashDocument(lines, terms, ipsHeader, headerValues, textThreads,
                lastException, images);
        return new ParsedReport(AppleCrashModel.build(doc), ReportFormat.APPLE_CRASH, doc);
    }

    /** Appends a frame line; a repeated frame number continues the previous frame (inlined calls first). */
    private static void addFrame(List<FrameLine> frames, FrameLine f) {
        if (!frames.isEmpty()) {
            FrameLine prev = frames.get(frames.size() - 1);
            if (prev.index() == f.index() && prev.line() + 1 == f.line()) {
                frames.set(frames.size() - 1, new FrameLine(prev.firstLine(), f.line(), f.index(), f.module(),
                        f.address(), f.tailColumn(), f.loadAddress(), f.symbol()));
                return;
            }
        }
        frames.add(f);
    }

    /** Handles one header-section line; returns the key a continuation line would belong to. */
    private static String headerLine(String line, Map<String, StringBuilder> header, String multiKey) {
        if (line.isBlank()) {
            return null;
        }
        if (multiKey != null) {
            StringBuilder value = header.get(multiKey);
            (value.isEmpty() ? value : value.append('\n')).append(line);
            return multiKey;
        }
        Matcher m = HEADER.matcher(line);
        if (m.matches() && !line.startsWith(" ") && !line.startsWith("\t")) {
            String key = m.group(1).trim();
            String value = m.group(2).strip();
            header.putIfAbsent(key, new StringBuilder(value));
            // "Application Specific Information:" and similar continue on the following lines.
            return value.isEmpty() ? key : null;
        }
        return null;
    }

    private static Optional<String> trailingName(String rest) {
        String r = rest.trim();
        while (r.startsWith(":")) {
            r = r.substring(1).trim();
        }
        return r.isEmpty() ? Optional.empty() : Optional.of(r);
    }

    private static void split(String text, List<String> lines, List<String> terms) {
        int start = 0;
        int n = text.length();
        while (start < n) {
            int nl = text.indexOf('\n', start);
            if (nl < 0) {
                lines.add(text.substring(start));
                terms.add("");
                return;
            }
            int end = nl > start && text.charAt(nl - 1) == '\r' ? nl - 1 : nl;
            lines.add(text.substring(start, end));
            terms.add(text.substring(end, nl + 1));
            start = nl + 1;
        }
    }

    private static final class ThreadBuilder {
        final int number;
        final boolean crashed;
        final Optional<String> name;
        final List<FrameLine> frames = new ArrayList<>();

        ThreadBuilder(int number, boolean crashed, Optional<String> name) {
            this.number = number;
            this.crashed = crashed;
            this.name = name;
        }
    }
}
