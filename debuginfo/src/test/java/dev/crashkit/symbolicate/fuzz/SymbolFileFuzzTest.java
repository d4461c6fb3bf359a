package dev.crashkit.symbolicate.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.crashkit.symbolicate.breakpad.BadSymbolFileException;
import dev.crashkit.symbolicate.breakpad.BreakpadSymbols;
import dev.crashkit.symbolicate.breakpad.SymbolFilePeek;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import java.io.ByteArrayInputStream;

/**
 * Breakpad symbol files ({@code .sym}, text): {@link SymbolFilePeek} (how an index reads a file's
 * identity), then {@link BreakpadSymbols#read} and the walk a symbolicator makes: the module's
 * identity, lookups at both ends of every symbol-table entry, and CFI rules at the first 16 of them.
 * Only a {@link BadSymbolFileException} naming the input may escape; a malformed line is a warning,
 * which must be one line naming the input too (seeds: debuginfo/src/test/fuzz/make_sym_seeds.py).
 */
class SymbolFileFuzzTest {
    /**
     * The read buffers (64 KB chunk, the longest line), and the tables: a record of a few bytes of text is
     * a few array slots (24 bytes for a line record), doubled while the arrays grow and once more when
     * they are trimmed; lookups add their frames.
     */
    private static final FuzzContract.Budget BUDGET = new FuzzContract.Budget(4L << 20, 1024);
    private static final String NAME = "fuzz-input.sym";
    private static final int CFI_LOOKUPS = 16;

    @FuzzTest
    @DictionaryFile(resourcePath = "/dev/crashkit/symbolicate/fuzz/sym.dict")
    void parse(byte[] input) {
        FuzzContract.check(input.length, BUDGET, BadSymbolFileException.class, () -> {
            try {
                SymbolFilePeek.read(new ByteArrayInputStream(input), NAME).debugId();
                BreakpadSymbols s = BreakpadSymbols.read(new ByteArrayInputStream(input), NAME, message -> {
                    if (!message.startsWith(NAME) || message.contains("\n") || message.contains("\r")) {
                        FuzzContract.fail("warning not one line naming the input: " + message);
                    }
                });
                s.module().debugId();
                s.module().architecture();
                s.extent();
                SymbolTable t = s.symbolTable();
                for (int i = 0; i < t.size(); i++) {
                    t.name(i);
                    s.lookup(t.start(i));
                    s.lookup(t.end(i) - 1);
                    if (i < CFI_LOOKUPS) {
                        s.cfiRulesAt(t.start(i));
                    }
                }
                s.lookup(0);
                s.lookup(-1L);
            } catch (BadSymbolFileException e) {
                FuzzContract.requireNamed(e, NAME);
                throw e;
            }
        });
    }
}
