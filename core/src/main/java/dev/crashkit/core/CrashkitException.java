package dev.crashkit.core;

import java.io.IOException;

/**
 * Root of every checked error the symbolicator reports for bad input. Messages are one line and
 * name the file and the problem, so that the CLI can print them as they are.
 */
public class CrashkitException extends IOException {
    public CrashkitException(String message) {
        super(message);
    }

    public CrashkitException(String message, Throwable cause) {
        super(message, cause);
    }
}
