package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.Diagnostics;
import dev.crashkit.symbolicate.breakpad.BreakpadSymbols;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.locate.MemberStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Builds a module from a Breakpad symbol file: its FUNC and PUBLIC records name functions (the
 * module's symbol table), and the file itself answers lines and inline chains as a
 * {@link dev.crashkit.symbolicate.dwarf.SourceLookup}. Addresses in a {@code .sym} are relative to
 * the image's load address, so the link base is 0. The first of the files with the identity that
 * reads answers; a damaged copy does not hide a good one.
 */
final class BreakpadModuleLoader {
    private BreakpadModuleLoader() {
    }

    static ModuleCache.Load load(List<DebugFileIndex.Entry> entries, MemberStore members, Diagnostics diagnostics)
            throws CrashkitException {
        List<String> errors = new ArrayList<>();
        for (DebugFileIndex.Entry e : entries) {
            try {
                Path file = members.path(e);
                BreakpadSymbols sym;
                try (java.io.InputStream in = Files.newInputStream(file)) {
                    sym = BreakpadSymbols.read(in, e.location(), diagnostics);
                }
                List<LinkRange> ranges = List.of(new LinkRange(0, sym.extent()));
                DebugModule m = new DebugModule(Path.of(e.location()), e.arch(), 0, ranges, sym.symbolTable(),
                        Optional.of(sym), size(file), diagnostics);
                return new ModuleCache.Loaded(m);
            } catch (java.io.IOException ex) {
                errors.add(ex instanceof CrashkitException ? ex.getMessage() : e.location() + ": " + ex.getMessage());
            }
        }
        return new ModuleCache.Failed(String.join("; ", errors));
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (java.io.IOException e) {
            return 0; // a budget figure only
        }
    }
}
