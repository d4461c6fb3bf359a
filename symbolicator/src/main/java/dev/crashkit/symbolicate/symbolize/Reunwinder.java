package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.ThreadState;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.core.unwind.Arm64Registers;
import dev.crashkit.core.unwind.ByteMemory;
import dev.crashkit.core.unwind.Registers;
import dev.crashkit.core.unwind.Unwinder;
import dev.crashkit.core.unwind.UnwoundFrame;
import dev.crashkit.core.unwind.X86Registers64;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Unwinds threads again offline from the registers and stack window a capture saved, with the
 * CFI of the very binaries the process had mapped (matched by build-id among the debug files).
 * Only threads that carry both are redone; the others keep the frames the capture recorded. A
 * captured frame the re-unwind cannot find again (JIT-compiled or interpreted code has no file and
 * no CFI) is kept, marked, where the capture had it: a stack never silently gets shorter.
 * ELF binaries; x86-64 and arm64, by the report's process architecture (x86-64 when it names none,
 * as our captures, which run on x86-64 Linux only, did before they recorded it).
 */
public final class Reunwinder {
    private final ModuleCache modules;
    private final Diagnostics diagnostics;

    public Reunwinder(ModuleCache modules, Diagnostics diagnostics) {
        this.modules = modules;
        this.diagnostics = diagnostics;
    }

    /** The report with unwindable threads re-unwound; the report itself when nothing can be redone. */
    public CrashReport reunwind(CrashReport report) {
        if (report.threads().stream().noneMatch(t -> t.state().map(ThreadState::unwindable).orElse(false))) {
            return report;
        }
        List<ObjectCodeMap.Module> mapped = ImageBinaries.find(modules, report.images(), diagnostics);
        if (mapped.isEmpty()) {
            diagnostics.warn("cannot re-unwind: no binary of the report's images (with .eh_frame) among the debug files");
            return report;
        }
        Arch arch = report.process().arch().orElse(Arch.Known.X86_64);
        ObjectCodeMap code = new ObjectCodeMap(mapped);
        if (Unwinder.forArch(arch, code.memory(), code).isEmpty()) {
            diagnostics.warn("cannot re-unwind: no unwinder for architecture " + arch);
            return report;
        }
        List<ThreadTrace> threads = new ArrayList<>();
        int kept = 0;
        int keptThreads = 0;
        for (ThreadTrace t : report.threads()) {
            ThreadTrace again = t.state().filter(ThreadState::unwindable).map(s -> redo(t, s, arch, code)).orElse(t);
            int k = (int) again.frames().stream().filter(Frame::keptFromCapture).count();
            kept += k;
            keptThreads += k > 0 ? 1 : 0;
            threads.add(again);
        }
        if (kept > 0) {
            diagnostics.warn("re-unwinding could not rebuild " + kept + " captured frame" + (kept == 1 ? "" : "s")
                    + " of " + keptThreads + " thread" + (keptThreads == 1 ? "" : "s")
                    + " (code that no given binary holds, such as JIT-compiled or interpreted Java): kept the"
                    + " capture's frames there, marked \"not re-unwound\"");
        }
        return new CrashReport(report.process(), report.crash(), report.images(), threads);
    }

    private ThreadTrace redo(ThreadTrace t, ThreadState s, Arch arch, ObjectCodeMap code) {
        Registers regs = Arch.sameFamily(arch, Arch.Known.ARM64)
                ? Arm64Registers.fromNames(s.registers()) : X86Registers64.fromNames(s.registers());
        byte[] bytes = Base64.getDecoder().decode(s.stackBase64().orElseThrow());
        ByteMemory stack = new ByteMemory(s.stackBase().getAsLong(), bytes);
        List<UnwoundFrame> frames = Unwinder.forArch(arch, stack.over(code.memory()), code).orElseThrow()
                .unwind(regs, stack.end());
        if (frames.isEmpty()) {
            return t;
        }
        List<Frame> rebuilt = new ArrayList<>(frames.size());
        for (int i = 0; i < frames.size(); i++) {
            UnwoundFrame f = frames.get(i);
            rebuilt.add(new Frame(f.address(), i > 0 && !f.exactPc(), Optional.of(f.trust())));
        }
        return t.withFrames(merge(t.frames(), rebuilt));
    }

    /**
     * The rebuilt frames, with every captured frame they do not have put back where the capture had
     * it, marked {@link Frame#keptFromCapture()}. Offline the unwinder reads only the binaries: a
     * frame in JIT-compiled or interpreted code (no file, no CFI) cannot be found again, and the
     * frames the capture scanned past it must not silently disappear. Frames are matched by address
     * in order; a matched frame keeps what the report said of it.
     */
    static List<Frame> merge(List<Frame> captured, List<Frame> rebuilt) {
        Map<Long, ArrayDeque<Integer>> where = new HashMap<>();
        for (int i = 0; i < rebuilt.size(); i++) {
            where.computeIfAbsent(rebuilt.get(i).address(), a -> new ArrayDeque<>()).add(i);
        }
        List<Frame> out = new ArrayList<>(Math.max(captured.size(), rebuilt.size()));
        int next = 0;
        for (Frame c : captured) {
            ArrayDeque<Integer> at = where.get(c.address());
            while (at != null && !at.isEmpty() && at.peekFirst() < next) {
                at.pollFirst();
            }
            if (at != null && !at.isEmpty()) {
                int match = at.pollFirst();
                for (; next < match; next++) {
                    out.add(rebuilt.get(next));
                }
                Frame r = rebuilt.get(next++);
                out.add(new Frame(r.address(), r.returnAddress(), r.trust(), c.reported()));
            } else {
                out.add(c.asKeptFromCapture());
            }
        }
        for (; next < rebuilt.size(); next++) {
            out.add(rebuilt.get(next));
        }
        return out;
    }
}
