package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.core.unwind.CodeMap;
import dev.crashkit.core.unwind.Memory;
import dev.crashkit.core.unwind.Registers;
import dev.crashkit.core.unwind.Unwinder;
import dev.crashkit.core.unwind.UnwoundFrame;
import dev.crashkit.core.model.Image;
import java.util.ArrayList;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Walks the threads of a process image saved without frames (a minidump): from each thread's
 * registers through the saved memory, with core's unwinder for the CPU (CFI of the binaries found
 * among the debug files by build-id, then frame records, then a stack scan), each frame labelled
 * with its {@link dev.crashkit.core.model.Trust}. The binaries supply the code bytes (to check that a
 * return address follows a call) and the CFI; a module whose binary is missing but whose Breakpad
 * symbol file is found is walked through with the file's STACK CFI, and a scanned return address in
 * it need only lie in one of its functions, as in Breakpad ({@link SymbolFileCodeMap}); in a module with
 * neither, any address is taken as a return address by frame records and scans, as Breakpad takes
 * it in a module without symbols ({@link BareModuleCodeMap}). Bounded: at most {@value #MAX_FRAMES_PER_THREAD} frames per thread, each step moving the
 * stack pointer up, and {@code maxTotalFrames} over the whole report.
 */
public final class StackWalker {
    /** Breakpad and our capture stop a thread at about this many frames too. */
    public static final int MAX_FRAMES_PER_THREAD = 256;

    /**
     * Where one thread's walk starts.
     *
     * @param thread    the thread's index in the report's threads
     * @param registers its registers by DWARF number
     * @param stackEnd  one past the highest address of its stack
     */
    public record Start(int thread, Registers registers, long stackEnd) {
    }

    private final ModuleCache modules;
    private final Diagnostics diagnostics;

    public StackWalker(ModuleCache modules, Diagnostics diagnostics) {
        this.modules = modules;
        this.diagnostics = diagnostics;
    }

    /**
     * The report with the given threads' frames replaced by their walk.
     *
     * @param report         the report; its images say where the binaries were loaded
     * @param arch           the CPU of every thread
     * @param memory         the saved process memory (stacks first of all)
     * @param starts         the threads to walk
     * @param maxTotalFrames the most frames all walks together may give; later threads keep their frames
     * @return the walked report
     */
    public CrashReport walk(CrashReport report, Arch arch, Memory memory, List<Start> starts, int maxTotalFrames) {
        if (starts.isEmpty()) {
            return report;
        }
        Map<Image, ObjectCodeMap.Module> mapped = ImageBinaries.byImage(modules, report.images(), diagnostics);
        ObjectCodeMap binaries = new ObjectCodeMap(List.copyOf(mapped.values()));
        CodeMap code = binaries;
        List<SymbolFileCodeMap.Module> symbolFiles = List.of();
        Optional<BreakpadRegisterNames> names = BreakpadRegisterNames.forArch(arch);
        if (names.isPresent()) {
            symbolFiles = SymbolFileModules.find(modules, report.images(), mapped.keySet());
            if (!symbolFiles.isEmpty()) {
                code = new SymbolFileCodeMap(binaries, symbolFiles, names.get());
            }
        }
        if (mapped.isEmpty() && symbolFiles.isEmpty()) {
            diagnostics.warn("no binary of the report's modules (with unwind tables), nor Breakpad symbol file, among"
                    + " the debug files: threads are walked by frame records and stack scans only");
        }
        Set<Image> known = new HashSet<>(mapped.keySet());
        symbolFiles.forEach(m -> known.add(m.image()));
        List<Image> bare = report.images().stream().filter(img -> !known.contains(img)).toList();
        BareModuleCodeMap withBare = new BareModuleCodeMap(code, bare);
        if (!withBare.isEmpty()) {
            code = withBare;
        }
        return walk(report, arch, memory.over(binaries.memory()), code, starts, maxTotalFrames, diagnostics);
    }

    /**
     * The walk itself, over any code map: {@code memory} must already read code where it is known.
     *
     * @param report         the report
     * @param arch           the CPU of every thread
     * @param memory         saved process memory over the binaries' bytes
     * @param code           which addresses are code, and their CFI
     * @param starts         the threads to walk
     * @param maxTotalFrames the most frames all walks together may give
     * @param diagnostics    told of an architecture without an unwinder and of an exhausted budget
     * @return the walked report
     */
    public static CrashReport walk(CrashReport report, Arch arch, Memory memory, CodeMap code, List<Start> starts,
                                   int maxTotalFrames, Diagnostics diagnostics) {
        Optional<Unwinder> unwinder = Unwinder.forArch(arch, memory, code, MAX_FRAMES_PER_THREAD);
        if (unwinder.isEmpty()) {
            diagnostics.warn("no stack walker for architecture " + arch + ": each thread keeps only its registers' frame");
            return report;
        }
        Map<Integer, List<Frame>> walked = new TreeMap<>();
        long total = 0;
        int skipped = 0;
        for (Start s : starts) {
            if (s.thread() < 0 || s.thread() >= report.threads().size()) {
                continue;
            }
            if (total >= maxTotalFrames) {
                skipped++;
                continue;
            }
            List<UnwoundFrame> frames = unwinder.get().unwind(s.registers(), s.stackEnd());
            int keep = (int) Math.min(frames.size(), maxTotalFrames - total);
            List<Frame> out = new ArrayList<>(keep);
            for (int i = 0; i < keep; i++) {
                UnwoundFrame f = frames.get(i);
                out.add(new Frame(f.address(), i > 0 && !f.exactPc(), Optional.of(f.trust())));
            }
            total += keep;
            if (!out.isEmpty()) {
                walked.put(s.thread(), out);
            }
        }
        if (skipped > 0) {
            diagnostics.warn(skipped + " threads not walked: the report's walks reached " + maxTotalFrames + " frames");
        }
        List<ThreadTrace> threads = new ArrayList<>(report.threads().size());
        for (int i = 0; i < report.threads().size(); i++) {
            ThreadTrace t = report.threads().get(i);
            List<Frame> f = walked.get(i);
            threads.add(f == null ? t : t.withFrames(f));
        }
        return new CrashReport(report.process(), report.crash(), report.images(), threads);
    }
}
