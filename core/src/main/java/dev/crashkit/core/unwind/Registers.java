package dev.crashkit.core.unwind;

import java.util.OptionalLong;

/**
 * Register values by DWARF number (of the thread's architecture), each known or not. The unwinder starts from what a capture
 * recorded (often only PC and SP for a thread blocked in a system call) and fills in callers'
 * registers from CFI.
 */
public final class Registers {
    /** x86-64 DWARF number of RBP, the frame pointer. */
    public static final int X86_64_RBP = 6;
    /** x86-64 DWARF number of RSP, the stack pointer. */
    public static final int X86_64_RSP = 7;
    /** x86-64 DWARF number of the return address column, which holds RIP (the PC). */
    public static final int X86_64_RA = 16;
    /** AArch64 DWARF number of x29, the frame pointer (x0..x30 are 0..30). */
    public static final int ARM64_FP = 29;
    /** AArch64 DWARF number of x30, the link register. */
    public static final int ARM64_LR = 30;
    /** AArch64 DWARF number of SP. */
    public static final int ARM64_SP = 31;
    /** AArch64 DWARF number of PC. */
    public static final int ARM64_PC = 32;

    private final long[] values = new long[CfiRow.REGS];
    private long known;

    /** An empty set: no register known. */
    public Registers() {
    }

    private Registers(long[] values, long known) {
        System.arraycopy(values, 0, this.values, 0, values.length);
        this.known = known;
    }

    /**
     * The value of register {@code reg}.
     *
     * @param reg a DWARF register number
     * @return its value, empty when unknown or out of range
     */
    public OptionalLong get(int reg) {
        if (reg < 0 || reg >= CfiRow.REGS || (known & (1L << reg)) == 0) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(values[reg]);
    }

    /**
     * Records the value of register {@code reg}; numbers out of range are ignored.
     *
     * @param reg   a DWARF register number
     * @param value its value
     * @return this set, for chaining
     */
    public Registers set(int reg, long value) {
        if (reg >= 0 && reg < CfiRow.REGS) {
            values[reg] = value;
            known |= 1L << reg;
        }
        return this;
    }

    /**
     * Marks register {@code reg} unknown (a caller's register whose value cannot be recovered).
     *
     * @param reg a DWARF register number
     * @return this set, for chaining
     */
    public Registers forget(int reg) {
        if (reg >= 0 && reg < CfiRow.REGS) {
            known &= ~(1L << reg);
        }
        return this;
    }

    /**
     * An independent copy, so that a caller's registers can be derived without changing the callee's.
     *
     * @return a new set with the same values and known registers
     */
    public Registers copy() {
        return new Registers(values, known);
    }
}
