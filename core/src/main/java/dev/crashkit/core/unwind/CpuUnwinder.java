package dev.crashkit.core.unwind;

import java.util.Optional;

/**
 * How one CPU finds a frame's caller, as rust-minidump's {@code minidump-unwind/src/{amd64,arm64}.rs}
 * do: call-frame information first, then the frame-pointer record, then a stack scan bounded by the
 * callee's trust ({@link StackScan}), each answer checked before it is taken. The walk itself (frame
 * limit, progress up the stack) is the {@link Unwinder}'s, the same for every CPU.
 */
sealed interface CpuUnwinder permits X86_64Unwinder, Arm64Unwinder {

    /** DWARF number of the register holding the PC. */
    int pcRegister();

    /** DWARF number of the stack pointer. */
    int spRegister();

    /**
     * The caller of {@code callee}, empty when no method finds a plausible one (the walk ends).
     *
     * @param stackEnd one past the highest stack address to trust
     */
    Optional<CallerStep> caller(CalleeFrame callee, long stackEnd);
}
