package dev.crashkit.symbolicate.breakpad;

import dev.crashkit.core.Diagnostics;
import dev.crashkit.symbolicate.bytes.Utf8Strings;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a symbol file line by line into {@link BreakpadSymbols}, in one pass. Record types are
 * told apart by their first word exactly as Breakpad's {@code LoadMapFromMemory} does (anything
 * else inside a FUNC is a line record). A malformed line is skipped and counted, as Breakpad
 * skips it; the first five are told to the diagnostics with file:line, and past 100 the file is
 * refused (Breakpad stops reading there and keeps what it has, flagged corrupt; a file that bad
 * is not one we answer from). Malformed INLINE and INLINE_ORIGIN lines are counted apart and never
 * stop the reading, as in Breakpad.
 */
final class SymbolFileParser {
    static final int MAX_ERRORS = 100;
    static final int ERRORS_TOLD = 5;

    private final String source;
    private final Diagnostics diagnostics;
    private final Fields fields = new Fields();
    private final FunctionsBuilder functions = new FunctionsBuilder();
    private final Publics.Builder publics = new Publics.Builder();
    private final CfiTable.Builder cfi = new CfiTable.Builder();
    private final Growable.Names names = new Growable.Names();
    private final Map<Integer, String> files = new HashMap<>();
    private final Map<Integer, String> origins = new HashMap<>();
    private long[] ranges = new long[16];
    private int errors;
    private int inlineErrors;
    private BreakpadModule module;
    private Optional<String> codeId = Optional.empty();

    SymbolFileParser(String source, Diagnostics diagnostics) {
        this.source = source;
        this.diagnostics = diagnostics;
    }

    BreakpadSymbols parse(InputStream in) throws BadSymbolFileException {
        LineSource lines = new LineSource(in);
        try {
            while (lines.next()) {
                if (module == null) {
                    module = moduleLine(lines);
                    continue;
                }
                try {
                    record(lines.line, lines.length);
                } catch (Fields.Malformed e) {
                    boolean inline = startsWith(lines.line, lines.length, "INLINE");
                    int count = inline ? ++inlineErrors : ++errors;
                    if (count <= ERRORS_TOLD) {
                        diagnostics.warn(source + ":" + lines.number + ": " + e.getMessage() + " (line skipped)");
                    }
                    if (errors > MAX_ERRORS) {
                        throw new BadSymbolFileException(source + ":" + lines.number + ": more than " + MAX_ERRORS
                                + " malformed lines (this one: " + e.getMessage() + ")");
                    }
                }
            }
        } catch (BadSymbolFileException e) {
            throw e; // an IOException too, but already says what is wrong where
        } catch (IOException e) {
            throw new BadSymbolFileException(source + ": cannot read: " + e.getMessage(), e);
        } catch (LineSource.LineTooLongException e) {
            throw new BadSymbolFileException(source + ":" + lines.number + ": line longer than "
                    + LineSource.MAX_LINE + " bytes");
        } catch (Growable.PoolFullException e) {
            throw new BadSymbolFileException(source + ":" + lines.number + ": names exceed 2 GB");
        }
        if (module == null) {
            throw new BadSymbolFileException(source + ": empty, not a Breakpad symbol file");
        }
        int skipped = errors + inlineErrors;
        if (skipped > ERRORS_TOLD) {
            diagnostics.warn(source + ": " + skipped + " malformed lines skipped in all");
        }
        BreakpadModule m = new BreakpadModule(module.os(), module.arch(), module.id(), module.name(), codeId);
        Functions f = functions.build();
        Publics p = publics.build();
        return new BreakpadSymbols(source, m, f, p, cfi.build(), names.toArray(), files, origins);
    }

