package dev.crashkit.symbolicate.report.applecrash;

import dev.crashkit.symbolicate.report.JsonTrees;
import dev.crashkit.symbolicate.report.PresetSymbol;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parsers for the single-line shapes of a text report: frame lines and binary image lines. */
final class TextLineParsers {

    /** {@code 0xLOAD + OFFSET} optionally followed by KSCrash's {@code (symbol + offset)}. */
    private static final Pattern LOAD_PLUS = Pattern.compile(
            "^0x([0-9a-fA-F]{1,16}) \\+ (\\d{1,20})(?:\\s{1,8}\\((.*) \\+ (\\d{1,20})\\))?$");
    /** {@code symbol + offset} with an optional {@code (file:line)} tail. */
    private static final Pattern SYMBOL_PLUS = Pattern.compile(
            "^(.+?) \\+ (\\d{1,20})(?:\\s{1,8}\\(([^()]+):(\\d{1,9})(?::\\d{1,9})?\\))?$");
    /** {@code symbol (file:line)} without an offset. */
    private static final Pattern SYMBOL_FILE = Pattern.compile(
            "^(.+?)\\s{1,8}\\(([^()]+):(\\d{1,9})(?::\\d{1,9})?\\)$");
    /** Xcode's {@code (in Module)} after a symbol. */
    private static final Pattern IN_MODULE = Pattern.compile("\\s{1,8}\\(in [^()]{0,256}\\)$");

    /** {@code 0xSTART - 0xEND [+]name [arch] [(version)] <uuid> path}. */
    private static final Pattern IMAGE = Pattern.compile(
            "^\\s*(0x[0-9a-fA-F]{1,16})\\s*-\\s*(0x[0-9a-fA-F]{1,16})\\s{1,40}(\\+)?(.+?)\\s{1,8}(\\S{1,64})"
                    + "(?:\\s{1,8}\\(([^)]{0,80})\\))?\\s{1,8}<([0-9a-fA-F-]{0,40})>(.*)$");
    /** Image lines whose name is followed only by the uuid. */
    private static final Pattern IMAGE_NO_ARCH = Pattern.compile(
            "^\\s*(0x[0-9a-fA-F]{1,16})\\s*-\\s*(0x[0-9a-fA-F]{1,16})\\s{1,40}(\\+)?(.+?)\\s{1,8}<([0-9a-fA-F-]{0,40})>(.*)$");
    private static final Pattern ARCH = Pattern.compile(
            "arm64e?|arm64_32|arm64v8|armv[4-8][a-z]*|arm|x86_64h?|i386|ppc(64)?|x86", Pattern.CASE_INSENSITIVE);

    private static final Pattern REGISTER = Pattern.compile("([A-Za-z][A-Za-z0-9]{0,7}):\\s*(0x[0-9a-fA-F]{1,16})");

    private TextLineParsers() {
    }

    /**
     * {@code idx  module  0xADDR  tail}: the module column may hold spaces and end in a TAB; the
     * address is the first {@code 0x} token after it. Scanned by hand, in linear time.
     */
    static Optional<FrameLine> frame(int lineIndex, String line) {
        int n = line.length();
        int i = 0;
        while (i < n && i < 7 && Character.isDigit(line.charAt(i))) {
            i++;
        }
        if (i == 0 || i > 6 || i == n || !blank(line.charAt(i))) {
            return Optional.empty();
        }
        int index = Integer.parseInt(line.substring(0, i));
        int moduleStart = skipBlank(line, i);
        int tok = moduleStart;
        int addrStart = -1;
        int addrEnd = -1;
        boolean firstToken = true;
        while (tok < n) {
            int end = tok;
            while (end < n && !blank(line.charAt(end))) {
                end++;
            }
            if (!firstToken && isAddress(line, tok, end)) {
                addrStart = tok;
                addrEnd = end;
                break;
            }
            firstToken = false;
            tok = skipBlank(line, end);
        }
        if (addrStart < 0) {
            return Optional.empty();
        }
        OptionalLong address = JsonTrees.parseUnsigned(line.substring(addrStart, addrEnd));
        if (address.isEmpty()) {
            return Optional.empty();
        }
        int tailStart = skipBlank(line, addrEnd);
        String tail = line.substring(tailStart).strip();
        int tailColumn = tail.isEmpty() ? addrEnd : tailStart;
        String module = line.substring(moduleStart, addrStart).strip();
        OptionalLong load = OptionalLong.empty();
        Optional<PresetSymbol> symbol = Optional.empty();
        Matcher lp = LOAD_PLUS.matcher(tail);
        Matcher sp;
        Matcher sf;
        if (lp.matches()) {
            load = JsonTrees.parseUnsigned("0x" + lp.group(1));
            if (lp.group(3) != null) {
                symbol = Optional.of(PresetSymbol.of(lp.group(3), parseOffset(lp.group(4))));
            }
        } else if ((sp = SYMBOL_PLUS.matcher(tail)).matches()) {
            symbol = Optional.of(new PresetSymbol(stripInModule(sp.group(1)), OptionalLong.of(parseOffset(sp.group(2))),
                    Optional.ofNullable(sp.group(3)), lineOf(sp.group(4))));
        } else if ((sf = SYMBOL_FILE.matcher(tail)).matches()) {
            symbol = Optional.of(new PresetSymbol(stripInModule(sf.group(1)), OptionalLong.empty(),
                    Optional.of(sf.group(2)), lineOf(sf.group(3))));
        } else if (!tail.isEmpty() && !tail.equals("???")) {
            symbol = Optional.of(new PresetSymbol(stripInModule(tail), OptionalLong.empty(), Optional.empty(),
                    OptionalInt.empty()));
        }
        return Optional.of(new FrameLine(lineIndex, lineIndex, index, module, address.getAsLong(), tailColumn,
                load, symbol));
    }

