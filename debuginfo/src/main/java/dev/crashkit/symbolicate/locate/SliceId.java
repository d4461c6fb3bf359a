package dev.crashkit.symbolicate.locate;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.ObjectFormat;
import dev.crashkit.symbolicate.format.ObjectKind;

/**
 * Identity of one slice of a debug file, as found by a scan.
 *
 * @param debugInfo true for files made to carry debug info: dSYM companions, and ELF files with DWARF
 */
public record SliceId(DebugId id, Arch arch, boolean debugInfo, Container container) {

    /** The format the slice is in: an object file, or a Breakpad symbol file ({@code .sym}, text). */
    public enum Container { MACHO, ELF, BREAKPAD }

    /**
     * The identity of an object file that has one. Debug info: a Mach-O dSYM companion (binaries
     * never carry DWARF themselves), an ELF file with DWARF (debug files and unstripped binaries alike).
     */
    public static SliceId of(ObjectFile object) {
        boolean elf = object.format() == ObjectFormat.ELF;
        return new SliceId(object.id().orElseThrow(), object.arch(),
                elf ? object.hasDwarf() : object.kind() == ObjectKind.DEBUG_COMPANION,
                elf ? Container.ELF : Container.MACHO);
    }
}
