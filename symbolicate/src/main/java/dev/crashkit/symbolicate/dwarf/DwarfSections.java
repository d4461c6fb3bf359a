package dev.crashkit.symbolicate.dwarf;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Optional;

/**
 * The DWARF sections of one image, whatever container holds them (dSYM Mach-O, ELF, ...).
 * Buffers are the section contents already decompressed, positioned at 0; the reader never
 * changes their position or limit (it works on duplicates).
 */
public interface DwarfSections {
    /** The contents of a section, empty when the image does not have it. */
    Optional<ByteBuffer> section(DwarfSection which);

    /** Byte order of the image. */
    ByteOrder order();

    /** Size of a target address in bytes (4 or 8); units carry their own, this is the fallback. */
    int addressSize();
}
