package dev.crashkit.core.model;

import java.util.Objects;
import java.util.Optional;

/**
 * One raw stack frame.
 *
 * @param address         the address as recorded (may still carry arm64e pointer-authentication bits)
 * @param returnAddress   true for return addresses (every frame but a thread's first, a signal
 *                        trampoline and the frame a signal interrupted): they are looked up at
 *                        {@code address - 1} so that a call at a function's end is not blamed on the
 *                        next function; the others are exact PCs, looked up as they are
 * @param trust           how the capturing unwinder found it, when the report says
 * @param reported        the names the report itself gives the frame, when it gives any
 * @param keptFromCapture true when an offline re-unwind could not rebuild this frame and kept the
 *                        capture's instead
 */
public record Frame(long address, boolean returnAddress, Optional<Trust> trust, Optional<ReportedFrame> reported,
                    boolean keptFromCapture) {
    /**
     * Checks that {@code trust} and {@code reported} are not null (absent is {@code Optional.empty()}).
     *
     * @param address the address as recorded
     * @param returnAddress whether it is a return address, looked up at {@code address - 1}
     * @param trust how the capturing unwinder found it, when the report says
     * @param reported the names the report gives the frame, when any
     * @param keptFromCapture whether a re-unwind kept this frame from the capture
     */
    public Frame {
        Objects.requireNonNull(trust, "trust");
        Objects.requireNonNull(reported, "reported");
    }

    /**
     * A frame without a trust label (every format but our own capture's).
     *
     * @param address the address as recorded
     * @param returnAddress whether it is a return address, looked up at {@code address - 1}
     */
    public Frame(long address, boolean returnAddress) {
        this(address, returnAddress, Optional.empty(), Optional.empty(), false);
    }

    /**
     * A frame as an unwinder found it.
     *
     * @param address the address as recorded
     * @param returnAddress whether it is a return address, looked up at {@code address - 1}
     * @param trust how the unwinder found it, when known
     */
    public Frame(long address, boolean returnAddress, Optional<Trust> trust) {
        this(address, returnAddress, trust, Optional.empty(), false);
    }

    /**
     * A frame with the names its report gives it.
     *
     * @param address the address as recorded
     * @param returnAddress whether it is a return address, looked up at {@code address - 1}
     * @param trust how the unwinder found it, when known
     * @param reported the names the report gives the frame, when any
     */
    public Frame(long address, boolean returnAddress, Optional<Trust> trust, Optional<ReportedFrame> reported) {
        this(address, returnAddress, trust, reported, false);
    }

    /**
     * The same frame marked as kept from the capture by a re-unwind that could not rebuild it.
     *
     * @return a copy with {@code keptFromCapture} set
     */
    public Frame asKeptFromCapture() {
        return new Frame(address, returnAddress, trust, reported, true);
    }

    /**
     * This frame as an exact PC (a signal trampoline, or the instruction a signal interrupted).
     *
     * @return a copy with {@code returnAddress} false, or this frame when it already is an exact PC
     */
    public Frame asExactPc() {
        return returnAddress ? new Frame(address, false, trust, reported, keptFromCapture) : this;
    }
}