    private static boolean blank(char c) {
        return c == ' ' || c == '\t';
    }

    private static int skipBlank(String s, int from) {
        int i = from;
        while (i < s.length() && blank(s.charAt(i))) {
            i++;
        }
        return i;
    }

    /** {@code 0x} and 1 to 16 hex digits, nothing else, in {@code [from, to)}. */
    private static boolean isAddress(String s, int from, int to) {
        int len = to - from;
        if (len < 3 || len > 18 || s.charAt(from) != '0' || s.charAt(from + 1) != 'x') {
            return false;
        }
        for (int i = from + 2; i < to; i++) {
            if (Character.digit(s.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }

    private static String stripInModule(String symbol) {
        return IN_MODULE.matcher(symbol).replaceFirst("");
    }

    private static long parseOffset(String digits) {
        return JsonTrees.parseUnsigned(digits).orElse(0);
    }

    private static OptionalInt lineOf(String digits) {
        return digits == null ? OptionalInt.empty() : OptionalInt.of(Integer.parseInt(digits));
    }

    static Optional<ImageLine> image(int lineIndex, String line) {
        Matcher m = IMAGE.matcher(line);
        if (m.matches()) {
            String arch = m.group(5);
            Optional<String> version = Optional.ofNullable(m.group(6));
            String name = m.group(4);
            Optional<String> archOut;
            if (arch.startsWith("(") && arch.endsWith(")")) {
                String inner = arch.substring(1, arch.length() - 1);
                if (ARCH.matcher(inner).matches()) {
                    archOut = Optional.of(inner.toLowerCase(Locale.ROOT));
                } else if (version.isEmpty()) {
                    // macOS 12 style "name (version) <uuid>" has no arch column.
                    archOut = Optional.empty();
                    version = Optional.of(inner);
                } else {
                    return Optional.empty();
                }
            } else if (ARCH.matcher(arch).matches()) {
                archOut = Optional.of(arch.toLowerCase(Locale.ROOT));
            } else {
                // No arch column: the token belongs to the name ("App Name (*)").
                archOut = Optional.empty();
                name = name + " " + arch;
            }
            return build(lineIndex, m.group(1), m.group(2), m.group(3) != null, name, archOut, version,
                    m.group(7), m.group(8).strip());
        }
        Matcher n = IMAGE_NO_ARCH.matcher(line);
        if (n.matches()) {
            return build(lineIndex, n.group(1), n.group(2), n.group(3) != null, n.group(4), Optional.empty(),
                    Optional.empty(), n.group(5), n.group(6).strip());
        }
        return Optional.empty();
    }

    private static Optional<ImageLine> build(int lineIndex, String start, String end, boolean plus, String name,
                                             Optional<String> arch, Optional<String> version, String uuid,
                                             String path) {
        OptionalLong s = JsonTrees.parseUnsigned(start);
        OptionalLong e = JsonTrees.parseUnsigned(end);
        if (s.isEmpty() || e.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ImageLine(lineIndex, s.getAsLong(), e.getAsLong(), plus, name.trim(), arch, version,
                uuid, path));
    }

    /** Every {@code name: 0xVALUE} pair of a thread-state line, in order. */
    static List<Register> registers(String line) {
        List<Register> out = new ArrayList<>();
        Matcher m = REGISTER.matcher(line);
        while (m.find()) {
            OptionalLong v = JsonTrees.parseUnsigned(m.group(2));
            if (v.isPresent()) {
                out.add(new Register(m.group(1), v.getAsLong()));
            }
        }
        return out;
    }

    /** A register name and value. */
    record Register(String name, long value) {
    }
}
