package dev.crashkit.symbolicate.format.elf;

/**
 * One symbol of .symtab or .dynsym.
 *
 * @param name the raw (mangled) name
 * @param value st_value: the link-time address for defined symbols of executables and libraries
 * @param size st_size (0 when unknown)
 * @param type STT_* (2 = STT_FUNC, 1 = STT_OBJECT, 10 = STT_GNU_IFUNC)
 * @param binding STB_* (0 = local, 1 = global, 2 = weak)
 * @param sectionIndex st_shndx (0 = undefined)
 * @param dynamic true when it comes from .dynsym
 */
public record ElfSymbol(String name, long value, long size, int type, int binding, int sectionIndex, boolean dynamic) {
    public static final int STT_FUNC = 2;
    public static final int STT_GNU_IFUNC = 10;

    /** Defined (has a section) and names code. */
    public boolean isDefinedFunction() {
        return sectionIndex != 0 && (type == STT_FUNC || type == STT_GNU_IFUNC);
    }
}
