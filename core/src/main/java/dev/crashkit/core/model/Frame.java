package dev.crashkit.core.model;

import java.util.Objects;
import java.util.Optional;

/**
 * One raw stack frame.
 *
 * @param address       the address as recorded (may still carry arm64e pointer-authentication bits)
 * @param returnAddress true for return addresses (every frame but a thread's first, a signal
 *                      trampoline and the frame a signal interrupted): they are looked up at
 *                      {@code address - 1} so that a call at a function's end is not blamed on the
 *                      next function; the others are exact PCs, looked up as they are
 * @param trust         how the capturing unwinder found it, when the report says
 */
public record Frame(long address, boolean returnAddress, Optional<Trust> trust) {
    public Frame {
        Objects.requireNonNull(trust, "trust");
    }

    /** A frame without a trust label (every format but our own capture's). */
    public Frame(long address, boolean returnAddress) {
        this(address, returnAddress, Optional.empty());
    }

    /** This frame as an exact PC (a signal trampoline, or the instruction a signal interrupted). */
    public Frame asExactPc() {
        return returnAddress ? new Frame(address, false, trust) : this;
    }
}
