package dev.crashkit.symbolicate.demangle.detect;

import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.demangle.cpp.ItaniumDemangler;
import dev.crashkit.symbolicate.demangle.swift.DemangleOptions;
import dev.crashkit.symbolicate.demangle.swift.SwiftDemangler;

/**
 * Replaces the mangled names inside free text (crash logs, {@code nm} output) by their demanglings, as
 * {@code llvm-cxxfilt} and {@code swift-demangle} do when they filter standard input, with one tokenisation
 * for both schemes.
 *
 * <p>The text is split into words of {@code [A-Za-z0-9_.$]}, the characters both tools accept in a mangled
 * name, and only a whole word is a candidate: a mangled name starts at a word boundary. A word is demangled
 * as C++ when llvm-cxxfilt would ({@code _Z}, {@code __Z}, ...), as Swift when it starts with a Swift
 * prefix ({@code _T}, {@code $s}, {@code _$s}, {@code $S}, {@code $e}, ..., or {@code @__swiftmacro_} with its
 * {@code @}); everything else, and every word that does not demangle, is copied unchanged. So a
 * {@code _T0_} inside a C++ name ({@code ...EEEvOT_T0_}) is part of that name, not an old Swift symbol.
 *
 * <p>Like swift-demangle's own tests (test/Demangle/usr.swift, stdin.swift) two spellings without the
 * {@code $} are accepted when they demangle: a USR {@code s:4main3fooyyF}, and a line that is one word
 * starting with {@code s}, {@code S} or {@code e} (a name whose {@code $} the shell ate).
 */
public final class TextDemangler {

    private static final String MACRO_PREFIX = "__swiftmacro_";
    private static final ItaniumDemangler CPP = new ItaniumDemangler();

    private TextDemangler() {
    }

    /** True for the characters a mangled name is made of (both tools' word characters). */
    static boolean isWordChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.'
                || c == '$';
    }

    /**
     * {@code text} with every mangled name demangled; Swift names in {@code swift} style, C++ in full.
     *
     * @param text free text, e.g. a crash log
     * @param swift the printing options for Swift names
     * @return the text with its mangled names replaced, or {@code text} itself as a string when none demangles
     */
    public static String demangle(CharSequence text, DemangleOptions swift) {
        StringBuilder out = null;
        int copied = 0;
        int n = text.length();
        int i = 0;
        boolean lineHasText = false; // anything but blanks before the current word on its line
        while (i < n) {
            char c = text.charAt(i);
            if (!isWordChar(c)) {
                if (c == '\n') {
                    lineHasText = false;
                } else if (!Character.isWhitespace(c)) {
                    lineHasText = true;
                }
                i++;
                continue;
            }
            int start = i;
            while (i < n && isWordChar(text.charAt(i))) {
                i++;
            }
            int end = i;
            if (start > 0 && text.charAt(start - 1) == '@' && startsWith(text, start, end, MACRO_PREFIX)) {
                start--; // "@__swiftmacro_..." is one Swift name
            }
            String word = text.subSequence(start, end).toString();
            String replaced = word(word, swift);
            if (replaced == null && word.equals("s") && end + 1 < n && text.charAt(end) == ':'
                    && isWordChar(text.charAt(end + 1))) {
                // A USR: "s:" + mangling without its prefix.
                int usrEnd = end + 1;
                while (usrEnd < n && isWordChar(text.charAt(usrEnd))) {
                    usrEnd++;
                }
                replaced = ifDemangled("$s" + text.subSequence(end + 1, usrEnd), swift);
                if (replaced != null) {
                    end = usrEnd;
                    i = usrEnd;
                }
            }
            // The first word of a line is the only one that can be the whole line: each line is scanned once.
            if (replaced == null && !lineHasText && startsLikeSwiftWithoutDollar(word) && restIsBlank(text, end)) {
                replaced = ifDemangled("$" + word, swift);
            }
            lineHasText = true;
            if (replaced != null) {
                if (out == null) {
                    out = new StringBuilder(n + 64);
                }
                out.append(text, copied, start).append(replaced);
                copied = end;
            }
        }
        if (out == null) {
            return text.toString();
        }
        return out.append(text, copied, n).toString();
    }

    /** The demangling of one word, or null when it is no mangled name (or does not demangle). */
    private static String word(String w, DemangleOptions swift) {
        if (CPP.recognizes(w)) { // _Z..., Mach-O __Z..., blocks, .-prefixed and __imp_ words as llvm-cxxfilt
            String r = ItaniumDemangler.demangleToken(w);
            return r.equals(w) ? null : r;
        }
        if (hasSwiftPrefix(w)) {
            return ifDemangled(w, swift);
        }
        return null;
    }

    private static String ifDemangled(String name, DemangleOptions swift) {
        String r = SwiftDemangler.instance().demangle(name, swift);
        return r.equals(name) ? null : r;
    }

    /** {@code _T}, {@code $s}/{@code $S}/{@code $e}, each after at most one extra {@code _}; {@code @__swiftmacro_}. */
    private static boolean hasSwiftPrefix(String w) {
        int i = w.startsWith("__") ? 1 : 0; // swift-demangle drops one extra leading underscore
        if (w.startsWith("_T", i)) {
            return true;
        }
        if (w.startsWith("_", i)) {
            i++;
        }
        return w.startsWith("$s", i) || w.startsWith("$S", i) || w.startsWith("$e", i)
                || w.startsWith("@" + MACRO_PREFIX);
    }

    private static boolean startsLikeSwiftWithoutDollar(String w) {
        char c = w.charAt(0);
        return w.length() > 2 && (c == 's' || c == 'S' || c == 'e');
    }

    /** True when only blanks follow {@code end} up to the end of its line. */
    private static boolean restIsBlank(CharSequence t, int end) {
        for (int i = end; i < t.length() && t.charAt(i) != '\n'; i++) {
            if (!Character.isWhitespace(t.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean startsWith(CharSequence t, int from, int to, String prefix) {
        return to - from >= prefix.length() && t.subSequence(from, from + prefix.length()).toString().equals(prefix);
    }
}
