package dev.crashkit.symbolicate.report.hserr;

import java.util.Arrays;

/**
 * A log's text and where each line starts: one string and an int per line, not a string per line (a log
 * of millions of lines costs its text and four bytes a line). Lines end at {@code \n}; a {@code \r}
 * before it belongs to the terminator, so lines are written back byte for byte.
 */
final class HsErrText {
    private final String text;
    /** Start of line i, and at {@code [count]} the text's length. */
    private final int[] starts;
    private final int count;

    private HsErrText(String text, int[] starts, int count) {
        this.text = text;
        this.starts = starts;
        this.count = count;
    }

    /** Splits once, in linear time. */
    static HsErrText of(String text) {
        int[] starts = new int[Math.max(16, text.length() / 64)];
        int n = 0;
        int from = 0;
        while (from < text.length()) {
            if (n + 1 >= starts.length) {
                starts = Arrays.copyOf(starts, starts.length * 2);
            }
            starts[n++] = from;
            int nl = text.indexOf('\n', from);
            from = nl < 0 ? text.length() : nl + 1;
        }
        if (n + 1 >= starts.length) {
            starts = Arrays.copyOf(starts, n + 1);
        }
        starts[n] = text.length();
        return new HsErrText(text, starts, n);
    }

    int lines() {
        return count;
    }

    /** Line {@code i} without its terminator. */
    String line(int i) {
        return text.substring(starts[i], contentEnd(i));
    }

    /** Length of line {@code i} without its terminator (no substring made). */
    int length(int i) {
        return contentEnd(i) - starts[i];
    }

    /** Line {@code i}'s terminator: {@code "\n"}, {@code "\r\n"} or empty at the end of the text. */
    String terminator(int i) {
        return text.substring(contentEnd(i), starts[i + 1]);
    }

    private int contentEnd(int i) {
        int end = starts[i + 1];
        if (end > starts[i] && text.charAt(end - 1) == '\n') {
            end--;
            if (end > starts[i] && text.charAt(end - 1) == '\r') {
                end--;
            }
        }
        return end;
    }

    /** Appends line {@code i} with its terminator to {@code out}. */
    void appendWhole(int i, Appendable out) throws java.io.IOException {
        out.append(text, starts[i], starts[i + 1]);
    }
}