    /** The first line, which must be {@code MODULE os arch id name}. */
    BreakpadModule moduleLine(LineSource lines) throws BadSymbolFileException {
        fields.reset(lines.line, 0, lines.length);
        try {
            fields.require("MODULE");
            if (!fields.is("MODULE")) {
                throw new Fields.Malformed("first line is not MODULE, not a Breakpad symbol file");
            }
            fields.require("operating system");
            String os = fields.text();
            fields.require("architecture");
            String arch = fields.text();
            fields.require("module id");
            String id = fields.text();
            if (id.length() < 33 || id.length() > 40 || !hex(id)) {
                throw new Fields.Malformed("module id is not 33 to 40 hex digits: " + fields.quoted());
            }
            if (!fields.rest()) {
                throw new Fields.Malformed("missing module name");
            }
            return new BreakpadModule(os, arch, id.toUpperCase(Locale.ROOT), fields.text(), Optional.empty());
        } catch (Fields.Malformed e) {
            throw new BadSymbolFileException(source + ":" + lines.number + ": " + e.getMessage());
        }
    }

    private void record(byte[] line, int length) throws Fields.Malformed, Growable.PoolFullException {
        currentLine = line;
        currentLength = length;
        fields.reset(line, 0, length);
        if (startsWith(line, length, "FILE ")) {
            file();
        } else if (startsWith(line, length, "STACK ")) {
            stack(line);
        } else if (startsWith(line, length, "FUNC ")) {
            function(line);
        } else if (startsWith(line, length, "PUBLIC ")) {
            functions.endFunction(); // public symbols have no lines: lines after one have no function
            publicSymbol(line);
        } else if (startsWith(line, length, "MODULE ")) {
            return; // a second MODULE line: ignored, as Breakpad ignores them all
        } else if (startsWith(line, length, "INFO ")) {
            info();
        } else if (startsWith(line, length, "INLINE ")) {
            inline();
        } else if (startsWith(line, length, "INLINE_ORIGIN ")) {
            inlineOrigin();
        } else {
            lineRecord();
        }
    }

    private void file() throws Fields.Malformed {
        fields.next(); // FILE
        fields.require("file number");
        int id = fields.decimal("file number", 0);
        if (!fields.rest()) {
            throw new Fields.Malformed("missing file name");
        }
        files.putIfAbsent(id, fields.text()); // the first wins, as std::map::insert
    }

    private void info() throws Fields.Malformed {
        fields.next(); // INFO
        if (fields.next() && fields.is("CODE_ID")) {
            fields.require("code id");
            if (codeId.isEmpty()) {
                codeId = Optional.of(fields.text());
            }
        }
    }

    private void function(byte[] line) throws Fields.Malformed, Growable.PoolFullException {
        fields.next(); // FUNC
        fields.require("address");
        if (fields.is("m")) {
            fields.require("address");
        }
        long address = fields.hex("address");
        fields.require("size");
        long size = fields.hex("size");
        fields.require("parameter size");
        paramSize();
        if (!fields.rest()) {
            throw new Fields.Malformed("missing function name");
        }
        functions.beginFunction(address, size, names.add(line, fields.start, fields.stop));
    }

    private void publicSymbol(byte[] line) throws Fields.Malformed, Growable.PoolFullException {
        fields.next(); // PUBLIC
        fields.require("address");
        if (fields.is("m")) {
            fields.require("address");
        }
        long address = fields.hex("address");
        fields.require("parameter size");
        paramSize();
        if (!fields.rest()) {
            throw new Fields.Malformed("missing public symbol name");
        }
        publics.add(address, names.add(line, fields.start, fields.stop));
    }

    /** A stack parameter size: hex, below 2^63 - 1 (Breakpad reads it with strtol). */
    private void paramSize() throws Fields.Malformed {
        if (fields.hex("parameter size") < 0 || fields.hex("parameter size") == Long.MAX_VALUE) {
            throw new Fields.Malformed("parameter size out of range: " + fields.quoted());
        }
    }

    private void lineRecord() throws Fields.Malformed {
        if (!functions.inFunction()) {
            throw new Fields.Malformed("line record outside a FUNC (or unknown record)");
        }
        fields.require("address");
        long address = fields.hex("address");
        fields.require("size");
        long size = fields.hex("size");
        fields.require("line number");
        int line = fields.decimal("line number", 0);
        fields.require("file number");
        int file = fields.decimal("file number", 0);
        functions.addLine(address, size, line, file);
    }

