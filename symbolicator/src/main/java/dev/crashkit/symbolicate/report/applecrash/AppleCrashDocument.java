package dev.crashkit.symbolicate.report.applecrash;

import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.report.PresetSymbol;
import dev.crashkit.symbolicate.report.ReportDocument;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An Apple legacy text report as read: its exact lines (with their own line endings, so untouched
 * lines are written back byte for byte) and where the header fields, thread blocks, frame lines and
 * binary image lines are.
 *
 * @param lines          every line without its terminator
 * @param terminators    each line's terminator ({@code "\n"}, {@code "\r\n"}, or empty at end of file)
 * @param ipsHeader      the one-line JSON header some reports start with
 * @param header         {@code Key: value} fields before the first thread, first occurrence wins
 * @param threads        the thread blocks in file order; position = model thread index
 * @param lastException  frames of {@code Last Exception Backtrace:}, when present
 * @param images         the binary image lines
 */
public record AppleCrashDocument(List<String> lines, List<String> terminators, Optional<String> ipsHeader,
                                 Map<String, String> header, List<TextThread> threads,
                                 List<FrameLine> lastException, List<ImageLine> images)
        implements ReportDocument {
    public AppleCrashDocument {
        lines = List.copyOf(lines);
        terminators = List.copyOf(terminators);
        header = Collections.unmodifiableMap(new LinkedHashMap<>(header));
        threads = List.copyOf(threads);
        lastException = List.copyOf(lastException);
        images = List.copyOf(images);
    }

    @Override
    public Optional<PresetSymbol> presetSymbol(int thread, int frame) {
        if (thread < 0 || thread >= threads.size()) {
            return Optional.empty();
        }
        List<FrameLine> frames = threads.get(thread).frames();
        return frame < 0 || frame >= frames.size() ? Optional.empty() : frames.get(frame).symbol();
    }

    @Override
    public Map<String, Long> registers(int thread) {
        return thread < 0 || thread >= threads.size() ? Map.of() : threads.get(thread).registers();
    }

    @Override
    public Optional<ThreadTrace> exceptionBacktrace() {
        if (lastException.isEmpty()) {
            return Optional.empty();
        }
        List<Frame> frames = new ArrayList<>();
        for (FrameLine f : lastException) {
            frames.add(f.toFrame(!frames.isEmpty()));
        }
        return Optional.of(new ThreadTrace(EXCEPTION_THREAD_ID, Optional.of(EXCEPTION_THREAD_NAME), false, frames));
    }

    /** The text as read (all lines with their terminators). */
    public String text() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            sb.append(lines.get(i)).append(terminators.get(i));
        }
        return sb.toString();
    }
}
