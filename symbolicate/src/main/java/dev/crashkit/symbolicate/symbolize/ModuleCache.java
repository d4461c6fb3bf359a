package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.symbolicate.SymbolicationException;
import dev.crashkit.symbolicate.format.macho.MachOFile;
import dev.crashkit.symbolicate.format.macho.MachOImage;
import dev.crashkit.symbolicate.model.DebugId;
import dev.crashkit.symbolicate.symtab.MachOSymbolTables;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import java.util.ArrayList;
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

    /**
     * Candidates are tried in index order (dSYMs first); the first that parses answers. A file
     * that fails (truncated copy with the same UUID, say) does not hide a good one.
     */
    private Loaded load(DebugId id) {
        List<DebugFileIndex.Entry> entries = index.find(id);
        if (entries.isEmpty()) {
            return new Loaded(Optional.empty(), Optional.empty());
        }
        List<String> errors = new ArrayList<>();
        MachOImage primary = null;
        for (DebugFileIndex.Entry e : entries) {
            try {
                MachOImage image = slice(e, id);
                image.readSymbols(); // validates the symbol table before we commit to this file
                primary = image;
                break;
            } catch (SymbolicationException ex) {
                errors.add(ex.getMessage());
            }
        }
        if (primary == null) {
            return new Loaded(Optional.empty(), Optional.of(String.join("; ", errors)));
        }
        try {
            SymbolTable symbols = MachOSymbolTables.build(primary, functionStarts(primary, entries, id));
            return new Loaded(Optional.of(DebugModule.of(primary, symbols)), Optional.empty());
        } catch (SymbolicationException ex) {
            return new Loaded(Optional.empty(), Optional.of(ex.getMessage()));
        }
    }

    /** The image's LC_FUNCTION_STARTS, or (for a dSYM companion, which has none) a binary's with the same UUID. */
    private static long[] functionStarts(MachOImage primary, List<DebugFileIndex.Entry> entries, DebugId id) {
        List<MachOImage> sources = new ArrayList<>();
        sources.add(primary);
        for (DebugFileIndex.Entry e : entries) {
            if (!e.file().equals(primary.file())) {
                try {
                    sources.add(slice(e, id));
                } catch (SymbolicationException ex) {
                    // A broken copy cannot lend function starts; the others may.
                }
            }
        }
        for (MachOImage s : sources) {
            try {
                long[] starts = s.functionStarts();
                if (starts.length > 0) {
                    return starts;
                }
            } catch (SymbolicationException ex) {
                // Truncated __LINKEDIT in this copy: try the next one.
            }
        }
        return new long[0];
    }

    private static MachOImage slice(DebugFileIndex.Entry entry, DebugId id) throws SymbolicationException {
        return MachOFile.open(entry.file()).sliceWithUuid(id).orElseThrow(() ->
                new SymbolicationException(entry.file() + ": no slice with UUID " + id + " any more (file changed?)"));
    }
}
