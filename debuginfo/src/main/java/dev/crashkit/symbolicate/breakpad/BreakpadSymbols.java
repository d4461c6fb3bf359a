package dev.crashkit.symbolicate.breakpad;

import dev.crashkit.core.Diagnostics;
import dev.crashkit.symbolicate.bytes.Utf8Strings;
import dev.crashkit.symbolicate.dwarf.SourceFrame;
import dev.crashkit.symbolicate.dwarf.SourceLookup;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One Breakpad symbol file, read into primitive tables, answering by module-relative address as
 * Breakpad's {@code BasicSourceLineResolver::LookupAddress} does: the FUNC covering the address
 * with its line record and inline chain; else the nearest PUBLIC below it, unless a FUNC starts
 * between the two. Shared between threads: nothing is written after {@link #read}.
 *
 * <p>{@link #lookup} answers FUNC addresses (and the rare PUBLIC that starts inside a FUNC and
 * answers past its end); {@link #symbolTable} holds the FUNCs and the other PUBLICs' extents, so
 * that a module built from the two answers every address Breakpad answers, with Breakpad's function starts.
 */
public final class BreakpadSymbols implements SourceLookup {
    private final String source;
    private final BreakpadModule module;
    private final Functions functions;
    private final Publics publics;
    private final CfiTable cfi;
    private final byte[] names;
    private final Map<Integer, String> files;
    private final Map<Integer, String> origins;
    private final SymbolTable table;
    /** PUBLIC answers starting at the end of a FUNC that the PUBLIC lies inside (see the class comment). */
    private final long[] tailStart;
    private final long[] tailEnd;
    private final int[] tailPublic;

    BreakpadSymbols(String source, BreakpadModule module, Functions functions, Publics publics, CfiTable cfi,
                    byte[] names, Map<Integer, String> files, Map<Integer, String> origins) {
        this.source = source;
        this.module = module;
        this.functions = functions;
        this.publics = publics;
        this.cfi = cfi;
        this.names = names;
        this.files = files;
        this.origins = origins;
        SymbolExtents extents = SymbolExtents.of(functions, publics);
        this.table = SymbolTable.of(extents.start, extents.end, names, extents.name, null);
        this.tailStart = extents.tailStart;
        this.tailEnd = extents.tailEnd;
        this.tailPublic = extents.tailPublic;
    }

    /** Reads the symbol file at {@code file}; problems Breakpad tolerates go to {@code diagnostics}. */
    public static BreakpadSymbols read(Path file, Diagnostics diagnostics) throws BadSymbolFileException {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in, file.toString(), diagnostics);
        } catch (BadSymbolFileException e) {
            throw e;
        } catch (IOException e) {
            throw new BadSymbolFileException(file + ": cannot read: " + e.getMessage(), e);
        }
    }

    /**
     * Reads a symbol file from {@code in}, streaming, named {@code source} in messages.
     *
     * @throws BadSymbolFileException when it is not a symbol file (no MODULE first), a line is over
     *     16 MB, more than 100 lines are malformed (where Breakpad stops reading), or reading fails
     */
    public static BreakpadSymbols read(InputStream in, String source, Diagnostics diagnostics)
            throws BadSymbolFileException {
        return new SymbolFileParser(source, diagnostics).parse(in);
    }

    /** The MODULE and INFO CODE_ID lines. */
    public BreakpadModule module() {
        return module;
    }

    /** Where it was read from, for messages. */
    public String source() {
        return source;
    }

    /** FUNC and PUBLIC names by address, for a module's symbol table (names shared with this file's pool). */
    public SymbolTable symbolTable() {
        return table;
    }

    /**
     * How far the module's records reach from its load address: the end of its last FUNC or one
     * past its last PUBLIC, whichever is higher (a .sym says nothing of the image's real size).
     */
    public long extent() {
        long end = 0;
        if (functions.size() > 0) {
            end = functions.end[functions.size() - 1];
        }
        if (publics.size() > 0 && Long.compareUnsigned(publics.address[publics.size() - 1] + 1, end) > 0) {
            end = publics.address[publics.size() - 1] + 1;
        }
        return end;
    }

    /** FUNC records kept (in address order, none overlapping). */
    public int functionCount() {
        return functions.size();
    }

    /** Line records kept. */
    public int lineCount() {
        return functions.lineCount();
    }

    /** INLINE records kept. */
    public int inlineCount() {
        return functions.inlineCount();
    }

    /** PUBLIC records kept. */
    public int publicCount() {
        return publics.size();
    }

    /** {@code STACK CFI INIT} records kept, and deltas. */
    public int cfiInitCount() {
        return cfi.initCount();
    }

    public int cfiDeltaCount() {
        return cfi.deltaCount();
    }

    /** The CFI rules in force at a module-relative address, for an unwinder. */
    public Optional<CfiRules> cfiRulesAt(long address) {
        return cfi.rulesAt(address);
    }

    @Override
    public String sourceName() {
        return "breakpad";
    }

    /**
     * The inline chain at a module-relative address, innermost first, the FUNC last: the innermost
     * frame takes the line record's file:line, each outer one the call site of the inline inside it
     * ({@code ConstructInlineFrames}). Empty where no FUNC covers the address (the symbol table
     * answers PUBLICs), except past the end of a FUNC that a PUBLIC lies inside.
     */
    @Override
    public List<SourceFrame> lookup(long address) {
        int f = functions.covering(address);
        if (f < 0) {
            return tail(address);
        }
        int l = functions.line(f, address);
        Optional<String> file = l < 0 ? Optional.empty() : file(functions.lineFile(l));
        Optional<String> lineFile = file;
        long line = l < 0 ? 0 : functions.lineNumber(l);
        Growable.Ints chain = new Growable.Ints();
        int n = functions.inlines(f, address, chain);
        List<SourceFrame> out = new ArrayList<>(n + 1);
        for (int j = n - 1; j >= 0; j--) {
            int k = chain.a[j];
            int inline = functions.rangeInline(k);
            Optional<String> name = Optional.ofNullable(origins.get(functions.inlineOrigin(inline)));
            out.add(new SourceFrame(Optional.empty(), name, file, line, 0, true, 0,
                    OptionalLong.of(functions.rangeStart(k))));
            // Breakpad copies the line record's frame for each inline and replaces its file only when the
            // INLINE names a call-site file it knows: an old-form record (no call-site file) or an unknown
            // file number leaves the line record's file as the call site's.
            Optional<String> callFile = file(functions.inlineCallFile(inline));
            file = callFile.isPresent() ? callFile : lineFile;
            line = functions.inlineCallLine(inline);
        }
        out.add(new SourceFrame(Optional.empty(), Optional.of(name(functions.name[f])), file, line, 0, false, 0,
                OptionalLong.of(functions.start[f])));
        return out;
    }

    /**
     * Whether {@link #lookup} would answer at a module-relative address (a FUNC covers it, or the
     * PUBLIC tail past a FUNC): what a stack scan asks of every word, without building frames or
     * decoding names.
     */
    public boolean answersAt(long address) {
        return functions.covering(address) >= 0 || tailIndex(address) >= 0;
    }

    private int tailIndex(long address) {
        int t = dev.crashkit.symbolicate.bytes.SortedAddresses.floor(tailStart, address);
        return t < 0 || Long.compareUnsigned(address, tailEnd[t]) >= 0 ? -1 : t;
    }

    private List<SourceFrame> tail(long address) {
        int t = tailIndex(address);
        if (t < 0) {
            return List.of();
        }
        int p = tailPublic[t];
        return List.of(new SourceFrame(Optional.empty(), Optional.of(name(publics.name[p])), Optional.empty(), 0, 0,
                false, 0, OptionalLong.of(publics.address[p])));
    }

    private Optional<String> file(int id) {
        return Optional.ofNullable(files.get(id));
    }

    private String name(int at) {
        int end = at;
        while (end < names.length && names[end] != 0) {
            end++;
        }
        return Utf8Strings.decode(names, at, end - at);
    }
}
