package dev.crashkit.core.unwind;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The row of rules in force at a PC (DWARF 5 §6.4.2): runs a CIE's and then an FDE's call-frame instructions,
 * decoded by {@link CfiInstructions}, into a {@link CfiRow} until the location passes the PC.
 */
final class CfiInterpreter implements CfiInstructions.Handler {
    private static final int MAX_STATES = 64;

    private final CfiRow row = new CfiRow();
    /** The row the CIE's instructions left (what {@code restore} returns to); null while they run. */
    private CfiRow initial;
    private final Deque<CfiRow> saved = new ArrayDeque<>();
    /** The instructions being run (their position names a bad instruction). */
    private CfiInstructions running;

    private CfiInterpreter() {
    }

    /** The row in force at {@code pc}, which must lie in the FDE's range. */
    static CfiRow rowAt(Fde fde, long pc) throws CfiException {
        Cie cie = fde.cie();
        CfiInterpreter rows = new CfiInterpreter();
        rows.running = new CfiInstructions(new CfiBytes(cie.instructions(), cie.address()), cie, fde.pcBegin());
        rows.running.runAll(rows);
        // States the CIE remembered are not the FDE's to restore.
        rows.saved.clear();
        rows.initial = rows.row.clone();
        rows.running = new CfiInstructions(new CfiBytes(fde.instructions(), fde.address()), cie, fde.pcBegin());
        while (rows.running.next(rows)) {
            if (Long.compareUnsigned(rows.running.location(), pc) > 0) {
                break; // the instructions before this advance describe pc
            }
        }
        return rows.row;
    }

    @Override
    public void advance(long location) {
        // rowAt compares each location with the PC
    }

    @Override
    public void offset(int reg, long offset) {
        row.set(reg, CfiRow.Kind.OFFSET, offset, null);
    }

    @Override
    public void valOffset(int reg, long offset) {
        row.set(reg, CfiRow.Kind.VAL_OFFSET, offset, null);
    }

    @Override
    public void register(int reg, int base) {
        row.set(reg, CfiRow.Kind.REGISTER, base, null);
    }

    @Override
    public void undefined(int reg) {
        row.set(reg, CfiRow.Kind.UNDEFINED, 0, null);
    }

    @Override
    public void sameValue(int reg) {
        row.set(reg, CfiRow.Kind.SAME, 0, null);
    }

    @Override
    public void restore(int reg) throws CfiException {
        if (initial == null) {
            throw new CfiException(String.format("DW_CFA_restore inside a CIE at 0x%x",
                    running.instructionAddress()));
        }
        row.copyRegister(reg, initial);
    }

    @Override
    public void expression(int reg, byte[] expression) {
        row.set(reg, CfiRow.Kind.EXPRESSION, 0, expression);
    }

    @Override
    public void valExpression(int reg, byte[] expression) {
        row.set(reg, CfiRow.Kind.VAL_EXPRESSION, 0, expression);
    }

    @Override
    public void defCfa(int reg, long offset) {
        row.cfaRegister = reg;
        row.cfaOffset = offset;
        row.cfaExpression = null;
    }

    @Override
    public void defCfaRegister(int reg) {
        row.cfaRegister = reg;
        row.cfaExpression = null;
    }

    @Override
    public void defCfaOffset(long offset) {
        row.cfaOffset = offset;
    }

    @Override
    public void defCfaExpression(byte[] expression) {
        row.cfaExpression = expression;
    }

    @Override
    public void rememberState() throws CfiException {
        if (saved.size() >= MAX_STATES) {
            throw new CfiException(String.format("CFI at 0x%x nests remember_state too deep",
                    running.instructionAddress()));
        }
        saved.push(row.clone());
    }

    @Override
    public void restoreState() throws CfiException {
        CfiRow s = saved.poll();
        if (s == null) {
            throw new CfiException(String.format("CFI at 0x%x restores an unsaved state",
                    running.instructionAddress()));
        }
        // The CFA is part of the remembered state; so are all register rules.
        row.cfaRegister = s.cfaRegister;
        row.cfaOffset = s.cfaOffset;
        row.cfaExpression = s.cfaExpression;
        row.kinds = s.kinds;
        row.values = s.values;
        row.expressions = s.expressions;
    }
}
