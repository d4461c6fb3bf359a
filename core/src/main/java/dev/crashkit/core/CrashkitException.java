package dev.crashkit.core;

import java.io.IOException;

/**
 * Root of every checked error the symbolicator reports for bad input. Messages are one line and
 * name the file and the problem, so that the CLI can print them as they are.
 */
public class CrashkitException extends IOException {
    /** Longer messages are cut: they echo input (a value, a member name) that can be arbitrarily long. */
    static final int MAX_MESSAGE = 4096;

    /**
     * Creates the exception.
     *
     * @param message what is wrong; made one line and bounded in length
     */
    public CrashkitException(String message) {
        super(oneLine(message));
    }

    /**
     * Creates the exception with its cause.
     *
     * @param message what is wrong; made one line and bounded in length
     * @param cause the underlying error
     */
    public CrashkitException(String message, Throwable cause) {
        super(oneLine(message), cause);
    }

    /**
     * The message as one printable line: messages quote untrusted input (a JSON string with an escaped
     * {@code \r}, an archive member named with a newline), so control and line-separator characters are
     * written as escapes (a backslash and n, r, t, or u and four hex digits) and the length is bounded.
     */
    static String oneLine(String message) {
        if (message == null) {
            return null;
        }
        StringBuilder sb = null;
        int n = Math.min(message.length(), MAX_MESSAGE);
        for (int i = 0; i < n; i++) {
            char c = message.charAt(i);
            boolean control = c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == '\u2028' || c == '\u2029';
            if (control && sb == null) {
                sb = new StringBuilder(n + 16).append(message, 0, i);
            }
            if (sb == null) {
                continue;
            }
            switch (c) {
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (control) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        String line = sb == null ? message.substring(0, n) : sb.toString();
        return message.length() > MAX_MESSAGE ? line + "... (" + message.length() + " characters)" : line;
    }
}
