package dev.crashkit.symbolicate.symtab;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.format.FunctionSymbols;
import dev.crashkit.symbolicate.format.ObjectFile;
import java.nio.ByteBuffer;
import java.util.List;
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
            public void named(String name, String version, long start, long limit, int rank) {
                b.add(name, version, start, limit, rank);
            }
        });
        return b.build(functionStarts.length > 0 ? functionStarts : symbols.fallbackBoundaries());
    }

    /**
     * {@code table} with the versions {@code others} give its unversioned entries (same start,
     * same name): an ELF debug file's .symtab names {@code malloc} without the version its
     * binary's .dynsym gives it. {@code table} itself when none adds one.
     */
    public static SymbolTable withVersionsFrom(SymbolTable table, List<SymbolTable> others) {
        String[] found = new String[table.size()];
        boolean any = false;
        for (int i = 0; i < table.size(); i++) {
            if (!table.version(i).isEmpty()) {
                continue;
            }
            for (SymbolTable o : others) {
                if (o == table || !o.hasVersions()) {
                    continue;
                }
                int j = o.indexOf(table.start(i));
                if (j >= 0 && o.start(j) == table.start(i) && !o.version(j).isEmpty()
                        && o.name(j).equals(table.name(i))) {
                    found[i] = o.version(j);
                    any = true;
                    break;
                }
            }
        }
        if (!any) {
            return table;
        }
        SymbolTableBuilder b = new SymbolTableBuilder();
        for (int i = 0; i < table.size(); i++) {
            String v = found[i] != null ? found[i] : table.version(i);
            b.add(table.name(i), v, table.start(i), table.end(i), 0);
        }
        return b.build(new long[0]);
    }
}
