package dev.crashkit.symbolicate.report.applecrash;

import dev.crashkit.symbolicate.report.SymbolicatedFrames;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Writes a text report back with its frame lines symbolicated the way Xcode's symbolicatecrash
 * does: the text after the address becomes {@code symbol + offset (file:line)}; calls inlined into a
 * frame get lines of their own with the same frame number before it ({@code symbol (file:line)}).
 * Every other byte of the report is written as read.
 */
public final class AppleCrashWriter {

    private AppleCrashWriter() {
    }

    public static String write(AppleCrashDocument doc, SymbolicatedReport result) {
        return write(doc, result, Optional.empty());
    }

    /**
     * Like {@link #write(AppleCrashDocument, SymbolicatedReport)}, also rewriting the {@code Last
     * Exception Backtrace:} frames from the symbolication of {@link AppleCrashDocument#exceptionBacktrace()}.
     */
    public static String write(AppleCrashDocument doc, SymbolicatedReport result, Optional<SymbolicatedThread> exception) {
        SymbolicatedFrames.requireThreads(result, doc.threads().size());
        List<String> lines = doc.lines();
        // Replacement text per line index: null = keep; a list = the lines to write instead.
        List<List<String>> replace = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            replace.add(null);
        }
        for (int t = 0; t < doc.threads().size(); t++) {
            plan(lines, doc.threads().get(t).frames(), result.threads().get(t), replace);
        }
        if (exception.isPresent()) {
            plan(lines, doc.lastException(), exception.get(), replace);
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
                             List<List<String>> replace) {
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
                out.add(prefix + tail(sf));
            }
            for (int l = fl.firstLine(); l < fl.line(); l++) {
                replace.set(l, List.of());
            }
            replace.set(fl.line(), out);
        }
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
