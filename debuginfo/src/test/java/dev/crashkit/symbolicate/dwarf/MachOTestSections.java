package dev.crashkit.symbolicate.dwarf;

import dev.crashkit.symbolicate.format.macho.MachOFile;
import dev.crashkit.symbolicate.format.macho.MachOImage;
import java.io.IOException;
import java.nio.file.Path;

/** Test-only bridge: the __DWARF sections of one slice of a dSYM companion file as DwarfSections. */
final class MachOTestSections {
    private MachOTestSections() {
    }

    static final int CPU_ARM64 = 0x0100000c;
    static final int CPU_X86_64 = 0x01000007;

    static DwarfSections read(Path file, int cputype) throws IOException {
        MachOFile macho = MachOFile.open(file);
        for (MachOImage image : macho.slices()) {
            if (image.cpuType() != cputype) {
                continue;
            }
            return DwarfSections.of(image);
        }
        throw new IOException(file + ": no slice for CPU type 0x" + Integer.toHexString(cputype));
    }
}
