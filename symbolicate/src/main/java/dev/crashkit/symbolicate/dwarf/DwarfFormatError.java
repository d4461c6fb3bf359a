package dev.crashkit.symbolicate.dwarf;

/**
 * Internal unchecked carrier for bad DWARF found deep inside the decoders; {@link DwarfContext}
 * turns it (and buffer overruns) into a checked {@link DwarfException} at the public boundary,
 * so the many small readers need no throws clauses.
 */
final class DwarfFormatError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    DwarfFormatError(String message) {
        super(message, null, false, false);
    }
}
