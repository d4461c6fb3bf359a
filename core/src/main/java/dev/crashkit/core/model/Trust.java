package dev.crashkit.core.model;

import java.util.Locale;
import java.util.Optional;

/**
 * How an unwound frame's address was found, from most to least certain. It also steers the walk: the
 * unwinder scans the stack for a frame's caller over many words only when the frame itself came from
 * the registers or from CFI (its stack pointer is exact), and over a few after FP or SCAN.
 */
public enum Trust {
    /** Read from the thread's registers (its PC). */
    CONTEXT,
    /** Recovered with DWARF call-frame information ({@code .eh_frame} / {@code .debug_frame}). */
    CFI,
    /**
     * Followed the frame-pointer chain, validated against the stack bounds (on arm64 also a leaf's
     * caller taken from the link register when no CFI covers the leaf).
     */
    FP,
    /** Found by scanning the stack for a word that returns just after a call instruction. */
    SCAN;

    /** Made once: writers print it for every frame of a captured report. */
    private final String label = name().toLowerCase(Locale.ROOT);

    /**
     * The label written in reports.
     *
     * @return {@code context}, {@code cfi}, {@code fp} or {@code scan}
     */
    public String label() {
        return label;
    }

    /** The label, so that a trust prints as reports spell it. */
    @Override
    public String toString() {
        return label();
    }

    /**
     * Parses a report label.
     *
     * @param label a label as {@link #label()} writes it (case-sensitive)
     * @return the trust, or empty for anything else
     */
    public static Optional<Trust> fromLabel(String label) {
        for (Trust t : values()) {
            if (t.label().equals(label)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
