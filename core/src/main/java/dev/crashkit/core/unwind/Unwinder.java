package dev.crashkit.core.unwind;

import dev.crashkit.core.model.Trust;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Unwinds one x86-64 thread from its registers and stack: CFI first, then the frame-pointer
 * chain ({@link FramePointerWalker}), then a scan for words that return just after a call
 * instruction. Each frame is labelled with how it was found. Every address read comes from
 * {@link Memory}, so nothing here can fault; every step must move the stack pointer up inside
 * {@code [sp, stackEnd)}.
 */
public final class Unwinder {
    private static final int DEFAULT_MAX_FRAMES = 256;
    private static final int SCAN_WORDS = 2048;

    private final Memory memory;
    private final CodeMap code;
    private final int maxFrames;

    public Unwinder(Memory memory, CodeMap code) {
        this(memory, code, DEFAULT_MAX_FRAMES);
    }

    public Unwinder(Memory memory, CodeMap code, int maxFrames) {
        this.memory = memory;
        this.code = code;
        this.maxFrames = maxFrames;
    }

    /**
     * The frames of a thread whose PC, SP and (when known) other registers are in {@code start}.
     *
     * @param stackEnd one past the highest stack address to trust (the window's or mapping's end)
     */
    public List<UnwoundFrame> unwind(Registers start, long stackEnd) {
        List<UnwoundFrame> out = new ArrayList<>();
        OptionalLong pc0 = start.get(Registers.X86_64_RA);
        OptionalLong sp0 = start.get(Registers.X86_64_RSP);
        if (pc0.isEmpty() || sp0.isEmpty()) {
            return out;
        }
        out.add(new UnwoundFrame(pc0.getAsLong(), Trust.CONTEXT));
        Registers regs = start.copy();
        boolean returnAddress = false;
        while (out.size() < maxFrames) {
            long pc = regs.get(Registers.X86_64_RA).getAsLong();
            long sp = regs.get(Registers.X86_64_RSP).getAsLong();
            Step next = cfiStep(regs, pc, sp, returnAddress, stackEnd);
            if (next == null) {
                next = trampolineStep(pc, sp, stackEnd);
            }
            if (next == null) {
                next = fpStep(regs, sp, stackEnd);
            }
            if (next == null) {
                next = scanStep(sp, stackEnd);
            }
            if (next == null) {
                break;
            }
            UnwoundFrame caller = new UnwoundFrame(next.regs.get(Registers.X86_64_RA).getAsLong(), next.trust);
            if (next.signalFrame) {
                // Neither the trampoline nor the instruction it interrupted is a return address.
                int trampoline = out.size() - 1;
                out.set(trampoline, out.get(trampoline).asExactPc());
                caller = caller.asExactPc();
            }
            out.add(caller);
            regs = next.regs;
            returnAddress = !next.signalFrame;
        }
        return out;
    }

    private record Step(Registers regs, Trust trust, boolean signalFrame) {
    }

    private Step cfiStep(Registers regs, long pc, long sp, boolean returnAddress, long stackEnd) {
        long lookup = returnAddress ? pc - 1 : pc;
        Optional<FdeIndex> index = code.cfiFor(lookup);
        if (index.isEmpty()) {
            return null;
        }
        try {
            Optional<Fde> fde = index.get().find(lookup);
            if (fde.isEmpty()) {
                return null;
            }
            CfiRow row = CfiInterpreter.rowAt(fde.get(), lookup);
            OptionalLong cfa = row.cfaExpression != null
                    ? DwarfExpression.eval(row.cfaExpression, regs, memory, OptionalLong.empty())
                    : regs.get(row.cfaRegister).isPresent()
                    ? OptionalLong.of(regs.get(row.cfaRegister).getAsLong() + row.cfaOffset) : OptionalLong.empty();
            if (cfa.isEmpty()) {
                return null;
            }
            Registers caller = regs.copy();
            for (int r = 0; r < CfiRow.REGS; r++) {
                OptionalLong v = switch (row.kinds[r]) {
                    case SAME -> regs.get(r);
                    case UNDEFINED -> OptionalLong.empty();
                    case OFFSET -> memory.readU64(cfa.getAsLong() + row.values[r]);
                    case VAL_OFFSET -> OptionalLong.of(cfa.getAsLong() + row.values[r]);
                    case REGISTER -> regs.get((int) row.values[r]);
                    case EXPRESSION -> deref(DwarfExpression.eval(row.expressions[r], regs, memory, cfa));
                    case VAL_EXPRESSION -> DwarfExpression.eval(row.expressions[r], regs, memory, cfa);
                };
                if (v.isPresent()) {
                    caller.set(r, v.getAsLong());
                } else {
                    caller.forget(r);
                }
            }
            int ra = fde.get().cie().raRegister();
            OptionalLong newPc = caller.get(ra);
            if (newPc.isEmpty() || newPc.getAsLong() == 0) {
                return null;
            }
            caller.set(Registers.X86_64_RA, newPc.getAsLong());
            caller.set(Registers.X86_64_RSP, cfa.getAsLong());
            boolean signal = fde.get().cie().signalFrame();
            if (!plausible(newPc.getAsLong(), cfa.getAsLong(), sp, stackEnd, signal)) {
                return null;
            }
            // Through a signal trampoline the next PC is the interrupted instruction, not a return address.
            return new Step(caller, Trust.CFI, signal);
        } catch (CfiException e) {
            // Malformed or unsupported CFI for this PC: the frame-pointer and scan steps still apply.
            return null;
        }
    }

