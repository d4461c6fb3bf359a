package dev.crashkit.symbolicate.dumpsyms;

import dev.crashkit.core.ObjectFormatException;

/** A file dump-syms cannot describe: its message is one line naming the file and the problem. */
public final class DumpSymsException extends ObjectFormatException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message one line naming the file and the problem
     */
    public DumpSymsException(String message) {
        super(message);
    }
}
