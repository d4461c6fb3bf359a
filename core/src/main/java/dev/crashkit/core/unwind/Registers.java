package dev.crashkit.core.unwind;

import java.util.OptionalLong;

/**
 * Register values by DWARF number (of the thread's architecture), each known or not. The unwinder starts from what a capture
 * recorded (often only PC and SP for a thread blocked in a system call) and fills in callers'
 * registers from CFI.
 */
public final class Registers {
    /** x86-64 DWARF numbers. */
    public static final int X86_64_RBP = 6;
    public static final int X86_64_RSP = 7;
    public static final int X86_64_RA = 16;
    /** AArch64 DWARF numbers: x0..x30 are 0..30; x29 is the frame pointer, x30 the link register. */
    public static final int ARM64_FP = 29;
    public static final int ARM64_LR = 30;
    public static final int ARM64_SP = 31;
    public static final int ARM64_PC = 32;

    private final long[] values = new long[CfiRow.REGS];
    private long known;

    public Registers() {
    }

    private Registers(long[] values, long known) {
        System.arraycopy(values, 0, this.values, 0, values.length);
        this.known = known;
    }

    public OptionalLong get(int reg) {
        if (reg < 0 || reg >= CfiRow.REGS || (known & (1L << reg)) == 0) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(values[reg]);
    }

    public Registers set(int reg, long value) {
        if (reg >= 0 && reg < CfiRow.REGS) {
            values[reg] = value;
            known |= 1L << reg;
        }
        return this;
    }

    public Registers forget(int reg) {
        if (reg >= 0 && reg < CfiRow.REGS) {
            known &= ~(1L << reg);
        }
        return this;
    }

    public Registers copy() {
        return new Registers(values, known);
    }
}
