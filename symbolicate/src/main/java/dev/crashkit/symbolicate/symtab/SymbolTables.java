package dev.crashkit.symbolicate.symtab;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.format.FunctionSymbols;
import dev.crashkit.symbolicate.format.ObjectFile;
import java.nio.ByteBuffer;
import java.util.Optional;

/** Builds the symbol index of any object file from its {@link FunctionSymbols}. */
public final class SymbolTables {

    private SymbolTables() {
    }

    /** The index of {@code file}, its functions bounded by its own function starts. */
    public static SymbolTable build(ObjectFile file) throws ObjectFormatException {
        return build(file.functionSymbols(), file.functionStarts());
    }

    /**
     * @param functionStarts ascending link-time function starts to bound functions with: the image's
     *                       own, or those of the binary with the same identity when the image is a
     *                       dSYM companion (which has none). Empty: the symbols' fallback boundaries.
     */
    public static SymbolTable build(FunctionSymbols symbols, long[] functionStarts) {
        Optional<ByteBuffer> table = symbols.nameTable();
        SymbolTableBuilder b = table.isPresent()
                ? new SymbolTableBuilder(table.get(), symbols.sizeHint()) : new SymbolTableBuilder();
        symbols.forEach(new FunctionSymbols.Visitor() {
            @Override
            public void atOffset(int nameOffset, long start, long limit, int rank) {
                b.addAt(nameOffset, start, limit, rank);
            }

            @Override
            public void named(String name, long start, long limit, int rank) {
                b.add(name, start, limit, rank);
            }
        });
        return b.build(functionStarts.length > 0 ? functionStarts : symbols.fallbackBoundaries());
    }
}
