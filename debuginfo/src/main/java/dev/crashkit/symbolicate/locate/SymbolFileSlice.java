package dev.crashkit.symbolicate.locate;

import dev.crashkit.core.Diagnostics;
import dev.crashkit.symbolicate.breakpad.BadSymbolFileException;
import dev.crashkit.symbolicate.breakpad.BreakpadModule;
import dev.crashkit.symbolicate.breakpad.SymbolFilePeek;
import java.io.InputStream;
import java.util.List;

/**
 * The identity of a Breakpad symbol file met by a scan (a file or an archive member): the
 * {@link dev.crashkit.core.model.DebugId} its MODULE id stands for (see
 * {@link dev.crashkit.symbolicate.breakpad.BreakpadIds}). A file whose id names no image a report can
 * give (a Windows PDB's GUID and age) is skipped with a warning.
 */
final class SymbolFileSlice {
    private SymbolFileSlice() {
    }

    static List<SliceId> read(InputStream in, String source, Diagnostics diagnostics) throws BadSymbolFileException {
        BreakpadModule m = SymbolFilePeek.read(in, source);
        if (m.debugId().isEmpty()) {
            diagnostics.warn("skipping " + source + ": Breakpad module id " + m.id() + " (" + m.os()
                    + ") names no ELF build-id or Mach-O UUID");
            return List.of();
        }
        return List.of(new SliceId(m.debugId().get(), m.architecture(), true, SliceId.Container.BREAKPAD));
    }
}
