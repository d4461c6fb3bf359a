package dev.crashkit.core.unwind;

import java.util.Optional;

/** Finds the FDE covering a PC within one image's call-frame information. */
public interface FdeIndex {
    /**
     * The FDE whose range holds {@code pc}, empty when none does.
     *
     * @param pc the address to look up
     * @return the covering FDE
     * @throws CfiException when the entry to read is truncated or malformed
     */
    Optional<Fde> find(long pc) throws CfiException;
}
