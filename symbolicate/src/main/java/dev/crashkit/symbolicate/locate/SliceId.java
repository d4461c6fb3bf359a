package dev.crashkit.symbolicate.locate;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.DebugId;

/**
 * Identity of one slice of a debug file, as found by a scan.
 *
 * @param debugInfo true for files made to carry debug info: dSYM companions, and ELF files with DWARF
 */
public record SliceId(DebugId id, Arch arch, boolean debugInfo, Container container) {

    /** The object-file format the slice is in. */
    public enum Container { MACHO, ELF }
}
