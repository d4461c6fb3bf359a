package dev.crashkit.symbolicate.report.applecrash;

import dev.crashkit.symbolicate.output.ReportWriter;
import dev.crashkit.symbolicate.output.SymbolicatedFrames;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Writes a text report back with its frame lines symbolicated: only the text after each named
 * frame's address changes; calls inlined into a frame get lines of their own with the same frame
 * number before it. Every other byte of the report is written as read.
 */
public final class AppleCrashWriter implements ReportWriter {

    /** How a named frame's text is written. */
    public enum Style {
        /** Xcode's symbolicatecrash: {@code symbol + offset (file:line)}; inlined calls {@code symbol (file:line)}. */
        SYMBOLICATECRASH,
        /**
         * Xcode's CrashSymbolicator: {@code symbol (in Module) (file:line)} with line info, else
         * {@code symbol (in Module) + offset}.
         */
        CRASH_SYMBOLICATOR
    }

    /** The writer as a {@link ReportWriter} (the static methods serve callers that hold the document). */
    public AppleCrashWriter() {
    }

    @Override
    public String extension() {
        return ".crash";
    }

    /** Writes {@code input} back; it must have been read by this format's reader. */
    @Override
    public String write(ParsedReport input, SymbolicatedReport result, Optional<SymbolicatedThread> exception) {
        if (!(input.document() instanceof AppleCrashDocument doc)) {
            throw new IllegalArgumentException(input.format() + " report given to the .crash writer");
        }
        return write(doc, result, exception);
    }

    /** Writes with {@link Style#SYMBOLICATECRASH}. */
    public static String write(AppleCrashDocument doc, SymbolicatedReport result) {
        return write(doc, result, Optional.empty(), Style.SYMBOLICATECRASH);
    }

    /** Writes with {@link Style#SYMBOLICATECRASH}, also rewriting the exception backtrace. */
    public static String write(AppleCrashDocument doc, SymbolicatedReport result, Optional<SymbolicatedThread> exception) {
        return write(doc, result, exception, Style.SYMBOLICATECRASH);
    }

    /**
     * Writes the report; when {@code exception} is given, the {@code Last Exception Backtrace:} frames
     * are rewritten too from that symbolication of {@link AppleCrashDocument#exceptionBacktrace()}.
     */
    public static String write(AppleCrashDocument doc, SymbolicatedReport result, Optional<SymbolicatedThread> exception,
                               Style style) {
        SymbolicatedFrames.requireThreads(result, doc.threads().size());
        List<String> lines = doc.lines();
        // Replacement text per line index: null = keep; a list = the lines to write instead.
        List<List<String>> replace = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            replace.add(null);
        }
        for (int t = 0; t < doc.threads().size(); t++) {
            plan(lines, doc.threads().get(t).frames(), result.threads().get(t), replace, style);
        }
        if (exception.isPresent()) {
            plan(lines, doc.lastException(), exception.get(), replace, style);
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            String term = doc.terminators().get(i);
            List<String> r = replace.get(i);
            if (r == null) {
                sb.append(lines.get(i)).append(term);
                continue;
            }
            for (int k = 0; k < r.size(); k++) {
                // Inserted lines use the frame line's own terminator (or LF on a last line without one).
                sb.append(r.get(k)).append(k < r.size() - 1 && term.isEmpty() ? "\n" : term);
            }
        }
        return sb.toString();
    }

    /** Records the replacement lines of every newly named frame of one block. */
    private static void plan(List<String> lines, List<FrameLine> frames, SymbolicatedThread symbolicated,
                             List<List<String>> replace, Style style) {
        List<List<SymbolicatedFrame>> names = SymbolicatedFrames.newNames(symbolicated, frames.size());
        for (int f = 0; f < frames.size(); f++) {
            if (names.get(f).isEmpty()) {
                continue;
            }
            FrameLine fl = frames.get(f);
            String prefix = lines.get(fl.line()).substring(0, fl.tailColumn());
            if (!prefix.endsWith(" ") && !prefix.endsWith("\t")) {
                prefix = prefix + " ";
            }
            List<String> out = new ArrayList<>();
            for (SymbolicatedFrame sf : names.get(f)) {
                out.add(prefix + (style == Style.SYMBOLICATECRASH ? tail(sf) : crashSymbolicatorTail(sf, fl.module())));
            }
            if (names.get(f).stream().allMatch(SymbolicatedFrame::inlined)) {
                out.add(lines.get(fl.line())); // inlined calls but no concrete function: keep the frame line
            }
            for (int l = fl.firstLine(); l < fl.line(); l++) {
                replace.set(l, List.of());
            }
            replace.set(fl.line(), out);
        }
    }

    /** {@code symbol (in Module) (file:line)}, or {@code symbol (in Module) + offset} without line info. */
    static String crashSymbolicatorTail(SymbolicatedFrame sf, String module) {
        StringBuilder sb = new StringBuilder(sf.symbol().orElseThrow());
        sb.append(" (in ").append(sf.image().orElse(module)).append(')');
        if (sf.file().isPresent()) {
            sb.append(" (").append(SymbolicatedFrames.fileName(sf.file().get()));
            sf.line().ifPresent(l -> sb.append(':').append(l));
            sb.append(')');
        } else if (!sf.inlined()) {
            sb.append(" + ").append(Long.toUnsignedString(sf.offset()));
        }
        return sb.toString();
    }

    /** {@code symbol + offset (file:line)}; inlined calls have no offset of their own. */
    static String tail(SymbolicatedFrame sf) {
        StringBuilder sb = new StringBuilder(sf.symbol().orElseThrow());
        if (!sf.inlined()) {
            sb.append(" + ").append(Long.toUnsignedString(sf.offset()));
        }
        if (sf.file().isPresent()) {
            sb.append(" (").append(SymbolicatedFrames.fileName(sf.file().get()));
            sf.line().ifPresent(l -> sb.append(':').append(l));
            sb.append(')');
        }
        return sb.toString();
    }
}
