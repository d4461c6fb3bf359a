package dev.crashkit.core.unwind;

import dev.crashkit.core.model.Frame;

/**
 * A Frame Description Entry: the CFA rules for the code in {@code [pcBegin, pcEnd)}.
 *
 * @param address      where the entry starts
 * @param instructions the FDE's CFA instructions (run after the CIE's initial ones)
 */
public record Fde(long address, Cie cie, long pcBegin, long pcEnd, byte[] instructions) {
    /**
     * True when {@code pc} lies in this FDE's range.
     *
     * @param pc the address to test
     * @return whether {@code pc} is in {@code [pcBegin, pcEnd)}
     */
    public boolean covers(long pc) {
        return Long.compareUnsigned(pc, pcBegin) >= 0 && Long.compareUnsigned(pc, pcEnd) < 0;
    }
}
