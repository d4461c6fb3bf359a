package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.symbolicate.SymbolicationException;
import dev.crashkit.symbolicate.format.macho.MachOFile;
import dev.crashkit.symbolicate.format.macho.MachOImage;
import dev.crashkit.symbolicate.model.DebugId;
import dev.crashkit.symbolicate.symtab.MachOSymbolTables;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Loads each image identity at most once per run and keeps the result, failures included (one
 * attempt per module, as LLVM's symbolizer does: a broken file is reported once, not per frame).
 * Safe for concurrent use by batch workers.
 */
public final class ModuleCache {

    /** A load outcome: the module, or the reason there is none. */
    public record Loaded(Optional<DebugModule> module, Optional<String> error) {
    }

    private final DebugFileIndex index;
    private final ConcurrentHashMap<DebugId, Loaded> loaded = new ConcurrentHashMap<>();

    public ModuleCache(DebugFileIndex index) {
        this.index = index;
    }

    public DebugFileIndex index() {
        return index;
    }

    /** The module for {@code id}; empty module with no error when no file has that identity. */
    public Loaded get(DebugId id) {
        return loaded.computeIfAbsent(id, this::load);
    }

    private Loaded load(DebugId id) {
        List<DebugFileIndex.Entry> entries = index.find(id);
        if (entries.isEmpty()) {
            return new Loaded(Optional.empty(), Optional.empty());
        }
        DebugFileIndex.Entry primary = entries.get(0);
        try {
            MachOImage image = slice(primary, id);
            long[] starts = image.functionStarts();
            // A dSYM companion has no LC_FUNCTION_STARTS; borrow them from the binary with the same UUID.
            for (int i = 1; i < entries.size() && starts.length == 0; i++) {
                starts = slice(entries.get(i), id).functionStarts();
            }
            SymbolTable symbols = MachOSymbolTables.build(image, starts);
            return new Loaded(Optional.of(DebugModule.of(image, symbols)), Optional.empty());
        } catch (SymbolicationException e) {
            return new Loaded(Optional.empty(), Optional.of(e.getMessage()));
        }
    }

    private static MachOImage slice(DebugFileIndex.Entry entry, DebugId id) throws SymbolicationException {
        return MachOFile.open(entry.file()).sliceWithUuid(id).orElseThrow(() ->
                new SymbolicationException(entry.file() + ": no slice with UUID " + id + " any more (file changed?)"));
    }
}
