package dev.crashkit.core;


/** A crash report could not be read: unreadable, not a known format, or invalid for its format. */
public class ReportException extends CrashkitException {
    public ReportException(String message) {
        super(message);
    }

    public ReportException(String message, Throwable cause) {
        super(message, cause);
    }
}
