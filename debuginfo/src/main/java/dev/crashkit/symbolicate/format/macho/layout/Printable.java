package dev.crashkit.symbolicate.format.macho.layout;

/**
 * A string from the file made safe for a one-line message: control characters escaped, at most
 * {@value #MAX} characters, quoted. A hostile name must not break a warning into several lines
 * (found by fuzzing: an export trie edge holding a newline).
 */
public final class Printable {
    static final int MAX = 80;

    private Printable() {
    }

    public static String quote(String s) {
        StringBuilder b = new StringBuilder(Math.min(s.length(), MAX) + 8).append('"');
        for (int i = 0; i < s.length(); i++) {
            if (i == MAX) {
                b.append("...");
                break;
            }
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f || Character.isISOControl(c) || Character.getType(c) == Character.LINE_SEPARATOR
                    || Character.getType(c) == Character.PARAGRAPH_SEPARATOR) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }
}
