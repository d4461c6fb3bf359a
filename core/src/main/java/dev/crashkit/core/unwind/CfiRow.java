package dev.crashkit.core.unwind;

import java.util.Arrays;

/**
 * The unwind rules in force at one PC: how to compute the CFA and where each register of the
 * caller was saved. Mutable while {@link CfiInterpreter} runs; callers only read it.
 */
final class CfiRow implements Cloneable {
    /** DWARF register numbers we track (x86-64 uses 0..16; AArch64 0..32). */
    static final int REGS = 33;

    enum Kind { SAME, UNDEFINED, OFFSET, VAL_OFFSET, REGISTER, EXPRESSION, VAL_EXPRESSION }

    int cfaRegister = -1;
    long cfaOffset;
    byte[] cfaExpression;
    Kind[] kinds = new Kind[REGS];
    long[] values = new long[REGS];
    byte[][] expressions = new byte[REGS][];

    CfiRow() {
        Arrays.fill(kinds, Kind.SAME);
    }

    void set(int reg, Kind kind, long value, byte[] expression) {
        if (reg >= 0 && reg < REGS) {
            kinds[reg] = kind;
            values[reg] = value;
            expressions[reg] = expression;
        }
    }

    void copyRegister(int reg, CfiRow from) {
        if (reg >= 0 && reg < REGS) {
            kinds[reg] = from.kinds[reg];
            values[reg] = from.values[reg];
            expressions[reg] = from.expressions[reg];
        }
    }

    @Override
    public CfiRow clone() {
        CfiRow r = new CfiRow();
        r.cfaRegister = cfaRegister;
        r.cfaOffset = cfaOffset;
        r.cfaExpression = cfaExpression;
        r.kinds = kinds.clone();
        r.values = values.clone();
        r.expressions = expressions.clone();
        return r;
    }
}
