package dev.crashkit.symbolicate.group;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A Java stack trace as {@code Throwable.printStackTrace} prints it: the top-level exception's class
 * and its {@code at} frames as {@code package.Class.method} (file and line dropped: they move with
 * every edit of the file, the method does not).
 */
record JavaTrace(String exceptionClass, List<String> frames) {
    private static final List<String> JDK_PREFIXES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");

    JavaTrace {
        frames = List.copyOf(frames);
    }

    static Optional<JavaTrace> parse(String text) {
        String[] lines = text.split("\r?\n");
        int first = 0;
        while (first < lines.length && lines[first].isBlank()) {
            first++;
        }
        if (first == lines.length) {
            return Optional.empty();
        }
        String head = lines[first].strip();
        if (head.startsWith("Exception in thread \"")) {
            int close = head.indexOf("\" ", "Exception in thread \"".length());
            head = close > 0 ? head.substring(close + 2) : head;
        }
        int colon = head.indexOf(':');
        String cls = (colon >= 0 ? head.substring(0, colon) : head).strip();
        if (cls.isEmpty() || cls.indexOf(' ') >= 0) {
            return Optional.empty();
        }
        List<String> frames = new ArrayList<>();
        for (int i = first + 1; i < lines.length; i++) {
            String l = lines[i].strip();
            if (l.startsWith("Caused by:") || l.startsWith("Suppressed:")) {
                break; // only the top-level exception's own frames
            }
            if (!l.startsWith("at ")) {
                continue;
            }
            String f = l.substring(3);
            int paren = f.indexOf('(');
            if (paren >= 0) {
                f = f.substring(0, paren);
            }
            // "app//com.example.Main.run" or "java.base/java.lang.Thread.run": drop loader/module.
            int slash = f.lastIndexOf('/');
            frames.add(f.substring(slash + 1).strip());
        }
        return Optional.of(new JavaTrace(cls, frames));
    }

    /** Up to {@code max} frames outside the JDK and the capture; all frames' top when none are. */
    List<String> signatureFrames(int max) {
        List<String> own = new ArrayList<>();
        for (String f : frames) {
            if (own.size() == max) {
                break;
            }
            if (!isJdk(f) && !AppImages.isCaptureSymbol(f)) {
                own.add(f);
            }
        }
        if (!own.isEmpty()) {
            return own;
        }
        List<String> any = new ArrayList<>();
        for (String f : frames) {
            if (any.size() == max) {
                break;
            }
            if (!AppImages.isCaptureSymbol(f)) {
                any.add(f);
            }
        }
        return any;
    }

    private static boolean isJdk(String frame) {
        for (String p : JDK_PREFIXES) {
            if (frame.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
