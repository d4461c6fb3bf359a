package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.dwarf.DwarfContext;
import dev.crashkit.symbolicate.dwarf.DwarfSections;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.locate.MemberStore;
import dev.crashkit.symbolicate.symtab.SymbolTables;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Builds a Mach-O module from the files with one UUID. Candidates are tried in index order
 * (dSYMs first); the first that parses answers, so a broken copy with the same UUID does not hide
 * a good one. A dSYM has no LC_FUNCTION_STARTS: they are borrowed from a binary with the UUID.
 */
final class MachOModuleLoader {
    private MachOModuleLoader() {
    }

    static ModuleCache.Load load(DebugId id, List<DebugFileIndex.Entry> entries, MemberStore members,
                                 Diagnostics diagnostics) throws CrashkitException {
        List<String> errors = new ArrayList<>();
        for (DebugFileIndex.Entry e : entries) {
            try {
                ObjectFile image = slice(members.path(e), e, id);
                image.checkSymbols(); // the symbol table must be whole before we commit to this file
                Optional<DwarfContext> dwarf = Optional.empty();
                if (image.hasDwarf()) {
                    dwarf = Optional.of(DwarfContext.open(e.location(), DwarfSections.of(image)));
                }
                DebugModule m = DebugModule.of(image,
                        SymbolTables.build(image.functionSymbols(), functionStarts(image, entries, id)), dwarf,
                        diagnostics);
                return new ModuleCache.Loaded(e.member().isPresent() ? m.renamed(Path.of(e.location())) : m);
            } catch (CrashkitException ex) {
                errors.add(ex.getMessage());
            }
        }
        return new ModuleCache.Failed(String.join("; ", errors));
    }

    /** The image's LC_FUNCTION_STARTS, or those of another plain file with the same UUID. */
    private static long[] functionStarts(ObjectFile primary, List<DebugFileIndex.Entry> entries, DebugId id) {
        List<ObjectFile> sources = new ArrayList<>();
        sources.add(primary);
        for (DebugFileIndex.Entry e : entries) {
            if (e.member().isEmpty() && !e.file().equals(primary.path())) {
                try {
                    sources.add(slice(e.file(), e, id));
                } catch (CrashkitException ex) {
                    // A broken copy cannot lend function starts; the others may.
                }
            }
        }
        for (ObjectFile s : sources) {
            try {
                long[] starts = s.functionStarts();
                if (starts.length > 0) {
                    return starts;
                }
            } catch (CrashkitException ex) {
                // Truncated __LINKEDIT in this copy: try the next one.
            }
        }
        return new long[0];
    }

    private static ObjectFile slice(Path path, DebugFileIndex.Entry entry, DebugId id) throws CrashkitException {
        return ObjectFiles.openWithId(path, id).orElseThrow(() ->
                new CrashkitException(entry.location() + ": no slice with UUID " + id + " any more (file changed?)"));
    }
}
