package dev.crashkit.core.unwind;

import dev.crashkit.core.model.Trust;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * arm64 (AArch64), after rust-minidump's {@code minidump-unwind/src/arm64.rs}: DWARF registers x0..x30
 * (x29 the frame pointer, x30 the link register), SP 31, PC 32. For each frame:
 * <ol>
 *   <li>CFI. The CIE's return-address column is x30; in a function that has not saved it (a leaf,
 *       or any function at its first instruction) the rule is "same value" and the caller's PC is
 *       the link register. The CFA is the caller's SP.</li>
 *   <li>Only for the innermost frame without CFI: the link register, when the function has not
 *       pushed a frame record of its own ({@link #linkRegisterStep}).</li>
 *   <li>The frame record at x29: {@code [fp]} the caller's x29, {@code [fp+8]} its return address,
 *       the caller's SP {@code fp + 16}.</li>
 *   <li>A scan for a word that points into executable code just after a branch-with-link
 *       ({@link Arm64CallSites}), as long as the callee's trust allows ({@link StackScan}).</li>
 * </ol>
 * Every return address, link register and frame pointer is stripped of pointer-authentication bits
 * ({@link PointerAuth}). Every caller's PC must lie in executable code, as on x86-64 (rust-minidump
 * lets CFI and frame records answer with any PC outside the first page, to cross libraries it has
 * no file for; we give that up because a frame-record step guesses SP as {@code fp + 16}, which is
 * wrong wherever the record is not at the top of its frame, as clang puts it on Linux, and CFI
 * applied to that SP reads a data word as the return address). Scanned words must also follow a
 * branch-with-link and lie in an image ({@link CodeMap#isImageCode}). Each answer must move SP up
 * inside the stack; only the innermost frame's caller may keep SP (a leaf that allocated nothing),
 * and then its PC must differ. An answer that fails this is dropped for the next method.
 */
final class Arm64Unwinder implements CpuUnwinder {
    /** PCs in the first page are null pointers that happened to be stored, as in rust-minidump. */
    private static final long MIN_PC = 0x1000;

    private final Memory memory;
    private final CodeMap code;
    private final long addressMask;

    /** @param addressMask the least mask for pointer-authentication stripping (47 bits on Apple arm64) */
    Arm64Unwinder(Memory memory, CodeMap code, long addressMask) {
        this.memory = memory;
        this.code = code;
        this.addressMask = addressMask;
    }

    @Override
    public int pcRegister() {
        return Registers.ARM64_PC;
    }

    @Override
    public int spRegister() {
        return Registers.ARM64_SP;
    }

    @Override
    public Optional<CallerStep> caller(CalleeFrame callee, long stackEnd) {
        long mask = PointerAuth.maskCovering(addressMask, stackEnd - 1);
        Optional<CallerStep> next = cfiStep(callee, stackEnd, mask);
        if (next.isEmpty() && callee.index() == 0) {
            next = linkRegisterStep(callee, stackEnd, mask);
        }
        if (next.isEmpty()) {
            next = fpStep(callee, stackEnd, mask);
        }
        if (next.isEmpty()) {
            long sp = callee.regs().get(Registers.ARM64_SP).getAsLong();
            next = StackScan.scan(memory, sp, stackEnd, callee.trust(),
                            w -> returnAddressLike(w & mask) && code.isImageCode(w & mask))
                    .map(found -> new CallerStep(new Registers().set(Registers.ARM64_PC, found.value() & mask)
                            .set(Registers.ARM64_SP, found.callerSp()), Trust.SCAN, false))
                    .filter(step -> plausible(callee, step, stackEnd));
        }
        return next;
    }

    private Optional<CallerStep> cfiStep(CalleeFrame callee, long stackEnd, long mask) {
        long pc = callee.regs().get(Registers.ARM64_PC).getAsLong();
        long lookup = callee.pcReturnAddress() ? pc - 1 : pc;
        return CfiStep.caller(memory, code, callee.regs(), lookup).flatMap(r -> {
            Registers caller = r.regs();
            caller.set(Registers.ARM64_PC, r.returnAddress() & mask);
            caller.set(Registers.ARM64_SP, r.cfa());
            strip(caller, Registers.ARM64_LR, mask);
            strip(caller, Registers.ARM64_FP, mask);
            CallerStep step = new CallerStep(caller, Trust.CFI, r.signalFrame());
            return plausible(callee, step, stackEnd) ? Optional.of(step) : Optional.empty();
        });
    }

    /**
     * The innermost frame's caller from LR when no CFI covers it and the function has not pushed a
     * frame record (rust-minidump always assumes it has, and so loses a leaf's caller). LR must look
     * like a return address, and must not be the return address in the record at x29 (which a
     * function that had pushed its record and had not called anything yet would show). For a direct
     * {@code BL} the call must lead to this function: its target at or below the PC, and LR outside
     * {@code [target, pc]} (a link register left over from a call the function itself made lies
     * inside it). The caller keeps SP, x29 and the callee-saved registers.
     */
    private Optional<CallerStep> linkRegisterStep(CalleeFrame callee, long stackEnd, long mask) {
        Registers regs = callee.regs();
        OptionalLong lrValue = regs.get(Registers.ARM64_LR);
        if (lrValue.isEmpty()) {
            return Optional.empty();
        }
        long lr = lrValue.getAsLong() & mask;
        long pc = regs.get(Registers.ARM64_PC).getAsLong() & mask;
        long sp = regs.get(Registers.ARM64_SP).getAsLong();
        if (!returnAddressLike(lr)) {
            return Optional.empty();
        }
        OptionalLong fp = regs.get(Registers.ARM64_FP);
        if (fp.isPresent()) {
            Optional<FramePointerWalker.FrameRecord> rec =
                    FramePointerWalker.record(memory, fp.getAsLong() & mask, sp, stackEnd);
            if (rec.isPresent() && (rec.get().returnAddress() & mask) == lr) {
                return Optional.empty(); // the record holds LR: the function pushed it, the FP step reads it
            }
        }
        int call = Arm64CallSites.instructionAt(memory, lr - 4);
        if (Arm64CallSites.isBl(call)) {
            long target = Arm64CallSites.blTarget(lr - 4, call);
            boolean leadsHere = Long.compareUnsigned(target, pc) <= 0;
            boolean insideCallee = Long.compareUnsigned(target, lr) <= 0 && Long.compareUnsigned(lr, pc) <= 0;
            if (!leadsHere || insideCallee) {
                return Optional.empty();
            }
        }
        Registers caller = regs.copy();
        caller.set(Registers.ARM64_PC, lr);
        caller.forget(Registers.ARM64_LR);
        CallerStep step = new CallerStep(caller, Trust.FP, false);
        return plausible(callee, step, stackEnd) ? Optional.of(step) : Optional.empty();
    }

    private Optional<CallerStep> fpStep(CalleeFrame callee, long stackEnd, long mask) {
        Registers regs = callee.regs();
        if (regs.get(Registers.ARM64_FP).isEmpty()) {
            return Optional.empty();
        }
        long f = regs.get(Registers.ARM64_FP).getAsLong() & mask;
        long sp = regs.get(Registers.ARM64_SP).getAsLong();
        Optional<FramePointerWalker.FrameRecord> rec = FramePointerWalker.record(memory, f, sp, stackEnd);
        if (rec.isEmpty()) {
            return Optional.empty();
        }
        Registers caller = new Registers();
        caller.set(Registers.ARM64_PC, rec.get().returnAddress() & mask);
        caller.set(Registers.ARM64_SP, f + 16);
        long next = rec.get().callerFp() & mask;
        // The caller's record lies above ours; anything else (0 in the outermost frame) ends the chain.
        if (Long.compareUnsigned(next, f) > 0) {
            caller.set(Registers.ARM64_FP, next);
        }
        CallerStep step = new CallerStep(caller, Trust.FP, false);
        return plausible(callee, step, stackEnd) ? Optional.of(step) : Optional.empty();
    }

    /** A PC in code, SP up the stack (or kept, by the innermost frame's caller only). */
    private boolean plausible(CalleeFrame callee, CallerStep step, long stackEnd) {
        long pc = callee.regs().get(Registers.ARM64_PC).getAsLong();
        long sp = callee.regs().get(Registers.ARM64_SP).getAsLong();
        long newPc = step.regs().get(Registers.ARM64_PC).getAsLong();
        long newSp = step.regs().get(Registers.ARM64_SP).getAsLong();
        if (Long.compareUnsigned(newPc, MIN_PC) < 0 || Long.compareUnsigned(newSp, stackEnd) > 0
                || !code.isExecutable(newPc)) {
            return false;
        }
        int up = Long.compareUnsigned(newSp, sp);
        return up > 0 || (up == 0 && (step.signalFrame() || callee.index() == 0) && newPc != pc);
    }

    private boolean returnAddressLike(long a) {
        return Long.compareUnsigned(a, MIN_PC) >= 0 && code.isExecutable(a)
                && (Arm64CallSites.precededByCall(memory, a) || code.inFunctionWithoutCode(a));
    }

    private static void strip(Registers regs, int reg, long mask) {
        OptionalLong v = regs.get(reg);
        if (v.isPresent()) {
            regs.set(reg, v.getAsLong() & mask);
        }
    }
}
