package dev.crashkit.symbolicate.breakpad;

import dev.crashkit.core.Diagnostics;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

/**
 * The identity lines of a symbol file, read from its start only: how a {@code --dsym} folder or
 * archive is indexed without reading the tables. A symbol file is told by content, its first line
 * starting {@code MODULE } ({@link #matches}); {@code INFO CODE_ID}, when {@code dump_syms} wrote
 * one, follows within the first lines.
 */
public final class SymbolFilePeek {
    /** Lines read past MODULE for INFO CODE_ID: dump_syms writes it second; other INFO lines may come between. */
    private static final int INFO_LINES = 16;

    private SymbolFilePeek() {
    }

    /** Whether {@code head} (a file's first bytes) starts like a symbol file: {@code MODULE } then a letter. */
    public static boolean matches(byte[] head) {
        byte[] m = {'M', 'O', 'D', 'U', 'L', 'E', ' '};
        if (head.length <= m.length) {
            return false;
        }
        for (int i = 0; i < m.length; i++) {
            if (head[i] != m[i]) {
                return false;
            }
        }
        byte c = head[m.length];
        return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z';
    }

    /**
     * MODULE and INFO CODE_ID of the symbol file {@code in} starts with, named {@code source} in messages.
     *
     * @throws BadSymbolFileException when the first line is not a well-formed MODULE line
     */
    public static BreakpadModule read(InputStream in, String source) throws BadSymbolFileException {
        LineSource lines = new LineSource(in);
        SymbolFileParser parser = new SymbolFileParser(source, Diagnostics.ignore());
        try {
            if (!lines.next()) {
                throw new BadSymbolFileException(source + ": empty, not a Breakpad symbol file");
            }
            BreakpadModule module = parser.moduleLine(lines);
            Optional<String> codeId = Optional.empty();
            Fields f = new Fields();
            for (int i = 0; i < INFO_LINES && codeId.isEmpty() && lines.next(); i++) {
                f.reset(lines.line, 0, lines.length);
                if (f.next() && f.is("INFO") && f.next() && f.is("CODE_ID") && f.next()) {
                    codeId = Optional.of(f.text());
                }
            }
            return new BreakpadModule(module.os(), module.arch(), module.id(), module.name(), codeId);
        } catch (BadSymbolFileException e) {
            throw e; // an IOException too, but already says what is wrong where
        } catch (IOException e) {
            throw new BadSymbolFileException(source + ": cannot read: " + e.getMessage(), e);
        } catch (LineSource.LineTooLongException e) {
            throw new BadSymbolFileException(source + ":" + lines.number + ": line longer than "
                    + LineSource.MAX_LINE + " bytes");
        }
    }
}
