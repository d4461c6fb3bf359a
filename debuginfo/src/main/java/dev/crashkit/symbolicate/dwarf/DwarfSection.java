package dev.crashkit.symbolicate.dwarf;

import java.util.Locale;
import java.util.Optional;

/**
 * The DWARF sections the reader understands, by their container-independent names. Containers
 * spell them differently ({@code .debug_info} in ELF, {@code __debug_info} in a dSYM's
 * {@code __DWARF} segment, where names are cut to 16 bytes, {@code .zdebug_info} for old
 * compressed ELF sections); {@link #fromContainerName} maps all of those spellings here.
 */
public enum DwarfSection {
    DEBUG_INFO("debug_info"),
    DEBUG_ABBREV("debug_abbrev"),
    DEBUG_LINE("debug_line"),
    DEBUG_STR("debug_str"),
    DEBUG_LINE_STR("debug_line_str"),
    DEBUG_STR_OFFSETS("debug_str_offsets"),
    DEBUG_ADDR("debug_addr"),
    DEBUG_RANGES("debug_ranges"),
    DEBUG_RNGLISTS("debug_rnglists"),
    DEBUG_ARANGES("debug_aranges"),
    DEBUG_LOCLISTS("debug_loclists");

    private final String normalName;

    DwarfSection(String normalName) {
        this.normalName = normalName;
    }

    /**
     * True for the sections the reader and the flattener use. Location lists (variables' locations) are
     * only named: no lookup reads them, and reading one means inflating it when it is compressed (51 MB
     * for HotSpot's libjvm.so, 0.3 s of CPU).
     */
    public boolean read() {
        return this != DEBUG_LOCLISTS;
    }

    /** The name without container prefix, e.g. {@code debug_info}. */
    public String normalName() {
        return normalName;
    }

    /**
     * Maps a container's section name ({@code .debug_info}, {@code .zdebug_info},
     * {@code __debug_info}, the truncated Mach-O {@code __debug_str_offs}) to a section.
     */
    public static Optional<DwarfSection> fromContainerName(String containerName) {
        String n = containerName.toLowerCase(Locale.ROOT);
        if (n.startsWith(".zdebug_")) {
            n = n.substring(2);
        } else if (n.startsWith("__")) {
            n = n.substring(2);
        } else if (n.startsWith(".")) {
            n = n.substring(1);
        }
        for (DwarfSection s : values()) {
            if (s.normalName.equals(n)) {
                return Optional.of(s);
            }
        }
        // Mach-O section names are at most 16 bytes: "__debug_str_offs" is debug_str_offsets.
        if (containerName.length() == 16 && containerName.startsWith("__")) {
            for (DwarfSection s : values()) {
                if (s.normalName.startsWith(n)) {
                    return Optional.of(s);
                }
            }
        }
        return Optional.empty();
    }
}
