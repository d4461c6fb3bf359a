package dev.crashkit.core.unwind;

import java.util.Optional;

/** Finds the FDE covering a PC within one image's call-frame information. */
public interface FdeIndex {
    /** The FDE whose range holds {@code pc}, empty when none does. */
    Optional<Fde> find(long pc) throws CfiException;
}
