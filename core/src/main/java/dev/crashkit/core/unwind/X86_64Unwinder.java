package dev.crashkit.core.unwind;

import dev.crashkit.core.model.Trust;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * x86-64: CFI (return address in column 16, the CFA is the caller's RSP), then the Linux signal
 * trampoline recognised by its code, then the frame record at RBP ({@code [rbp]} the caller's RBP,
 * {@code [rbp+8]} the return address, the caller's RSP {@code rbp + 16}), then a scan. Every caller's
 * PC must lie in executable code; a frame-record or scanned return address must also follow a call
 * instruction ({@link CallSites}), and a scanned one must lie in an image
 * ({@link CodeMap#isImageCode}). Each answer must move RSP up inside the stack (a signal frame may
 * keep it), or the next method is tried.
 */
final class X86_64Unwinder implements CpuUnwinder {
    private final Memory memory;
    private final CodeMap code;

    X86_64Unwinder(Memory memory, CodeMap code) {
        this.memory = memory;
        this.code = code;
    }

    @Override
    public int pcRegister() {
        return Registers.X86_64_RA;
    }

    @Override
    public int spRegister() {
        return Registers.X86_64_RSP;
    }

    @Override
    public Optional<CallerStep> caller(CalleeFrame callee, long stackEnd) {
        Registers regs = callee.regs();
        long pc = regs.get(Registers.X86_64_RA).getAsLong();
        long sp = regs.get(Registers.X86_64_RSP).getAsLong();
        Optional<CallerStep> next = cfiStep(regs, callee.pcReturnAddress() ? pc - 1 : pc, sp, stackEnd);
        if (next.isEmpty()) {
            next = trampolineStep(pc, sp, stackEnd);
        }
        if (next.isEmpty()) {
            next = fpStep(regs, sp, stackEnd);
        }
        if (next.isEmpty()) {
            next = StackScan.scan(memory, sp, stackEnd, callee.trust(), this::scannedReturnAddress)
                    .map(found -> scanned(regs, found));
        }
        return next;
    }

    /**
     * The caller at a scanned return address, with an RBP where Breakpad's and rust-minidump's
     * {@code GetCallerByStackScan} pass one on (a later frame-record step needs it): the callee's
     * saved RBP when the callee's RBP points just below the return address (it pushed RBP on
     * entry), else the callee's RBP unchanged when it still lies above the return address.
     */
    private CallerStep scanned(Registers callee, StackScan.Found found) {
        Registers caller = new Registers().set(Registers.X86_64_RA, found.value())
                .set(Registers.X86_64_RSP, found.callerSp());
        if (callee.get(Registers.X86_64_RBP).isPresent()) {
            long rbp = callee.get(Registers.X86_64_RBP).getAsLong();
            if (rbp == found.slot() - 8) {
                OptionalLong saved = memory.readU64(rbp);
                if (saved.isPresent() && Long.compareUnsigned(saved.getAsLong(), found.slot()) > 0) {
                    caller.set(Registers.X86_64_RBP, saved.getAsLong());
                }
            } else if (Long.compareUnsigned(rbp, found.callerSp()) >= 0) {
                caller.set(Registers.X86_64_RBP, rbp);
            }
        }
        return new CallerStep(caller, Trust.SCAN, false);
    }

    private Optional<CallerStep> cfiStep(Registers regs, long lookup, long sp, long stackEnd) {
        return CfiStep.caller(memory, code, regs, lookup).flatMap(r -> {
            Registers caller = r.regs();
            caller.set(Registers.X86_64_RA, r.returnAddress());
            caller.set(Registers.X86_64_RSP, r.cfa());
            if (!plausible(r.returnAddress(), r.cfa(), sp, stackEnd, r.signalFrame())) {
                return Optional.empty();
            }
            // Through a signal trampoline the next PC is the interrupted instruction, not a return address.
            return Optional.of(new CallerStep(caller, Trust.CFI, r.signalFrame()));
        });
    }

    /** A signal trampoline without CFI, recognised by its code: the caller is the saved context. */
    private Optional<CallerStep> trampolineStep(long pc, long sp, long stackEnd) {
        if (!SignalTrampoline.isAt(memory, pc)) {
            return Optional.empty();
        }
        Optional<Registers> caller = SignalTrampoline.interrupted(memory, sp);
        if (caller.isEmpty() || caller.get().get(Registers.X86_64_RA).getAsLong() == 0) {
            return Optional.empty();
        }
        long newPc = caller.get().get(Registers.X86_64_RA).getAsLong();
        long newSp = caller.get().get(Registers.X86_64_RSP).getAsLong();
        // Read from saved registers, as a thread's own PC is.
        return plausible(newPc, newSp, sp, stackEnd, true)
                ? Optional.of(new CallerStep(caller.get(), Trust.CONTEXT, true)) : Optional.empty();
    }

    private boolean plausible(long pc, long newSp, long sp, long stackEnd, boolean signalFrame) {
        boolean up = signalFrame ? Long.compareUnsigned(newSp, sp) >= 0 : Long.compareUnsigned(newSp, sp) > 0;
        return up && Long.compareUnsigned(newSp, stackEnd) <= 0 && code.isExecutable(pc);
    }

    private Optional<CallerStep> fpStep(Registers regs, long sp, long stackEnd) {
        if (regs.get(Registers.X86_64_RBP).isEmpty()) {
            return Optional.empty();
        }
        long f = regs.get(Registers.X86_64_RBP).getAsLong();
        Optional<FramePointerWalker.FrameRecord> rec = FramePointerWalker.record(memory, f, sp, stackEnd);
        if (rec.isEmpty() || !returnAddressLike(rec.get().returnAddress())) {
            return Optional.empty();
        }
        long next = rec.get().callerFp();
        // As Breakpad's and rust-minidump's GetCallerByFramePointerRecovery: the record is a frame
        // record only if the caller's RBP lies at or above the caller's RSP and points into memory
        // (a chain's last record, with RBP 0, is not taken: the scan finds that caller).
        if (Long.compareUnsigned(next, f + 16) < 0 || memory.readU64(next).isEmpty()) {
            return Optional.empty();
        }
        Registers caller = new Registers();
        caller.set(Registers.X86_64_RA, rec.get().returnAddress());
        caller.set(Registers.X86_64_RSP, f + 16);
        caller.set(Registers.X86_64_RBP, next);
        return Optional.of(new CallerStep(caller, Trust.FP, false));
    }

    private boolean returnAddressLike(long a) {
        return a != 0 && code.isExecutable(a)
                && (CallSites.precededByCall(memory, a) || code.inFunctionWithoutCode(a));
    }

    /** A scanned word: a return address in an image's code ({@link CodeMap#isImageCode}). */
    private boolean scannedReturnAddress(long a) {
        return returnAddressLike(a) && code.isImageCode(a);
    }
}
