package dev.crashkit.symbolicate.dwarf;

import dev.crashkit.symbolicate.format.kaitai.MachO;
import dev.crashkit.symbolicate.format.kaitai.MachOFat;
import io.kaitai.struct.ByteBufferKaitaiStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Test-only extraction of the __DWARF sections of a (possibly fat) dSYM companion file through the
 * generated Kaitai Mach-O classes; the real container wrapper lives in format.macho.
 */
final class MachOTestSections {
    private MachOTestSections() {
    }

    static final long CPU_ARM64 = 0x0100000cL;
    static final long CPU_X86_64 = 0x01000007L;

    static DwarfSections read(Path file, long cputype) throws IOException {
        ByteBuffer all = ByteBuffer.wrap(Files.readAllBytes(file));
        ByteBuffer slice = all;
        if (all.getInt(0) == 0xcafebabe) {
            MachOFat fat = new MachOFat(new ByteBufferKaitaiStream(all.duplicate()));
            slice = null;
            for (MachOFat.FatArch a : fat.archs32()) {
                if (a.cputype() == cputype) {
                    slice = all.slice((int) a.offset(), (int) a.size());
                }
            }
            if (slice == null) {
                throw new IOException(file + ": no slice for CPU type 0x" + Long.toHexString(cputype));
            }
        }
        MachO m = new MachO(new ByteBufferKaitaiStream(slice.duplicate()));
        ByteOrder order = m.magic()[0] == (byte) 0xcf || m.magic()[0] == (byte) 0xce ? ByteOrder.LITTLE_ENDIAN
                : ByteOrder.BIG_ENDIAN;
        Map<DwarfSection, ByteBuffer> sections = new EnumMap<>(DwarfSection.class);
        for (MachO.LoadCommand lc : m.loadCommands().commands()) {
            if (lc.body() instanceof MachO.SegmentCommand seg && seg.segname().equals("__DWARF")) {
                List<MachO.Section> list = seg.sections();
                for (MachO.Section s : list) {
                    ByteBuffer data = slice.slice((int) s.offset(), (int) (long) s.size());
                    DwarfSection.fromContainerName(s.sectname()).ifPresent(w -> sections.put(w, data));
                }
            }
        }
        return new MapDwarfSections(sections, order, m.is64() ? 8 : 4);
    }
}
