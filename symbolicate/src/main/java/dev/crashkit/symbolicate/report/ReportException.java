package dev.crashkit.symbolicate.report;

import dev.crashkit.symbolicate.SymbolicationException;

/** A crash report could not be read: unreadable, not a known format, or invalid for its format. */
public class ReportException extends SymbolicationException {
    public ReportException(String message) {
        super(message);
    }

    public ReportException(String message, Throwable cause) {
        super(message, cause);
    }
}
