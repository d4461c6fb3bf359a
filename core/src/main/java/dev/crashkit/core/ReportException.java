package dev.crashkit.core;


/** A crash report could not be read: unreadable, not a known format, or invalid for its format. */
public class ReportException extends CrashkitException {
    /**
     * Creates the exception.
     *
     * @param message what is wrong; made one line and bounded in length
     */
    public ReportException(String message) {
        super(message);
    }

    /**
     * Creates the exception with its cause.
     *
     * @param message what is wrong; made one line and bounded in length
     * @param cause the underlying error
     */
    public ReportException(String message, Throwable cause) {
        super(message, cause);
    }
}
