package dev.crashkit.symbolicate.report;

import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.symbolize.FrameStatus;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/** Hand-built symbolication results for writer tests (no debug files involved). */
public final class SyntheticResults {

    private SyntheticResults() {
    }

    /**
     * The report without what it said of its frames besides addresses: a write-back adds names, so a
     * re-read report differs from the input only there (the tests check the new names themselves).
     */
    public static CrashReport withoutReportedNames(CrashReport report) {
        List<ThreadTrace> threads = new ArrayList<>();
        for (ThreadTrace t : report.threads()) {
            threads.add(t.withFrames(t.frames().stream()
                    .map(f -> new Frame(f.address(), f.returnAddress(), f.trust(), Optional.empty(), f.keptFromCapture()))
                    .toList()));
        }
        return new CrashReport(report.process(), report.crash(), report.images(), threads);
    }

    /** What a symbolizer without any debug file returns: every frame unnamed. */
    public static SymbolicatedReport noDebugFiles(CrashReport report) {
        List<SymbolicatedThread> threads = new ArrayList<>();
        for (ThreadTrace t : report.threads()) {
            List<SymbolicatedFrame> frames = new ArrayList<>();
            for (int i = 0; i < t.frames().size(); i++) {
                long a = t.frames().get(i).address();
                frames.add(new SymbolicatedFrame(i, a, Optional.empty(), OptionalLong.empty(), Optional.empty(),
                        Optional.empty(), Optional.empty(), OptionalLong.empty(), 0, Optional.empty(),
                        OptionalInt.empty(), OptionalInt.empty(), false, FrameStatus.NO_DEBUG_FILE, Optional.empty(),
                        Optional.empty()));
            }
            threads.add(new SymbolicatedThread(t, frames));
        }
        return new SymbolicatedReport(report, List.of(), threads);
    }

    /** A named entry for frame {@code index}. */
    public static SymbolicatedFrame named(int index, long address, String symbol, long offset, String file, int line,
                                          boolean inlined) {
        return new SymbolicatedFrame(index, address, Optional.of("img"), OptionalLong.empty(), Optional.empty(),
                Optional.of(symbol), Optional.of(symbol), OptionalLong.of(address - offset), offset,
                Optional.ofNullable(file), file == null ? OptionalInt.empty() : OptionalInt.of(line),
                OptionalInt.empty(), inlined, FrameStatus.SYMBOLICATED, Optional.of("dwarf"), Optional.empty());
    }

    /** {@code base} with the entries of thread {@code thread} replaced by {@code entries} for their frames. */
    public static SymbolicatedReport with(SymbolicatedReport base, int thread, List<SymbolicatedFrame> entries) {
        List<SymbolicatedThread> threads = new ArrayList<>(base.threads());
        SymbolicatedThread t = threads.get(thread);
        List<SymbolicatedFrame> frames = new ArrayList<>();
        for (SymbolicatedFrame f : t.frames()) {
            List<SymbolicatedFrame> repl = entries.stream().filter(e -> e.index() == f.index()).toList();
            if (repl.isEmpty()) {
                frames.add(f);
            } else if (frames.stream().noneMatch(x -> x.index() == f.index())) {
                frames.addAll(repl);
            }
        }
        threads.set(thread, new SymbolicatedThread(t.thread(), frames));
        return new SymbolicatedReport(base.input(), base.images(), threads);
    }
}
