package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.dwarf.DwarfContext;
import dev.crashkit.symbolicate.dwarf.DwarfSections;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.format.macho.MachOImage;
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
                Optional<ObjectFile> binary = binaryWithFunctionStarts(image, entries, id);
                long[] starts = binary.isPresent() ? binary.get().functionStarts() : new long[0];
                // The binary that lends function starts also names its stripped code (a dSYM has
                // no __DATA bytes to read Objective-C metadata from).
                NameFallback fallback = binary.filter(MachOImage.class::isInstance)
                        .<NameFallback>map(b -> new StrippedNameFallback((MachOImage) b, diagnostics))
                        .orElse(NameFallback.none());
                DebugModule m = DebugModule.of(image, SymbolTables.build(image.functionSymbols(), starts), dwarf,
                        diagnostics, fallback);
                return new ModuleCache.Loaded(e.member().isPresent() ? m.renamed(Path.of(e.location())) : m);
            } catch (CrashkitException ex) {
                errors.add(ex.getMessage());
            }
        }
        return new ModuleCache.Failed(String.join("; ", errors));
    }

    /** The image itself when it has LC_FUNCTION_STARTS, else another plain file with the same UUID that has. */
    private static Optional<ObjectFile> binaryWithFunctionStarts(ObjectFile primary, List<DebugFileIndex.Entry> entries,
                                                                 DebugId id) {
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
                if (s.functionStarts().length > 0) {
                    return Optional.of(s);
                }
            } catch (CrashkitException ex) {
                // Truncated __LINKEDIT in this copy: try the next one.
            }
        }
        return Optional.empty();
    }

    private static ObjectFile slice(Path path, DebugFileIndex.Entry entry, DebugId id) throws CrashkitException {
        return ObjectFiles.openWithId(path, id).orElseThrow(() ->
                new CrashkitException(entry.location() + ": no slice with UUID " + id + " any more (file changed?)"));
    }
}