    private void inline() throws Fields.Malformed {
        fields.next(); // INLINE
        // Old records (no call-site file) have an odd number of fields, new ones an even number (Breakpad's rule).
        int count = 0;
        Fields counter = new Fields();
        counter.reset(currentLine, 0, currentLength);
        counter.next();
        while (counter.next()) {
            count++;
        }
        if (count < 5) {
            throw new Fields.Malformed("INLINE needs at least 5 fields, has " + count);
        }
        boolean hasFile = count % 2 == 0;
        fields.require("nest level");
        int depth = fields.decimal("nest level", 0);
        fields.require("call line");
        int callLine = fields.decimal("call line", 0);
        int callFile = -1;
        if (hasFile) {
            fields.require("call file");
            callFile = fields.decimal("call file", -1);
        }
        fields.require("origin");
        int origin = fields.decimal("origin", 0);
        int words = 0;
        while (fields.next()) {
            if (words == ranges.length) {
                ranges = java.util.Arrays.copyOf(ranges, words * 2);
            }
            ranges[words++] = fields.hex(words % 2 == 1 ? "range address" : "range size");
        }
        if (!functions.inFunction()) {
            throw new Fields.Malformed("INLINE outside a FUNC");
        }
        functions.addInline(depth, callLine, callFile, origin, ranges, words);
    }

    private void inlineOrigin() throws Fields.Malformed {
        fields.next(); // INLINE_ORIGIN
        fields.require("origin number");
        int id = fields.decimal("origin number", 0);
        if (!fields.rest()) {
            throw new Fields.Malformed("missing origin name");
        }
        int nameFrom = fields.start;
        int nameTo = fields.stop;
        // The old form has a file number before the name: a first word of digits (or -1, "no file").
        if (fields.next() && isFileNumber(fields.start, fields.stop)) {
            fields.decimal("origin file number", -1);
            if (!fields.rest()) {
                throw new Fields.Malformed("missing origin name");
            }
            nameFrom = fields.start;
            nameTo = fields.stop;
        }
        origins.putIfAbsent(id, Utf8Strings.decode(currentLine, nameFrom, nameTo - nameFrom));
    }

    private boolean isFileNumber(int from, int to) {
        byte[] b = currentLine;
        for (int i = from; i < to; i++) {
            if (!(b[i] >= '0' && b[i] <= '9' || b[i] == '-' && i == from)) {
                return false;
            }
        }
        return true;
    }

    private void stack(byte[] line) throws Fields.Malformed, Growable.PoolFullException {
        fields.next(); // STACK
        fields.require("stack record kind");
        if (fields.is("WIN")) {
            stackWin();
        } else if (fields.is("CFI")) {
            fields.require("CFI address or INIT");
            if (fields.is("INIT")) {
                fields.require("address");
                long address = fields.hex("address");
                fields.require("size");
                long size = fields.hex("size");
                if (!fields.rest()) {
                    throw new Fields.Malformed("STACK CFI INIT without rules");
                }
                cfi.init(address, size, line, fields.start, fields.stop);
            } else {
                long address = fields.hex("address");
                if (!fields.rest()) {
                    throw new Fields.Malformed("STACK CFI without rules");
                }
                cfi.delta(address, line, fields.start, fields.stop);
            }
        } else {
            throw new Fields.Malformed("unknown STACK record " + fields.quoted());
        }
    }

    /**
     * {@code STACK WIN type rva size prolog epilog params saved locals max_stack has_program program|bp}:
     * checked and skipped (32-bit Windows unwinding, which nothing here does).
     */
    private void stackWin() throws Fields.Malformed {
        String[] what = {"type", "rva", "code size", "prolog size", "epilog size", "parameter size",
                "saved register size", "local size", "max stack size", "has program string"};
        for (String w : what) {
            fields.require(w);
            fields.hex(w);
        }
        if (!fields.next()) {
            throw new Fields.Malformed("STACK WIN without program string or base pointer flag");
        }
    }

    /** The line being parsed (for the passes INLINE and INLINE_ORIGIN make over it). */
    private byte[] currentLine;
    private int currentLength;

    private static boolean startsWith(byte[] line, int length, String prefix) {
        if (length < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (line[i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean hex(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')) {
                return false;
            }
        }
        return true;
    }
}
