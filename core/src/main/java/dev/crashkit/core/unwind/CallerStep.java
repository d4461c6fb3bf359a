package dev.crashkit.core.unwind;

import dev.crashkit.core.model.Trust;

/**
 * One step up the stack: the caller's registers (PC and SP set) and how they were found.
 *
 * @param signalFrame the step went through a signal trampoline: the caller's PC is the interrupted
 *                    instruction (not a return address) and its SP may equal the callee's
 */
record CallerStep(Registers regs, Trust trust, boolean signalFrame) {
}
