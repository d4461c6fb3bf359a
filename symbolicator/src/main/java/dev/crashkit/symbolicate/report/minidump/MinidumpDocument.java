package dev.crashkit.symbolicate.report.minidump;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.unwind.Memory;
import dev.crashkit.core.unwind.Registers;
import dev.crashkit.symbolicate.report.ReportDocument;
import dev.crashkit.symbolicate.symbolize.StackWalker;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A minidump's side of a parsed report: the registers of each thread, and what a stack walk needs
 * ({@link #walkStarts()}, {@link #memory()}): the reader gives each thread only its context's PC; the
 * {@code Symbolicator} walks the stacks with the binaries among its debug files before it
 * symbolicates (with {@link StackWalker}).
 */
public final class MinidumpDocument implements ReportDocument {
    private final Minidump dump;

    MinidumpDocument(Minidump dump) {
        this.dump = dump;
    }

    Minidump dump() {
        return dump;
    }

    @Override
    public Map<String, Long> registers(int thread) {
        if (thread < 0 || thread >= dump.threads().size()) {
            return Map.of();
        }
        return dump.threads().get(thread).context().map(CpuContext::registers).orElse(Map.of());
    }

    /** {@return the architecture of the dump's contexts} */
    public Arch arch() {
        return dump.system().arch();
    }

    /** {@return the memory the dump saved: stacks, and whatever else its writer kept} */
    public Memory memory() {
        return dump.memory();
    }

    /**
     * {@return each thread that can be walked: one with registers of a CPU core unwinds (amd64, arm64)}
     * A thread with no saved stack starts with its stack's end at its SP (nothing above it to read).
     */
    public List<StackWalker.Start> walkStarts() {
        List<StackWalker.Start> out = new ArrayList<>();
        for (int i = 0; i < dump.threads().size(); i++) {
            DumpThread t = dump.threads().get(i);
            Optional<Registers> regs = t.context().flatMap(CpuContext::dwarf);
            if (regs.isEmpty()) {
                continue;
            }
            long end = t.stackSize() > 0 ? t.stackStart() + t.stackSize() : sp(t.context().get());
            out.add(new StackWalker.Start(i, regs.get(), end));
        }
        return out;
    }

    private static long sp(CpuContext c) {
        return c.registers().getOrDefault(c.cpu() == CpuContext.Cpu.AMD64 ? "rsp" : "sp", 0L);
    }

    /** {@return threads whose registers are of a CPU that is read but not walked (x86, arm), by index} */
    public List<Integer> notWalked() {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < dump.threads().size(); i++) {
            Optional<CpuContext> c = dump.threads().get(i).context();
            if (c.isPresent() && !c.get().walkable()) {
                out.add(i);
            }
        }
        return out;
    }

    /** {@return what could not be read, one line each: the report is partial when there is any} */
    public List<String> problems() {
        return dump.problems();
    }

    /** {@return Crashpad's simple annotations, process-wide then per module ({@code module:key})} */
    public Map<String, String> annotations() {
        return dump.annotations();
    }

    /**
     * {@return the text streams by name: Linux {@code maps}, {@code status}, {@code cpuinfo}, {@code auxv}
     * (hex), {@code environ}, {@code cmdline}, {@code lsb-release}}
     */
    public Map<String, String> texts() {
        return dump.texts();
    }
}