    /** A signal trampoline without CFI, recognised by its code: the caller is the saved context. */
    private Step trampolineStep(long pc, long sp, long stackEnd) {
        if (!SignalTrampoline.isAt(memory, pc)) {
            return null;
        }
        Optional<Registers> caller = SignalTrampoline.interrupted(memory, sp);
        if (caller.isEmpty() || caller.get().get(Registers.X86_64_RA).getAsLong() == 0) {
            return null;
        }
        long newPc = caller.get().get(Registers.X86_64_RA).getAsLong();
        long newSp = caller.get().get(Registers.X86_64_RSP).getAsLong();
        // Read from saved registers, as a thread's own PC is.
        return plausible(newPc, newSp, sp, stackEnd, true) ? new Step(caller.get(), Trust.CONTEXT, true) : null;
    }

    /** An EXPRESSION rule gives the address where the register was saved. */
    private OptionalLong deref(OptionalLong address) {
        return address.isPresent() ? memory.readU64(address.getAsLong()) : address;
    }

    private boolean plausible(long pc, long newSp, long sp, long stackEnd, boolean signalFrame) {
        boolean up = signalFrame ? Long.compareUnsigned(newSp, sp) >= 0 : Long.compareUnsigned(newSp, sp) > 0;
        return up && Long.compareUnsigned(newSp, stackEnd) <= 0 && code.isExecutable(pc);
    }

    private Step fpStep(Registers regs, long sp, long stackEnd) {
        OptionalLong fp = regs.get(Registers.X86_64_RBP);
        if (fp.isEmpty()) {
            return null;
        }
        long f = fp.getAsLong();
        Optional<FramePointerWalker.FrameRecord> rec = FramePointerWalker.record(memory, f, sp, stackEnd);
        if (rec.isEmpty() || !returnAddressLike(rec.get().returnAddress())) {
            return null;
        }
        Registers caller = new Registers();
        caller.set(Registers.X86_64_RA, rec.get().returnAddress());
        caller.set(Registers.X86_64_RSP, f + 16);
        long next = rec.get().callerFp();
        // The caller's frame lies above ours; anything else ends the chain for the next step.
        if (Long.compareUnsigned(next, f) > 0) {
            caller.set(Registers.X86_64_RBP, next);
        }
        return new Step(caller, Trust.FP, false);
    }

    private Step scanStep(long sp, long stackEnd) {
        long limit = sp + SCAN_WORDS * 8L;
        if (Long.compareUnsigned(limit, stackEnd) > 0) {
            limit = stackEnd;
        }
        for (long slot = (sp + 7) & ~7L; Long.compareUnsigned(slot + 8, limit) <= 0; slot += 8) {
            OptionalLong w = memory.readU64(slot);
            if (w.isPresent() && returnAddressLike(w.getAsLong())) {
                Registers caller = new Registers();
                caller.set(Registers.X86_64_RA, w.getAsLong());
                caller.set(Registers.X86_64_RSP, slot + 8);
                return new Step(caller, Trust.SCAN, false);
            }
        }
        return null;
    }

    private boolean returnAddressLike(long a) {
        return a != 0 && code.isExecutable(a) && CallSites.precededByCall(memory, a);
    }
}
