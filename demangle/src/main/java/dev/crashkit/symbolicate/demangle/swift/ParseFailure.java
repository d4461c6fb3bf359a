package dev.crashkit.symbolicate.demangle.swift;

/**
 * Signals that the input is not a valid mangling. Internal control flow only: a single preallocated
 * instance without stack trace keeps failure as cheap as a return code; it never escapes the package.
 */
final class ParseFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;
    static final ParseFailure INSTANCE = new ParseFailure();

    private ParseFailure() {
        super("invalid mangling", null, false, false);
    }
}
