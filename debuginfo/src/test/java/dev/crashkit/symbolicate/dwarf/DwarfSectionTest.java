package dev.crashkit.symbolicate.dwarf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Container spellings of section names (ELF, old compressed ELF, Mach-O with its 16-byte limit). */
class DwarfSectionTest {
    @ParameterizedTest
    @CsvSource({
        ".debug_info, DEBUG_INFO",
        ".zdebug_line, DEBUG_LINE",
        "__debug_abbrev, DEBUG_ABBREV",
        "__debug_str_offs, DEBUG_STR_OFFSETS",
        "__debug_line_str, DEBUG_LINE_STR",
        "__debug_rnglists, DEBUG_RNGLISTS",
        "__debug_loclists, DEBUG_LOCLISTS",
        ".debug_str_offsets, DEBUG_STR_OFFSETS",
        ".debug_str, DEBUG_STR",
        "__debug_str, DEBUG_STR"})
    void mapsContainerNames(String name, DwarfSection expected) {
        assertEquals(Optional.of(expected), DwarfSection.fromContainerName(name));
    }

    @ParameterizedTest
    @CsvSource({".debug_frame", "__apple_names", ".text", "__debug_s", ".debug_info.dwo"})
    void ignoresOthers(String name) {
        assertEquals(Optional.empty(), DwarfSection.fromContainerName(name));
    }
}
