package dev.crashkit.symbolicate.format.macho;

import java.nio.charset.StandardCharsets;

/**
 * The raw entries of LC_SYMTAB as parallel arrays (index = symbol number). Names stay as bytes:
 * {@code strings} is the whole string table and {@code nameOffsets[i]} where entry i's
 * NUL-terminated name starts in it, or -1 when the entry has no name (string index 0 or out of
 * range, which reads as an empty name). Decoding a million names up front would dominate the
 * cost of indexing a large image, so callers filter on the bytes and decode only what they keep.
 */
public record NlistEntries(byte[] strings, int[] nameOffsets, long[] values, byte[] types, int[] sections,
                           short[] descs) {
    public static final int N_STAB = 0xe0;
    public static final int N_TYPE = 0x0e;
    public static final int N_SECT = 0x0e;
    public static final int N_EXT = 0x01;
    /** Stab for a function: a pair, the first with the start address, the second with the size. */
    public static final int N_FUN = 0x24;

    /** No entries (an image without LC_SYMTAB). */
    public static NlistEntries empty() {
        return new NlistEntries(new byte[0], new int[0], new long[0], new byte[0], new int[0], new short[0]);
    }

    public int size() {
        return values.length;
    }

    /** Entry i's name decoded as UTF-8 ({@code ""} when it has none). */
    public String name(int i) {
        return decode(strings, nameOffsets[i]);
    }

    /** True when entry i's name is empty, without decoding it. */
    public boolean nameIsEmpty(int i) {
        int at = nameOffsets[i];
        return at < 0 || strings[at] == 0;
    }

    public boolean isStab(int i) {
        return (types[i] & N_STAB) != 0;
    }

    /** Defined in a section, not a debugging entry, not undefined/absolute/indirect. */
    public boolean isDefinedInSection(int i) {
        return !isStab(i) && (types[i] & N_TYPE) == N_SECT && sections[i] != 0;
    }

    public boolean isExternal(int i) {
        return (types[i] & N_EXT) != 0;
    }

    /** The NUL-terminated UTF-8 string at {@code at} in {@code table} (to the table's end if unterminated). */
    static String decode(byte[] table, int at) {
        if (at < 0 || at >= table.length) {
            return "";
        }
        int end = at;
        while (end < table.length && table[end] != 0) {
            end++;
        }
        return new String(table, at, end - at, StandardCharsets.UTF_8);
    }
}
