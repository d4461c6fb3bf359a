package dev.crashkit.symbolicate.demangle.swift;

/**
 * Reading position over the bytes of one mangled name, shared by the new ({@code $s}) and old
 * ({@code _T}) mangling parsers.
 */
abstract class MangledCursor {
    byte[] text;
    int pos;
    int end;

    /** The current byte, or 0 at the end. */
    int peek() {
        return pos < end ? text[pos] & 0xFF : 0;
    }

    /** Consumes {@code c} if it is next. */
    boolean nextIf(char c) {
        if (pos < end && text[pos] == c) {
            pos++;
            return true;
        }
        return false;
    }

    /** Consumes {@code s} if it comes next. */
    boolean nextIf(String s) {
        int n = s.length();
        if (pos + n > end) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (text[pos + i] != s.charAt(i)) {
                return false;
            }
        }
        pos += n;
        return true;
    }
}
