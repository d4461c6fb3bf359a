package dev.crashkit.core.unwind;

import dev.crashkit.core.model.Trust;

/**
 * The frame whose caller a {@link CpuUnwinder} looks for: its registers as far as they are known,
 * how it was found, and where it stands in the walk.
 *
 * @param regs              its registers (PC and SP always known)
 * @param trust             how it was found; steers how far the caller may be scanned for
 * @param index             0 for the innermost frame (the thread's own registers)
 * @param pcReturnAddress   its PC is a return address (look CFI up just before it), not an exact PC
 */
record CalleeFrame(Registers regs, Trust trust, int index, boolean pcReturnAddress) {
}
