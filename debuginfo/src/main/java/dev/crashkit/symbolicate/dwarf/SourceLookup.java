package dev.crashkit.symbolicate.dwarf;

import java.util.List;

/**
 * Source locations and inline chains by link-time address: what {@link DwarfContext} answers
 * from the DWARF itself and a symbol cache answers from its flattened copy, frame for frame alike.
 */
public interface SourceLookup {

    /**
     * The inline chain at a link-time address, innermost first, the concrete function last; empty
     * when the debug information does not cover it.
     *
     * @throws DwarfException when the debug information needed for this address is corrupt
     */
    List<SourceFrame> lookup(long address) throws DwarfException;

    /**
     * A hint that {@code addresses} are about to be looked up: a lookup that decodes on first use
     * may decode what they need now, in parallel. Answers are the same with or without it (a
     * problem found is kept for the lookup that meets it).
     */
    default void prepare(long[] addresses) {
    }

    /**
     * What answers, as frames name their source: "dwarf" for DWARF and caches built from it,
     * "breakpad" for a Breakpad symbol file.
     */
    default String sourceName() {
        return "dwarf";
    }
}
