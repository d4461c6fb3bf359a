package dev.crashkit.symbolicate.demangle.cpp;

import java.util.function.UnaryOperator;

/**
 * Splits text into the words a mangled name can form ({@code [A-Za-z0-9_.$]+}) and the
 * delimiters between them, the way {@code llvm-cxxfilt} does when it filters standard input.
 */
public final class WordFilter {

    private WordFilter() {
    }

    /**
     * Characters that can appear in an Itanium mangled name ('$' and '.' are reserved for implementations).
     *
     * @param c a character
     * @return whether {@code c} is one of {@code [A-Za-z0-9_.$]}
     */
    public static boolean isWordChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
            || c == '_' || c == '.' || c == '$';
    }

    /**
     * Returns {@code text} with every word replaced by {@code replace.apply(word)}; delimiters are kept.
     *
     * @param text the text to filter
     * @param replace maps one word to its replacement
     * @return the filtered text
     */
    public static String replaceWords(CharSequence text, UnaryOperator<String> replace) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (!isWordChar(c)) {
                out.append(c);
                i++;
                continue;
            }
            int start = i;
            while (i < n && isWordChar(text.charAt(i))) {
                i++;
            }
            out.append(replace.apply(text.subSequence(start, i).toString()));
        }
        return out.toString();
    }
}
