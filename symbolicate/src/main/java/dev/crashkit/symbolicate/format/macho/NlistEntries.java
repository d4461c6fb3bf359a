package dev.crashkit.symbolicate.format.macho;

/**
 * The raw entries of LC_SYMTAB as parallel arrays (index = symbol number). Names are resolved
 * from the string table; an out-of-range string index gives an empty name.
 */
public record NlistEntries(String[] names, long[] values, byte[] types, int[] sections, short[] descs) {
    public static final int N_STAB = 0xe0;
    public static final int N_TYPE = 0x0e;
    public static final int N_SECT = 0x0e;
    public static final int N_EXT = 0x01;
    /** Stab for a function: a pair, the first with the start address, the second with the size. */
    public static final int N_FUN = 0x24;

    public int size() {
        return values.length;
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
}
