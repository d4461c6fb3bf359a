package dev.crashkit.spark;

/** Exit codes of the job command (README "Spark"). */
final class ExitCodes {
    /** The job ran; every report has a row (failed reports included). */
    static final int OK = 0;
    /** Bad option, missing argument, or Spark not on the classpath. */
    static final int USAGE = 2;
    /** An input matches nothing, the output folder is not empty, a --dsym path is unreadable. */
    static final int INVALID_INPUT = 3;
    /** The Spark job itself failed (a bug or a cluster problem). */
    static final int INTERNAL_ERROR = 4;

    private ExitCodes() {
    }
}
