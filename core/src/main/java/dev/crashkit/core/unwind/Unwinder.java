package dev.crashkit.core.unwind;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.Trust;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Unwinds one thread from its registers and stack, with the CPU's own rules ({@link #forArch}):
 * x86-64 or arm64, each trying CFI, then frame records, then a stack scan whose length the
 * previous frame's {@link Trust} bounds. Each frame is labelled with how it was found. Every
 * address read comes from {@link Memory}, so nothing here can fault; every step must move the
 * stack pointer up inside {@code [sp, stackEnd)} (only a signal frame, and the innermost frame's
 * caller on arm64, may keep it), and the walk stops after a fixed number of frames.
 */
public final class Unwinder {
    private static final int DEFAULT_MAX_FRAMES = 256;

    private final CpuUnwinder cpu;
    private final int maxFrames;

    private Unwinder(CpuUnwinder cpu, int maxFrames) {
        if (maxFrames < 1) {
            throw new IllegalArgumentException("maxFrames " + maxFrames);
        }
        this.cpu = cpu;
        this.maxFrames = maxFrames;
    }

    /**
     * The unwinder for {@code arch}: x86-64 ({@code x86_64}, {@code x86_64h}) or arm64 ({@code arm64},
     * {@code arm64v8}, {@code arm64e}); empty for any other architecture.
     *
     * @param arch   the thread's architecture
     * @param memory the thread's stack over the process's code (and CFI, when read through memory)
     * @param code   which addresses are code, and their CFI
     * @return the unwinder (stopping after 256 frames), empty for an architecture without one
     */
    public static Optional<Unwinder> forArch(Arch arch, Memory memory, CodeMap code) {
        return forArch(arch, memory, code, DEFAULT_MAX_FRAMES);
    }

    /**
     * As {@link #forArch(Arch, Memory, CodeMap)}, stopping after {@code maxFrames} frames.
     *
     * @param arch      the thread's architecture
     * @param memory    the thread's stack over the process's code
     * @param code      which addresses are code, and their CFI
     * @param maxFrames the most frames an unwind returns, frame 0 included; at least 1
     * @return the unwinder, empty for an architecture without one
     */
    public static Optional<Unwinder> forArch(Arch arch, Memory memory, CodeMap code, int maxFrames) {
        if (!(arch instanceof Arch.Known known)) {
            return Optional.empty();
        }
        return switch (known) {
            case X86_64, X86_64H -> Optional.of(new Unwinder(new X86_64Unwinder(memory, code), maxFrames));
            case ARM64, ARM64V8, ARM64E ->
                    Optional.of(new Unwinder(new Arm64Unwinder(memory, code, known.addressMask()), maxFrames));
            default -> Optional.empty();
        };
    }

    /**
     * The frames of a thread whose PC, SP and (when known) other registers are in {@code start}, by
     * the DWARF numbers of the unwinder's CPU ({@link Registers}). Empty when PC or SP is unknown.
     *
     * @param start    the thread's registers
     * @param stackEnd one past the highest stack address to trust (the window's or mapping's end)
     * @return the frames, innermost first, each with its trust
     */
    public List<UnwoundFrame> unwind(Registers start, long stackEnd) {
        List<UnwoundFrame> out = new ArrayList<>();
        OptionalLong pc0 = start.get(cpu.pcRegister());
        OptionalLong sp0 = start.get(cpu.spRegister());
        if (pc0.isEmpty() || sp0.isEmpty()) {
            return out;
        }
        out.add(new UnwoundFrame(pc0.getAsLong(), Trust.CONTEXT));
        CalleeFrame callee = new CalleeFrame(start.copy(), Trust.CONTEXT, 0, false);
        while (out.size() < maxFrames) {
            Optional<CallerStep> found = cpu.caller(callee, stackEnd);
            if (found.isEmpty() || !progresses(callee, found.get(), stackEnd)) {
                break;
            }
            CallerStep next = found.get();
            UnwoundFrame caller = new UnwoundFrame(next.regs().get(cpu.pcRegister()).getAsLong(), next.trust());
            if (next.signalFrame()) {
                // Neither the trampoline nor the instruction it interrupted is a return address.
                int trampoline = out.size() - 1;
                out.set(trampoline, out.get(trampoline).asExactPc());
                caller = caller.asExactPc();
            }
            out.add(caller);
            callee = new CalleeFrame(next.regs(), next.trust(), out.size() - 1, !next.signalFrame());
        }
        return out;
    }

    /**
     * The check every CPU's answer passes, whatever its own rules: SP inside the stack and moving
     * up; kept only through a signal frame or from the innermost frame to a different PC. With the
     * frame limit this ends every walk.
     */
    private boolean progresses(CalleeFrame callee, CallerStep step, long stackEnd) {
        OptionalLong pc = step.regs().get(cpu.pcRegister());
        OptionalLong sp = step.regs().get(cpu.spRegister());
        if (pc.isEmpty() || sp.isEmpty() || Long.compareUnsigned(sp.getAsLong(), stackEnd) > 0) {
            return false;
        }
        long calleeSp = callee.regs().get(cpu.spRegister()).getAsLong();
        int up = Long.compareUnsigned(sp.getAsLong(), calleeSp);
        if (up != 0) {
            return up > 0;
        }
        return step.signalFrame()
                || (callee.index() == 0 && pc.getAsLong() != callee.regs().get(cpu.pcRegister()).getAsLong());
    }
}
