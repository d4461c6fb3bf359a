package dev.crashkit.symbolicate.report.hserr;

import dev.crashkit.symbolicate.output.ReportWriter;
import dev.crashkit.symbolicate.output.SymbolicatedFrames;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.util.List;
import java.util.Optional;

/**
 * Writes an hs_err log back with each {@code C}/{@code V} frame line that got a name extended, in place:
 * <pre>
 * C  [libhserr.so+0x1100]  fault_at+0x0  -&gt;  fault_at+0x0 (/src/hserr.c:14:5); inlined: poke (/src/hserr.c:10:11)
 * </pre>
 * the concrete function with its offset and source position, then the calls inlined at that address,
 * innermost first. One line per frame, so the frame list stays a list of frame lines; every other byte of
 * the log is written as read. The reader ignores what follows {@link #MARK}, so the output reads back to
 * the same frames.
 */
public final class HsErrWriter implements ReportWriter {

    /** What separates HotSpot's text of a frame line from ours. */
    public static final String MARK = "  ->  ";

    @Override
    public String extension() {
        return ".log";
    }

    @Override
    public String write(ParsedReport input, SymbolicatedReport result, Optional<SymbolicatedThread> exception)
            throws IOException {
        StringWriter w = new StringWriter();
        write(input, result, exception, w);
        return w.toString();
    }

    /** Streams the log: line by line, never the whole text as one new string. */
    @Override
    public void write(ParsedReport input, SymbolicatedReport result, Optional<SymbolicatedThread> exception,
                      Writer out) throws IOException {
        if (!(input.document() instanceof HsErrDocument doc)) {
            throw new IllegalArgumentException(input.format() + " report given to the hs_err writer");
        }
        SymbolicatedFrames.requireThreads(result, 1);
        List<HsErrFrame> frames = doc.nativeFrames();
        List<List<SymbolicatedFrame>> names = SymbolicatedFrames.newNames(result.threads().get(0), frames.size());
        HsErrText text = doc.text();
        int next = 0; // frames are in line order
        for (int i = 0; i < text.lines(); i++) {
            while (next < frames.size() && frames.get(next).line() < i) {
                next++;
            }
            if (next < frames.size() && frames.get(next).line() == i && !names.get(next).isEmpty()) {
                String line = text.line(i);
                int mark = line.indexOf(MARK);
                out.write(mark >= 0 ? line.substring(0, mark) : line); // a log we wrote before: our text replaced
                out.write(MARK);
                out.write(tail(names.get(next)));
                out.write(text.terminator(i));
            } else {
                text.appendWhole(i, out);
            }
        }
    }

    /** {@code name+0xOFF (file:line:column); inlined: inner (file:line), ...}: the concrete entry is the last. */
    static String tail(List<SymbolicatedFrame> entries) {
        StringBuilder sb = new StringBuilder();
        SymbolicatedFrame concrete = entries.get(entries.size() - 1);
        sb.append(concrete.symbol().orElse("?"));
        if (!concrete.inlined()) {
            sb.append("+0x").append(Long.toHexString(concrete.offset()));
        }
        position(concrete, sb);
        for (int k = 0; k < entries.size() - 1; k++) {
            sb.append(k == 0 ? "; inlined: " : ", ").append(entries.get(k).symbol().orElse("?"));
            position(entries.get(k), sb);
        }
        return sb.toString();
    }

    private static void position(SymbolicatedFrame f, StringBuilder sb) {
        if (f.file().isEmpty()) {
            return;
        }
        sb.append(" (").append(f.file().get());
        if (f.line().isPresent() && f.line().getAsInt() > 0) {
            sb.append(':').append(f.line().getAsInt());
            if (f.column().isPresent() && f.column().getAsInt() > 0) {
                sb.append(':').append(f.column().getAsInt());
            }
        }
        sb.append(')');
    }
}
