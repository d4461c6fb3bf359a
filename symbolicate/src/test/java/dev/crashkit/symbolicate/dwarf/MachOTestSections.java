package dev.crashkit.symbolicate.dwarf;

import dev.crashkit.symbolicate.format.macho.MachOFile;
import dev.crashkit.symbolicate.format.macho.MachOImage;
import dev.crashkit.symbolicate.format.macho.Section;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

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
            Map<DwarfSection, ByteBuffer> sections = new EnumMap<>(DwarfSection.class);
            for (Section s : image.sections()) {
                if (s.segment().equals("__DWARF")) {
                    var which = DwarfSection.fromContainerName(s.name());
                    if (which.isPresent()) {
                        sections.put(which.get(), image.sectionBytes(s).orElseThrow());
                    }
                }
            }
            // Every Mach-O target with dSYMs (arm64, arm64e, x86_64) is little-endian.
            return new MapDwarfSections(sections, ByteOrder.LITTLE_ENDIAN, image.is64() ? 8 : 4);
        }
        throw new IOException(file + ": no slice for CPU type 0x" + Integer.toHexString(cputype));
    }
}
