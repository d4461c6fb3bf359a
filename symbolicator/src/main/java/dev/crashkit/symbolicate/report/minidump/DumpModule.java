package dev.crashkit.symbolicate.report.minidump;

import dev.crashkit.core.model.DebugId;
import java.util.Optional;

/**
 * One module of the module list.
 *
 * @param base       the address it was loaded at
 * @param size       the size of its mapping
 * @param path       its path as the dump gives it
 * @param id         its identity for finding debug files (ELF build-id, Mach-O UUID, PDB GUID)
 * @param breakpadId the debug identifier Breakpad derives (a GUID and age, 33+ hex digits), the name
 *                   of its {@code .sym} folder; empty without a CodeView record
 */
record DumpModule(long base, long size, String path, Optional<DebugId> id, Optional<String> breakpadId) {
    /** The file name of the path (either slash): what reports show as the module's name. */
    String name() {
        int cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        return path.substring(cut + 1);
    }
}
