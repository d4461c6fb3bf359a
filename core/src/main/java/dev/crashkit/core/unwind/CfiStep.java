package dev.crashkit.core.unwind;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * The CPU-neutral half of a CFI step: find the FDE for a PC, run its row and apply every register
 * rule to get the caller's registers. The CPU's unwinder then places the return address and the CFA
 * in its own PC and SP registers and judges the answer.
 */
final class CfiStep {
    private CfiStep() {
    }

    /**
     * What the CFI of one frame says about its caller.
     *
     * @param regs          the caller's registers after every rule (PC and SP not yet placed)
     * @param cfa           the canonical frame address: the caller's SP
     * @param returnAddress the value of the CIE's return-address column (nonzero)
     * @param signalFrame   the CIE's 'S' augmentation: a signal trampoline
     */
    record Result(Registers regs, long cfa, long returnAddress, boolean signalFrame) {
    }

    /**
     * The caller as the CFI covering {@code lookup} describes it (else the map's other rules,
     * {@link CodeMap#callerByRules}); empty without CFI or rules for that PC, with malformed or
     * unsupported CFI, when the CFA cannot be computed, or when the return-address column is
     * undefined or zero (the outermost frame).
     */
    static Optional<Result> caller(Memory memory, CodeMap code, Registers regs, long lookup) {
        Optional<FdeIndex> index = code.cfiFor(lookup);
        if (index.isEmpty()) {
            // No DWARF CFI for this PC; the map may hold rules of another form (a .sym's STACK CFI).
            return code.callerByRules(lookup, regs, memory).filter(r -> r.returnAddress() != 0)
                    .map(r -> new Result(r.regs(), r.cfa(), r.returnAddress(), false));
        }
        try {
            Optional<Fde> fde = index.get().find(lookup);
            if (fde.isEmpty()) {
                return Optional.empty();
            }
            CfiRow row = CfiInterpreter.rowAt(fde.get(), lookup);
            OptionalLong cfa = row.cfaExpression != null
                    ? DwarfExpression.eval(row.cfaExpression, regs, memory, OptionalLong.empty())
                    : regs.get(row.cfaRegister).isPresent()
                    ? OptionalLong.of(regs.get(row.cfaRegister).getAsLong() + row.cfaOffset) : OptionalLong.empty();
            if (cfa.isEmpty()) {
                return Optional.empty();
            }
            Registers caller = regs.copy();
            for (int r = 0; r < CfiRow.REGS; r++) {
                OptionalLong v = switch (row.kinds[r]) {
                    case SAME -> regs.get(r);
                    case UNDEFINED -> OptionalLong.empty();
                    case OFFSET -> memory.readU64(cfa.getAsLong() + row.values[r]);
                    case VAL_OFFSET -> OptionalLong.of(cfa.getAsLong() + row.values[r]);
                    case REGISTER -> regs.get((int) row.values[r]);
                    case EXPRESSION -> deref(memory, DwarfExpression.eval(row.expressions[r], regs, memory, cfa));
                    case VAL_EXPRESSION -> DwarfExpression.eval(row.expressions[r], regs, memory, cfa);
                };
                if (v.isPresent()) {
                    caller.set(r, v.getAsLong());
                } else {
                    caller.forget(r);
                }
            }
            OptionalLong ra = caller.get(fde.get().cie().raRegister());
            if (ra.isEmpty() || ra.getAsLong() == 0) {
                return Optional.empty();
            }
            return Optional.of(new Result(caller, cfa.getAsLong(), ra.getAsLong(), fde.get().cie().signalFrame()));
        } catch (CfiException e) {
            // Malformed or unsupported CFI for this PC: the frame-pointer and scan steps still apply.
            return Optional.empty();
        }
    }

    /** An EXPRESSION rule gives the address where the register was saved. */
    private static OptionalLong deref(Memory memory, OptionalLong address) {
        return address.isPresent() ? memory.readU64(address.getAsLong()) : address;
    }
}
