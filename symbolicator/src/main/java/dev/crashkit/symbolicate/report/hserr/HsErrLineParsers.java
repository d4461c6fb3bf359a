package dev.crashkit.symbolicate.report.hserr;

import dev.crashkit.symbolicate.report.JsonTrees;
import dev.crashkit.symbolicate.report.PresetSymbol;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parsers for the one-line shapes of an hs_err log: frame lines and {@code Dynamic libraries:} lines.
 * Every pattern is anchored and bounded; callers skip lines over {@link #MAX_PARSED_LINE}.
 */
final class HsErrLineParsers {

    /** Lines longer than this are kept but never parsed (no frame or map line comes near it). */
    static final int MAX_PARSED_LINE = 8192;

    /** {@code 7f..-7f.. r-xp 00000000 08:01 123   /path}: a Linux maps line, the path optional. */
    private static final Pattern LINUX_MAP = Pattern.compile(
            "^([0-9a-fA-F]{1,16})-([0-9a-fA-F]{1,16})\\s{1,8}([-rwxsp]{4})\\s{1,8}[0-9a-fA-F]{1,16}\\s{1,8}"
                    + "[0-9a-fA-F]{1,8}:[0-9a-fA-F]{1,8}\\s{1,8}\\d{1,20}(?:\\s{1,64}(.*))?$");
    /** {@code 0x... - 0x... \tpath}: Windows. */
    private static final Pattern RANGE_MAP = Pattern.compile(
            "^0x([0-9a-fA-F]{1,16})\\s{0,8}-\\s{0,8}0x([0-9a-fA-F]{1,16})\\s{1,64}(\\S.*)$");
    /** {@code 0x... \tpath}: macOS, the image's load address. */
    private static final Pattern START_MAP = Pattern.compile("^0x([0-9a-fA-F]{1,16})\\s{1,64}(\\S.*)$");

    /** JDK 17+ debug builds append {@code  (file.cpp:551)} to a frame's name. */
    private static final Pattern SOURCE_TAIL = Pattern.compile("\\s{1,8}\\(([^()\\s]{1,512}):(\\d{1,9})\\)$");
    /** {@code J 123 c2 Foo.baz()V module (10 bytes) @ 0x... [0x...+0x...]} (tier and module optional). */
    private static final Pattern COMPILED = Pattern.compile(
            "^(\\S{1,64}%?)\\s{1,8}(?:(?i:c1|c2|jvmci)\\s{1,8})?(.+?) \\(\\d{1,10} bytes\\) @ 0x([0-9a-fA-F]{1,16})"
                    + "(?: \\[0x[0-9a-fA-F]{1,16}\\+0x([0-9a-fA-F]{1,16})\\])?.*$");

    private HsErrLineParsers() {
    }

    /** True for a line of a frame list: a kind letter and a blank ({@code C  [...]}, {@code J 6  ...}). */
    static boolean isFrameLine(String line) {
        if (line.length() < 3 || line.charAt(1) != ' ') {
            return false;
        }
        char k = line.charAt(0);
        return k == 'C' || k == 'V' || k == 'j' || k == 'J' || k == 'A' || k == 'v';
    }

    /** The frame a frame line gives ({@link #isFrameLine} must hold). */
    static HsErrFrame frame(int index, String line) {
        char kind = line.charAt(0);
        int ours = line.indexOf(HsErrWriter.MARK);
        // A log we symbolicated before: what follows the mark is ours, not HotSpot's.
        String rest = (ours > 0 ? line.substring(1, ours) : line.substring(1)).strip();
        if (kind == 'C' || kind == 'V') {
            return nativeFrame(index, kind, rest);
        }
        if (kind == 'J' || kind == 'A') {
            Matcher m = COMPILED.matcher(rest);
            if (m.matches()) {
                OptionalLong pc = JsonTrees.parseUnsigned("0x" + m.group(3));
                OptionalLong off = m.group(4) == null ? OptionalLong.empty() : JsonTrees.parseUnsigned("0x" + m.group(4));
                return new HsErrFrame(index, kind, Optional.empty(), OptionalLong.empty(), pc,
                        Optional.of(new PresetSymbol(m.group(2).strip(), off, Optional.empty(), OptionalInt.empty())));
            }
        }
        // j, v and unrecognised J/A lines: the name as printed.
        return new HsErrFrame(index, kind, Optional.empty(), OptionalLong.empty(), OptionalLong.empty(),
                rest.isEmpty() ? Optional.empty() : Optional.of(new PresetSymbol(rest, OptionalLong.empty(),
                        Optional.empty(), OptionalInt.empty())));
    }

    /** {@code [lib+0xOFF]  name+0xOFF}, {@code [lib+0xOFF]}, or {@code 0xPC  name+0xOFF}. */
    private static HsErrFrame nativeFrame(int index, char kind, String rest) {
        Optional<String> library = Optional.empty();
        OptionalLong offset = OptionalLong.empty();
        OptionalLong pc = OptionalLong.empty();
        String tail;
        if (rest.startsWith("[")) {
            int close = rest.indexOf(']');
            if (close < 0) {
                return unparsed(index, kind);
            }
            String inside = rest.substring(1, close);
            int plus = inside.lastIndexOf("+0x");
            if (plus > 0) {
                library = Optional.of(inside.substring(0, plus));
                offset = JsonTrees.parseUnsigned(inside.substring(plus + 1));
            } else if (!inside.isEmpty()) {
                library = Optional.of(inside);
            }
            tail = rest.substring(close + 1).strip();
        } else if (rest.startsWith("0x")) {
            int end = 2;
            while (end < rest.length() && Character.digit(rest.charAt(end), 16) >= 0) {
                end++;
            }
            pc = JsonTrees.parseUnsigned(rest.substring(0, end));
            tail = rest.substring(end).strip();
        } else {
            tail = rest;
        }
        return new HsErrFrame(index, kind, library, offset, pc, symbol(tail));
    }

    private static HsErrFrame unparsed(int index, char kind) {
        return new HsErrFrame(index, kind, Optional.empty(), OptionalLong.empty(), OptionalLong.empty(),
                Optional.empty());
    }

    /** {@code name+0xOFF [ (file:line)]}; a name without offset is kept as printed. */
    private static Optional<PresetSymbol> symbol(String tail) {
        if (tail.isEmpty()) {
            return Optional.empty();
        }
        Optional<String> file = Optional.empty();
        OptionalInt line = OptionalInt.empty();
        String t = tail;
        Matcher src = SOURCE_TAIL.matcher(t);
        if (src.find()) {
            file = Optional.of(src.group(1));
            line = OptionalInt.of(Integer.parseInt(src.group(2)));
            t = t.substring(0, src.start()).strip();
        }
        int plus = t.lastIndexOf("+0x");
        OptionalLong off = plus > 0 ? JsonTrees.parseUnsigned(t.substring(plus + 1)) : OptionalLong.empty();
        String name = off.isPresent() ? t.substring(0, plus) : t;
        return name.isEmpty() ? Optional.empty() : Optional.of(new PresetSymbol(name, off, file, line));
    }

    /** A {@code Dynamic libraries:} line, when it is one with a file. */
    static Optional<Mapping> mapping(String line) {
        Matcher m = LINUX_MAP.matcher(line);
        if (m.matches()) {
            String path = m.group(4) == null ? "" : m.group(4).strip();
            if (path.endsWith(" (deleted)")) {
                path = path.substring(0, path.length() - " (deleted)".length());
            }
            // Anonymous memory and [heap], [stack], [vdso]: no file to match.
            if (path.isEmpty() || path.startsWith("[")) {
                return Optional.empty();
            }
            return range(m.group(1), m.group(2), m.group(3).charAt(2) == 'x', path);
        }
        Matcher r = RANGE_MAP.matcher(line);
        if (r.matches()) {
            return range(r.group(1), r.group(2), true, r.group(3).strip());
        }
        Matcher s = START_MAP.matcher(line);
        if (s.matches()) {
            OptionalLong start = JsonTrees.parseUnsigned("0x" + s.group(1));
            return start.isEmpty() ? Optional.empty()
                    : Optional.of(new Mapping(start.getAsLong(), start.getAsLong(), true, s.group(2).strip()));
        }
        return Optional.empty();
    }

    private static Optional<Mapping> range(String startHex, String endHex, boolean executable, String path) {
        OptionalLong start = JsonTrees.parseUnsigned("0x" + startHex);
        OptionalLong end = JsonTrees.parseUnsigned("0x" + endHex);
        if (start.isEmpty() || end.isEmpty() || Long.compareUnsigned(end.getAsLong(), start.getAsLong()) < 0) {
            return Optional.empty(); // a garbled line: ignored, as unparsable ones are
        }
        return Optional.of(new Mapping(start.getAsLong(), end.getAsLong(), executable, path));
    }
}
