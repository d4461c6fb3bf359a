package dev.crashkit.symbolicate.dwarf;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * The simplest {@link DwarfSections}: a map filled by a container reader.
 *
 * @param sections section contents by name (copied)
 * @param order byte order of the image
 * @param addressSize size of an address in bytes
 */
public record MapDwarfSections(Map<DwarfSection, ByteBuffer> sections, ByteOrder order, int addressSize)
        implements DwarfSections {
    public MapDwarfSections {
        sections = sections.isEmpty() ? Map.of() : Map.copyOf(new EnumMap<>(sections));
    }

    @Override
    public Optional<ByteBuffer> section(DwarfSection which) {
        return Optional.ofNullable(sections.get(which));
    }
}
