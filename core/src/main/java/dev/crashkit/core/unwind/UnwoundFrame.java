package dev.crashkit.core.unwind;

import dev.crashkit.core.model.Trust;

/**
 * One frame produced by the {@link Unwinder}.
 *
 * @param address the PC (frame 0) or a return address (every other frame)
 * @param trust   how it was found
 * @param exactPc the address is an exact PC although the frame is not the first: a signal
 *                trampoline, or the instruction a signal interrupted (read from the saved context)
 */
public record UnwoundFrame(long address, Trust trust, boolean exactPc) {

    /**
     * A frame as unwinders give most: frame 0's PC or a return address.
     *
     * @param address the PC (frame 0) or a return address
     * @param trust   how it was found
     */
    public UnwoundFrame(long address, Trust trust) {
        this(address, trust, false);
    }

    /**
     * This frame marked as an exact PC.
     *
     * @return a copy with {@code exactPc} set
     */
    public UnwoundFrame asExactPc() {
        return new UnwoundFrame(address, trust, true);
    }
}
