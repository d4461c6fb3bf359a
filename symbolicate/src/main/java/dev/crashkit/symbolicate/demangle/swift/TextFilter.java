package dev.crashkit.symbolicate.demangle.swift;

/** Finds mangled names inside free text (crash reports, logs) and demangles them in place. */
final class TextFilter {
    private TextFilter() {
    }

    private static boolean isSymbolChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$'
                || c == '.';
    }

    /** Length of a name prefix starting at {@code i}, or 0. */
    private static int prefixAt(String s, int i) {
        if (s.startsWith("_T", i)) {
            return 2;
        }
        if (s.startsWith("@__swiftmacro_", i)) {
            return 14;
        }
        int j = i;
        if (j < s.length() && s.charAt(j) == '_') {
            j++;
        }
        if (j + 1 < s.length() && s.charAt(j) == '$') {
            char c = s.charAt(j + 1);
            if (c == 's' || c == 'S' || c == 'e' || c == 'E') {
                return j + 2 - i;
            }
        }
        return 0;
    }

    static String filter(SwiftDemangler d, String text, DemangleOptions options) {
        StringBuilder out = null;
        int copied = 0;
        int i = 0;
        int n = text.length();
        while (i < n) {
            int p = prefixAt(text, i);
            if (p == 0) {
                i++;
                continue;
            }
            int end = i + p;
            while (end < n && isSymbolChar(text.charAt(end))) {
                end++;
            }
            if (end == i + p) {
                i++;
                continue;
            }
            String name = text.substring(i, end);
            String dem = d.demangle(name, options);
            if (out == null) {
                out = new StringBuilder(n + 64);
            }
            out.append(text, copied, i).append(dem);
            copied = end;
            i = end;
        }
        if (out == null) {
            return text;
        }
        return out.append(text, copied, n).toString();
    }
}
