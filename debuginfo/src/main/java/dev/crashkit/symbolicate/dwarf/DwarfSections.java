package dev.crashkit.symbolicate.dwarf;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.format.ObjectFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * The DWARF sections of one image, whatever container holds them (dSYM Mach-O, ELF, ...).
 * Buffers are the section contents already decompressed, positioned at 0; the reader never
 * changes their position or limit (it works on duplicates).
 */
public interface DwarfSections {

    /**
     * The DWARF sections of an object file that the reader uses ({@link DwarfSection#read}), read now (so
     * that a section that cannot be read or decompressed fails here, before the file is chosen to answer).
     */
    static DwarfSections of(ObjectFile file) throws ObjectFormatException {
        Map<DwarfSection, ByteBuffer> map = new EnumMap<>(DwarfSection.class);
        for (DwarfSection s : DwarfSection.values()) {
            if (!s.read()) {
                continue;
            }
            Optional<ByteBuffer> data = file.dwarfSection(s.normalName());
            if (data.isPresent()) {
                map.put(s, data.get());
            }
        }
        return new MapDwarfSections(map, file.byteOrder(), file.addressSize());
    }

    /** The contents of a section, empty when the image does not have it. */
    Optional<ByteBuffer> section(DwarfSection which);

    /** Byte order of the image. */
    ByteOrder order();

    /** Size of a target address in bytes (4 or 8). The reader trusts each unit header's own size. */
    int addressSize();
}
