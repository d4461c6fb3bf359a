package dev.crashkit.symbolicate.cli;

/** Process exit codes of every command (documented in the README). */
public final class ExitCodes {
    /** Everything symbolicated that could be. */
    public static final int OK = 0;
    /** Done, but some images had no debug file (or it could not be read). */
    public static final int MISSING_DEBUG_FILES = 1;
    /** Bad command line. */
    public static final int USAGE = 2;
    /** An input (report, debug file, folder) could not be read or is invalid. */
    public static final int INVALID_INPUT = 3;
    /** A bug in this tool; the message says where. */
    public static final int INTERNAL_ERROR = 4;

    private ExitCodes() {
    }
}
