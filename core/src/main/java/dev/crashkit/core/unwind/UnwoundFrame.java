package dev.crashkit.core.unwind;

import dev.crashkit.core.model.Trust;

/**
 * One frame produced by the {@link Unwinder}.
 *
 * @param address the PC (frame 0) or a return address (every other frame)
 * @param trust   how it was found
 */
public record UnwoundFrame(long address, Trust trust) {
}
